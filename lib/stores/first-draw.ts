import { effect, type ReadonlySignal } from '@preact/signals';

/**
 * How long a page holds its loading view back. The popup's first view is usually known within a few
 * tens of milliseconds (from the extension's stores, or the background's answer): a skeleton drawn
 * for that moment is laid out and painted once for nothing, on the main thread the first view is
 * waiting for (about 25 ms of a stopped worker's popup in a probe: docs/BENCHMARK.md). Past this, the
 * skeleton shows, as it always did.
 */
export const LOADING_VIEW_HOLD_MS = 150;

/**
 * Calls `draw` once: as soon as `known` is true, or after `holdMs` when it still is not (the page
 * then draws its loading view, and the first view replaces it when it comes). The draw runs in a
 * microtask, outside the effect that saw `known`, so what it reads subscribes nothing here.
 */
export function drawWhenKnown(
  known: ReadonlySignal<boolean>,
  draw: () => void,
  holdMs: number = LOADING_VIEW_HOLD_MS,
): void {
  let drawn = false;
  let stopWatching: (() => void) | undefined;
  const drawOnce = () => {
    if (drawn) return;
    drawn = true;
    clearTimeout(timer);
    stopWatching?.();
    draw();
  };
  const timer = setTimeout(drawOnce, holdMs);
  stopWatching = effect(() => {
    if (known.value) queueMicrotask(drawOnce);
  });
}

/**
 * Resolves once the frame showing what was just rendered has been painted (at most 100 ms, in case
 * the page is hidden and paints nothing); at once where nothing paints at all (unit tests).
 */
export function afterNextPaint(): Promise<void> {
  const frame = globalThis.requestAnimationFrame;
  if (!frame) return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    frame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
