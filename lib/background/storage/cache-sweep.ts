/** The alarm that wakes the background when a cache's oldest answer expires. */
export const CACHE_SWEEP_ALARM = 'hogmark-cache-sweep';

/** The part of `browser.alarms` the sweep uses (structural, so tests pass a recording fake). */
export interface SweepAlarms {
  create(name: string, info: { when: number }): unknown;
}

/** Drops a cache's expired answers and says when its next one expires (null: nothing kept). */
export type Sweep = () => Promise<number | null>;

/**
 * What PostHog said of people (who a recording is, who an ask found, their recordings) is kept in
 * `storage.session` only while it is fresh: each cache drops an expired answer when it reads it, and
 * this sweeps them all out on the worker's start and at the moment the oldest expires (an alarm,
 * which wakes a stopped worker), so none stays there after its time.
 */
export function createCacheSweep(deps: {
  alarms: SweepAlarms;
  /** Each cache's sweep (read when it runs: the rooms are composed after this). */
  sweeps: () => readonly Sweep[];
  onError?: (error: unknown) => void;
}) {
  // The alarm set in this run, if any: a later expiry never moves an earlier one.
  let scheduled: number | null = null;

  function expiresAt(when: number): void {
    if (scheduled !== null && scheduled <= when) return;
    scheduled = when;
    void deps.alarms.create(CACHE_SWEEP_ALARM, { when });
  }

  async function sweepAll(): Promise<void> {
    const next = await Promise.all(
      deps.sweeps().map((sweep) =>
        sweep().catch((error: unknown) => {
          deps.onError?.(error);
          return null;
        }),
      ),
    );
    const times = next.filter((when): when is number => when !== null);
    if (times.length > 0) expiresAt(Math.min(...times));
  }

  return {
    /** A cache kept an answer that expires `when`. */
    expiresAt,
    /** On every start of the worker. */
    start: sweepAll,
    /** `alarms.onAlarm`. */
    onAlarm(alarm: { name: string }): Promise<void> | undefined {
      if (alarm.name !== CACHE_SWEEP_ALARM) return undefined;
      scheduled = null;
      return sweepAll();
    },
  };
}
export type CacheSweep = ReturnType<typeof createCacheSweep>;
