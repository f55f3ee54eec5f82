import { median, percentile, round } from './bench-session';

/**
 * How many rounds a timed figure gets. Rounds come in batches; after each batch, once `minRounds`
 * were taken, the run stops when the medians of the last two batches agree within `tolerance` for
 * every watched figure, or when `maxRounds` is reached (then the figure is reported as not converged).
 */
export interface RoundsPlan {
  batch: number;
  /** Never fewer rounds than this (the budgets are medians over at least 30). */
  minRounds: number;
  maxRounds: number;
  /** The largest of the two batch medians may be at most this much above the smaller (0.1: 10 %). */
  tolerance: number;
}

/** A timed figure: the median of its rounds, with their spread and whether the batches agreed. */
export interface TimedFigure {
  median: number;
  rounds: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  /** (p75 − p25) ÷ median. */
  relativeSpread: number;
  /** The median of each batch, in order. */
  batchMedians: number[];
  /** Whether the last two batch medians agree within the plan's tolerance. */
  converged: boolean;
  samples: number[];
}

/** The rounds taken, every figure's samples, and whether the watched figures converged. */
export interface RoundsOutcome<K extends string> {
  rounds: number;
  /** True when the run stopped because the watched figures agreed, not at the cap. */
  converged: boolean;
  figures: Record<K, TimedFigure>;
}

const agree = (a: number, b: number, tolerance: number) =>
  Math.max(a, b) <= Math.min(a, b) * (1 + tolerance) || Math.max(a, b) === 0;

function timedFigure(samples: readonly number[], batch: number, tolerance: number): TimedFigure {
  const batchMedians: number[] = [];
  for (let start = 0; start < samples.length; start += batch) {
    batchMedians.push(round(median(samples.slice(start, start + batch))));
  }
  const [previous, last] = batchMedians.slice(-2);
  const middle = median(samples);
  const p25 = percentile(samples, 25);
  const p75 = percentile(samples, 75);
  return {
    median: round(middle),
    rounds: samples.length,
    p25: round(p25),
    p75: round(p75),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
    relativeSpread: middle > 0 ? round((p75 - p25) / middle, 2) : 0,
    batchMedians,
    converged: previous !== undefined && last !== undefined && agree(previous, last, tolerance),
    samples: samples.map((sample) => round(sample)),
  };
}

/**
 * Runs `runRound` in batches until the watched figures converge (see RoundsPlan). Each round returns
 * one sample per figure; every round must return the same figures.
 */
export async function roundsUntilStable<K extends string>(
  plan: RoundsPlan,
  watched: readonly NoInfer<K>[],
  runRound: (index: number) => Promise<Record<K, number>>,
): Promise<RoundsOutcome<K>> {
  const samples = new Map<K, number[]>();
  let rounds = 0;
  let converged = false;
  while (rounds < plan.maxRounds && !converged) {
    const batchEnd = Math.min(plan.maxRounds, rounds + plan.batch);
    for (; rounds < batchEnd; rounds++) {
      for (const [name, value] of Object.entries(await runRound(rounds)) as [K, number][]) {
        samples.set(name, [...(samples.get(name) ?? []), value]);
      }
    }
    converged =
      rounds >= plan.minRounds &&
      watched.every((name) => timedFigure(samples.get(name) ?? [], plan.batch, plan.tolerance).converged);
  }
  const figures = Object.fromEntries(
    [...samples].map(([name, values]) => [name, timedFigure(values, plan.batch, plan.tolerance)]),
  ) as Record<K, TimedFigure>;
  return { rounds, converged, figures };
}

/** `a ÷ b` of two figures' medians, to two decimals. */
export const ratioOf = (a: TimedFigure, b: TimedFigure) => round(a.median / b.median, 2);

/** The rounds of each measurement: the full plans, or `--quick` ones that only check the bench runs. */
export function benchPlans(quick: boolean) {
  const tolerance = 0.1;
  return quick
    ? {
        quick,
        warm: { batch: 2, minRounds: 2, maxRounds: 4, tolerance },
        warmUp: 1,
        cold: { batch: 1, minRounds: 2, maxRounds: 2, tolerance },
        large: { batch: 1, minRounds: 2, maxRounds: 2, tolerance },
        matching: { batch: 2, minRounds: 2, maxRounds: 4, tolerance },
      }
    : {
        quick,
        // The popup's and the worker's budgets are medians over at least 30 rounds, floors alike.
        warm: { batch: 6, minRounds: 30, maxRounds: 42, tolerance },
        warmUp: 2,
        cold: { batch: 3, minRounds: 30, maxRounds: 30, tolerance },
        large: { batch: 3, minRounds: 6, maxRounds: 12, tolerance },
        matching: { batch: 5, minRounds: 10, maxRounds: 30, tolerance },
      };
}
