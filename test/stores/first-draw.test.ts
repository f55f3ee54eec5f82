import { signal } from '@preact/signals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, drawWhenKnown, LOADING_VIEW_HOLD_MS } from '../../lib/stores/first-draw';

describe('drawWhenKnown: a loading view held back while the first view is on its way', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws once, as soon as the first view is known within the hold, and not again at its end', async () => {
    const known = signal(false);
    const draw = vi.fn();
    drawWhenKnown(known, draw);
    await vi.advanceTimersByTimeAsync(40);
    expect(draw).not.toHaveBeenCalled();
    known.value = true;
    await vi.advanceTimersByTimeAsync(0);
    expect(draw).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LOADING_VIEW_HOLD_MS * 2);
    known.value = false;
    known.value = true;
    await vi.advanceTimersByTimeAsync(0);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws the loading view at the end of the hold, and not again when the first view comes', async () => {
    const known = signal(false);
    const draw = vi.fn();
    drawWhenKnown(known, draw, 100);
    await vi.advanceTimersByTimeAsync(99);
    expect(draw).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(draw).toHaveBeenCalledTimes(1);
    known.value = true;
    await vi.advanceTimersByTimeAsync(LOADING_VIEW_HOLD_MS);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws in the same task when the first view is known already, with no timer left behind', async () => {
    const known = signal(true);
    const draw = vi.fn();
    drawWhenKnown(known, draw);
    expect(draw).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(draw).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves what the draw reads unwatched: a signal read while drawing does not draw again', async () => {
    const known = signal(false);
    const other = signal(0);
    const draw = vi.fn(() => other.value);
    drawWhenKnown(known, draw);
    known.value = true;
    await vi.advanceTimersByTimeAsync(0);
    other.value = 1;
    known.value = false;
    known.value = true;
    await vi.advanceTimersByTimeAsync(LOADING_VIEW_HOLD_MS);
    expect(draw).toHaveBeenCalledTimes(1);
  });
});

describe('afterNextPaint: after the frame that shows what was just rendered', () => {
  const frames: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames.length = 0;
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves in the task after the frame, not in the frame itself nor before it', async () => {
    const done = vi.fn();
    void afterNextPaint().then(done);
    await vi.advanceTimersByTimeAsync(50);
    expect(done).not.toHaveBeenCalled();
    for (const run of frames.splice(0)) run();
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('resolves after 100 ms in a page that paints nothing (a hidden one)', async () => {
    const done = vi.fn();
    void afterNextPaint().then(done);
    await vi.advanceTimersByTimeAsync(99);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('resolves at once where nothing paints at all', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const done = vi.fn();
    void afterNextPaint().then(done);
    await Promise.resolve();
    expect(done).toHaveBeenCalledTimes(1);
  });
});
