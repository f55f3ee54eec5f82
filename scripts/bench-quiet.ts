import { readFileSync } from 'node:fs';

/**
 * A browser just launched is still starting up: on this machine both cores stayed 80–100 % busy for
 * about 0.7 s after Playwright's launch returned, and 50–77 % busy just after the options page had
 * saved the key and the recording's tab had opened (probes, 2026-12-03). A user saves a key in a
 * browser that is long past its own start-up, so each fresh profile of the cold rounds waits for the
 * machine to go quiet after its launch, before anything of the moment is done.
 */

/** The machine's CPU time so far (Linux's `/proc/stat`, all cores): idle, and in all. */
export interface CpuTimes {
  idle: number;
  total: number;
}

/** The first line of `/proc/stat` ("cpu  user nice system idle iowait irq softirq …"), or null. */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const [label, ...fields] = (stat.split('\n')[0] ?? '').trim().split(/\s+/);
  const values = fields.map(Number);
  if (label !== 'cpu' || values.length < 5 || values.some((value) => !Number.isFinite(value))) return null;
  return { idle: (values[3] ?? 0) + (values[4] ?? 0), total: values.reduce((sum, value) => sum + value, 0) };
}

/** The share of the time between two readings that the cores were busy (0 when no time passed). */
export function busyShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

export interface QuietPlan {
  /** Quiet: at most this share busy (0.15: 15 %) in a window. */
  threshold: number;
  /** How long a window is (ms). */
  windowMs: number;
  /** How many windows in a row must be quiet. */
  windows: number;
  /** Give up after this long (ms): the wait is then reported as not quiet. */
  capMs: number;
}

export const QUIET_PLAN: QuietPlan = { threshold: 0.15, windowMs: 100, windows: 2, capMs: 5000 };

/** How long the wait took, and whether the machine went quiet (false: it gave up at the cap). */
export interface QuietWait {
  waitedMs: number;
  quiet: boolean;
}

interface QuietDeps {
  read: () => CpuTimes | null;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

const realDeps: QuietDeps = {
  read: () => {
    try {
      return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
    } catch {
      return null;
    }
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => performance.now(),
};

/**
 * Waits until the machine's cores have been quiet for `plan.windows` windows in a row, or the cap.
 * Null where the machine's CPU time cannot be read (no `/proc/stat`): nothing was waited for.
 */
export async function untilQuiet(
  plan: QuietPlan = QUIET_PLAN,
  deps: QuietDeps = realDeps,
): Promise<QuietWait | null> {
  const start = deps.now();
  let before = deps.read();
  if (!before) return null;
  let quietWindows = 0;
  while (deps.now() - start < plan.capMs) {
    await deps.sleep(plan.windowMs);
    const after = deps.read();
    if (!after) return null;
    quietWindows = busyShare(before, after) <= plan.threshold ? quietWindows + 1 : 0;
    before = after;
    if (quietWindows >= plan.windows) return { waitedMs: deps.now() - start, quiet: true };
  }
  return { waitedMs: deps.now() - start, quiet: false };
}
