import { describe, expect, it } from 'vitest';
import { againstFloor, type BenchResult, checkBudgets, FLOOR_BUDGETS } from '../../scripts/bench-report';
import { roundsUntilStable, type TimedFigure } from '../../scripts/bench-rounds';

/** A timed figure with this median (the rest as the report reads it). */
const figure = (median: number): TimedFigure => ({
  median,
  rounds: 30,
  p25: median,
  p75: median,
  min: median,
  max: median,
  relativeSpread: 0,
  batchMedians: [median],
  converged: true,
  samples: [median],
});

/** What checkBudgets reads: every moment at its floor times `ratios`, the rest within budget. */
function result(ratios: Partial<Record<keyof typeof FLOOR_BUDGETS, number>> = {}) {
  const floor = figure(100);
  const moment = (name: keyof typeof FLOOR_BUDGETS) => figure(100 * (ratios[name] ?? 1));
  return {
    popup: {
      askPage: floor,
      popupReadyWarm: moment('warm'),
      storedPageAfterStop: floor,
      popupReadyAfterStop: moment('afterStop'),
      fetchPageCold: floor,
      popupReadyCold: moment('cold'),
      requestsBeforeFirstPaintWarm: 0,
    },
    worker: {
      minimalShortcutAfterStop: floor,
      shortcutAfterStop: moment('shortcutAfterStop'),
      minimalInPageAfterStop: floor,
      inPageAfterStop: moment('inPageAfterStop'),
    },
    large: { filterToFrameP95At10k: { playlists: figure(20), dashboards: figure(20) } },
    requestsPerAction: { add: 1, undo: 1, pin: 1, copyShareLink: 0 },
    bundleGzipBytes: { popup: 1, background: 1, content: 1 },
  } as unknown as Omit<BenchResult, 'budgets' | 'environment' | 'details'>;
}

const verdicts = (checks: ReturnType<typeof checkBudgets>) =>
  Object.fromEntries(
    checks.filter((check) => check.budget.endsWith('×')).map((check) => [check.figure, check.pass]),
  );

describe('each moment against its own floor', () => {
  it('budgets the five moments as ratios to their floors: 1.10, 1.20, 1.30, 1.30, 1.30', () => {
    expect(FLOOR_BUDGETS).toEqual({
      warm: 1.1,
      afterStop: 1.2,
      cold: 1.3,
      shortcutAfterStop: 1.3,
      inPageAfterStop: 1.3,
    });
    const checks = checkBudgets(result()).filter((check) => check.budget.endsWith('×'));
    expect(checks.map((check) => check.budget)).toEqual([
      '≤ 1.10×',
      '≤ 1.20×',
      '≤ 1.30×',
      '≤ 1.30×',
      '≤ 1.30×',
    ]);
    expect(checks.every((check) => check.pass)).toBe(true);
  });

  it.each(Object.entries(FLOOR_BUDGETS) as [keyof typeof FLOOR_BUDGETS, number][])(
    '%s: met at its budget, missed just above it, and divided by its own floor',
    (name, limit) => {
      const met = verdicts(checkBudgets(result({ [name]: limit })));
      const missed = verdicts(checkBudgets(result({ [name]: limit + 0.02 })));
      const changed = Object.keys(met).filter((key) => met[key] !== missed[key]);
      expect(changed).toHaveLength(1);
      expect(Object.values(met).every(Boolean)).toBe(true);
    },
  );

  it('checks the ratio itself, not its rounding: 1.3035× misses 1.30× and says so with a third decimal', () => {
    const over = againstFloor('cold', figure(394.3), figure(302.5), 1.3);
    expect(over.pass).toBe(false);
    expect(over.value).toBe('1.303× (394.3 ms vs 302.5 ms)');
    const at = againstFloor('cold', figure(393.25), figure(302.5), 1.3);
    expect(at.pass).toBe(true);
    expect(at.value).toBe('1.3× (393.25 ms vs 302.5 ms)');
    const under = againstFloor('cold', figure(390), figure(302.5), 1.3);
    expect(under).toMatchObject({ pass: true, value: '1.29× (390 ms vs 302.5 ms)' });
  });

  it('reads each ratio from the keys the issue names', () => {
    const check = checkBudgets(result({ shortcutAfterStop: 1.5 })).find((entry) => !entry.pass);
    expect(check?.figure).toContain('`worker.shortcutAfterStop` ÷ `worker.minimalShortcutAfterStop`');
    expect(check?.value).toBe('1.5× (150 ms vs 100 ms)');
  });
});

describe('rounds', () => {
  it('takes at least the plan’s least number of rounds, however soon the batches agree', async () => {
    let taken = 0;
    const outcome = await roundsUntilStable(
      { batch: 6, minRounds: 30, maxRounds: 42, tolerance: 0.1 },
      ['a'],
      async () => {
        taken++;
        return { a: 100 };
      },
    );
    expect(taken).toBe(30);
    expect(outcome).toMatchObject({ rounds: 30, converged: true });
  });

  it('stops at the cap when the batches never agree', async () => {
    let value = 1;
    const outcome = await roundsUntilStable(
      { batch: 2, minRounds: 4, maxRounds: 8, tolerance: 0.1 },
      ['a'],
      async () => {
        value *= 2;
        return { a: value };
      },
    );
    expect(outcome).toMatchObject({ rounds: 8, converged: false });
  });
});
