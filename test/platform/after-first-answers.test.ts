import { describe, expect, it, vi } from 'vitest';
import { afterFirstAnswers } from '../../lib/platform/after-first-answers';

/** A timer the test fires by hand. */
function manualTimer() {
  const pending: (() => void)[] = [];
  return {
    setTimer: (run: () => void) => void pending.push(run),
    fire: () => {
      for (const run of pending.splice(0)) run();
    },
  };
}

describe('a start’s own work, after the answers on their way', () => {
  it('waits while the answer to the event that woke the worker is on its way', async () => {
    const work = vi.fn();
    const timer = manualTimer();
    const gate = afterFirstAnswers(work, { fallbackMs: 1000, setTimer: timer.setTimer });
    gate.arm();
    let answer: (value: string) => void = () => {};
    const answered = gate.after(new Promise<string>((resolve) => (answer = resolve)));
    await Promise.resolve();
    expect(work).not.toHaveBeenCalled();
    answer('added');
    await expect(answered).resolves.toBe('added');
    await Promise.resolve();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for every answer on its way: a tab’s reply answered at once does not start it while the add waits', async () => {
    const work = vi.fn();
    const gate = afterFirstAnswers(work, { fallbackMs: 1000, setTimer: manualTimer().setTimer });
    let addDone: () => void = () => {};
    const add = gate.after(new Promise<void>((resolve) => (addDone = resolve)));
    await gate.after(Promise.resolve('reply taken'));
    await Promise.resolve();
    expect(work).not.toHaveBeenCalled();
    addDone();
    await add;
    await Promise.resolve();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs once the answer fails too, and hands the failure on unchanged', async () => {
    const work = vi.fn();
    const gate = afterFirstAnswers(work, { fallbackMs: 1000, setTimer: manualTimer().setTimer });
    const failure = new Error('PostHog is down');
    await expect(gate.after(Promise.reject(failure))).rejects.toBe(failure);
    await Promise.resolve();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback when no answering event comes (an alarm, a tab’s update)', () => {
    const work = vi.fn();
    const timer = manualTimer();
    afterFirstAnswers(work, { fallbackMs: 1000, setTimer: timer.setTimer }).arm();
    expect(work).not.toHaveBeenCalled();
    timer.fire();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs only once, whatever comes after', async () => {
    const work = vi.fn();
    const timer = manualTimer();
    const gate = afterFirstAnswers(work, { fallbackMs: 1000, setTimer: timer.setTimer });
    gate.arm();
    await gate.after(Promise.resolve(1));
    await gate.after(Promise.resolve(2));
    timer.fire();
    await Promise.resolve();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
