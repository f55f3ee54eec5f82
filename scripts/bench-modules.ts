/**
 * Where the background's start after a stop goes, per module group, on the worker's own clock. The
 * test build's background records when each module's body begins (scripts/module-marks-plugin.ts);
 * a module's time lasts until the next record (the last one's until the `evaluated` mark, where the
 * background's main function begins). Top-level function declarations cost nothing until called, so
 * a module's time is what its top level does: building objects, schemas, classes, tables.
 */
import { median, percentile, round } from './bench-session';

/** One record per module: its name (scripts/module-marks-plugin.ts) and when its body began (ms). */
export type ModuleRecord = readonly [name: string, at: number];

/** Before the first module: the script fetched, compiled, and the worker's global scope set up. */
export const BEFORE_MODULES = '(script loaded and compiled, before the first module)';

/** The group a module's time counts to: a package, a lib/ group, a room of the background. */
export function moduleGroup(name: string): string {
  const inPackage = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(name)?.[1];
  if (inPackage !== undefined) {
    if (inPackage.endsWith('webextension-polyfill')) return 'webextension-polyfill';
    if (inPackage === 'preact' || inPackage.startsWith('@preact/')) return 'preact';
    return inPackage;
  }
  if (name.startsWith('virtual:')) return 'wxt';
  // The background's composer (lib/background/index.ts) is a group of its own.
  if (/^lib\/background\/[^/]+$/.test(name)) return name;
  const room = /^lib\/background\/([^/]+)\//.exec(name)?.[1];
  if (room !== undefined) return `lib/background/${room}`;
  const group = /^(lib\/[^/]+)\//.exec(name)?.[1];
  return group ?? name;
}

/** Each module's time in ms (until the next record; the last one's until `evaluatedAt`). */
export function moduleTimes(records: readonly ModuleRecord[], evaluatedAt: number): Map<string, number> {
  const times = new Map<string, number>();
  records.forEach(([name, at], index) => {
    const end = records[index + 1]?.[1] ?? evaluatedAt;
    times.set(name, (times.get(name) ?? 0) + Math.max(0, end - at));
  });
  return times;
}

/** The time of each group (and before the first module), in ms. */
export function groupTimes(records: readonly ModuleRecord[], evaluatedAt: number): Record<string, number> {
  const groups: Record<string, number> = { [BEFORE_MODULES]: records[0]?.[1] ?? evaluatedAt };
  for (const [name, ms] of moduleTimes(records, evaluatedAt)) {
    const group = moduleGroup(name);
    groups[group] = (groups[group] ?? 0) + ms;
  }
  return groups;
}

/** A group's time over the rounds. */
export interface GroupFigure {
  group: string;
  /** How many modules of the build count to it. */
  modules: number;
  median: number;
  p25: number;
  p75: number;
  /** Each round's time, in the order of the rounds. */
  samples: number[];
}

/** Per group, the median and middle half over the rounds, the costliest first. */
export function groupFigures(
  rounds: readonly Record<string, number>[],
  names: readonly string[],
): GroupFigure[] {
  const groups = new Set(rounds.flatMap((sample) => Object.keys(sample)));
  const counts = new Map<string, number>();
  for (const name of new Set(names)) counts.set(moduleGroup(name), (counts.get(moduleGroup(name)) ?? 0) + 1);
  return [...groups]
    .map((group) => {
      const values = rounds.map((sample) => sample[group] ?? 0);
      return {
        group,
        modules: counts.get(group) ?? 0,
        median: round(median(values), 2),
        p25: round(percentile(values, 25), 2),
        p75: round(percentile(values, 75), 2),
        samples: values.map((value) => round(value, 2)),
      };
    })
    .sort((a, b) => b.median - a.median);
}

/** The costliest modules (median over the rounds), to say what to make lazy within a group. */
export function topModules(rounds: readonly Map<string, number>[], count = 15) {
  const names = new Set(rounds.flatMap((times) => [...times.keys()]));
  return [...names]
    .map((name) => ({ module: name, median: round(median(rounds.map((times) => times.get(name) ?? 0)), 2) }))
    .sort((a, b) => b.median - a.median)
    .slice(0, count);
}
