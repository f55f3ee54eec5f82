/**
 * Work a worker does on each start for itself (re-creating its menus, syncing a mirror, closing what
 * a stopped worker left) is not what woke it. Run on start, it shares the one thread with the event
 * that did, and a user waits for that event's answer (a shortcut's add, the popup's first data). So
 * it waits until the worker has no answer on its way (each message, shortcut or menu click it was
 * given has settled: a shortcut's add through a PostHog tab gets that tab's replies as messages of
 * their own, answered at once, while the add still waits), or `fallbackMs` after the start when no
 * such event comes (an alarm, a tab's update), whichever is first. It runs once.
 */
export interface AfterFirstAnswers {
  /** On the worker's start: the fallback timer begins. */
  arm(): void;
  /** Wraps an answer (a listener's promise), counted until it settles. Returns it unchanged. */
  after<T>(answer: Promise<T>): Promise<T>;
}

export function afterFirstAnswers(
  work: () => void,
  options: { fallbackMs: number; setTimer?: (run: () => void, ms: number) => unknown },
): AfterFirstAnswers {
  let done = false;
  let inFlight = 0;
  const runOnce = () => {
    if (done) return;
    done = true;
    work();
  };
  const settled = () => {
    inFlight -= 1;
    if (inFlight === 0) runOnce();
  };
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  return {
    arm: () => void setTimer(runOnce, options.fallbackMs),
    after(answer) {
      if (done) return answer;
      inFlight += 1;
      void answer.then(settled, settled);
      return answer;
    },
  };
}
