import { describe, expect, it } from 'vitest';
import {
  busyShare,
  type CpuTimes,
  parseCpuTimes,
  type QuietPlan,
  untilQuiet,
} from '../../scripts/bench-quiet';

/**
 * The cold rounds' wait for a just-launched browser to finish its own start-up (scripts/bench-quiet.ts):
 * the machine's CPU time read from `/proc/stat`, windows in a row under a threshold, a cap.
 */
const plan: QuietPlan = { threshold: 0.15, windowMs: 100, windows: 2, capMs: 1000 };

/** A machine whose cores were busy for these shares of successive windows (100 units of time each). */
function machine(busy: number[]) {
  let clock = 0;
  let times: CpuTimes = { idle: 0, total: 0 };
  let index = 0;
  return {
    read: () => times,
    now: () => clock,
    sleep: async (ms: number) => {
      clock += ms;
      const share = busy[Math.min(index, busy.length - 1)] ?? 0;
      index++;
      times = { idle: times.idle + 100 * (1 - share), total: times.total + 100 };
    },
  };
}

describe('parseCpuTimes', () => {
  it('reads idle (idle + iowait) and the total from the first line of /proc/stat', () => {
    const stat = 'cpu  4705 356 584 3699 23 0 12 0 0 0\ncpu0 2000 100 300 1800 10 0 6 0 0 0\n';
    expect(parseCpuTimes(stat)).toEqual({ idle: 3722, total: 4705 + 356 + 584 + 3699 + 23 + 12 });
  });

  it('is null for anything else', () => {
    expect(parseCpuTimes('')).toBeNull();
    expect(parseCpuTimes('intr 1 2 3 4 5 6')).toBeNull();
    expect(parseCpuTimes('cpu  1 2 x 4 5')).toBeNull();
  });
});

describe('busyShare', () => {
  it('is the busy share of the time between two readings', () => {
    expect(busyShare({ idle: 100, total: 200 }, { idle: 130, total: 300 })).toBeCloseTo(0.7);
    expect(busyShare({ idle: 100, total: 200 }, { idle: 100, total: 200 })).toBe(0);
  });
});

describe('untilQuiet', () => {
  it('waits through the busy windows until enough quiet ones in a row', async () => {
    const wait = await untilQuiet(plan, machine([0.9, 0.85, 0.1, 0.6, 0.05, 0.1, 0]));
    expect(wait).toEqual({ waitedMs: 600, quiet: true });
  });

  it('gives up at the cap and says the machine was not quiet', async () => {
    expect(await untilQuiet(plan, machine([0.5]))).toEqual({ waitedMs: 1000, quiet: false });
  });

  it('is null where the CPU time cannot be read, without waiting', async () => {
    let slept = 0;
    const wait = await untilQuiet(plan, {
      read: () => null,
      now: () => 0,
      sleep: async (ms) => {
        slept += ms;
      },
    });
    expect(wait).toBeNull();
    expect(slept).toBe(0);
  });
});
