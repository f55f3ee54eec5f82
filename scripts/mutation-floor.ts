/**
 * Run by `npm run mutate` after Stryker (stryker.config.mjs): Stryker's `thresholds.break` holds for
 * the total only, this holds it for each mutated file. Prints every file's score from Stryker's JSON
 * report and exits 1 when any file scores below the floor (docs/TESTING.md, "Mutation testing").
 *
 * `npx tsx scripts/mutation-floor.ts [report.json]`
 */
import { readFileSync } from 'node:fs';

export const FLOOR = 85;
const REPORT = 'reports/mutation/mutation.json';

/** The part of Stryker's mutation-testing-report-schema this reads. */
interface MutationReport {
  files: Record<string, { mutants: Array<{ status: string }> }>;
}

export interface FileScore {
  file: string;
  /** Killed or timed out. */
  detected: number;
  /** Survived or not covered by any test. */
  undetected: number;
  /** Killed / (killed + survived), in percent, as Stryker counts it; null when nothing was valid. */
  score: number | null;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Stryker's "mutation score": compile and runtime errors and ignored mutants count neither way. */
export function fileScores(report: MutationReport): FileScore[] {
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const detected = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
      const undetected = mutants.filter((mutant) => UNDETECTED.has(mutant.status)).length;
      const valid = detected + undetected;
      return { file, detected, undetected, score: valid === 0 ? null : (detected / valid) * 100 };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

export function belowFloor(scores: readonly FileScore[], floor = FLOOR): FileScore[] {
  return scores.filter((score) => score.score !== null && score.score < floor);
}

function main(path: string): number {
  const scores = fileScores(JSON.parse(readFileSync(path, 'utf8')) as MutationReport);
  for (const { file, detected, undetected, score } of scores) {
    const shown = score === null ? '   n/a' : `${score.toFixed(2).padStart(6)}%`;
    console.log(`${shown}  ${file}  (${detected} killed, ${undetected} survived)`);
  }
  const low = belowFloor(scores);
  if (low.length === 0) {
    console.log(`Every file scores at least ${FLOOR}%.`);
    return 0;
  }
  console.error(`Below ${FLOOR}%: ${low.map((score) => score.file).join(', ')}`);
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv[2] ?? REPORT);
