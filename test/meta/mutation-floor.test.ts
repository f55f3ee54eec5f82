import { describe, expect, it } from 'vitest';
import { belowFloor, FLOOR, fileScores } from '../../scripts/mutation-floor';

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('the per-file floor npm run mutate holds after Stryker', () => {
  it('counts a file as Stryker does: killed and timed out against survived and uncovered', () => {
    const scores = fileScores({
      files: {
        'lib/b.ts': mutants('Killed', 'Timeout', 'Survived', 'NoCoverage', 'CompileError', 'Ignored'),
        'lib/a.ts': mutants('Ignored', 'RuntimeError'),
      },
    });
    expect(scores).toEqual([
      { file: 'lib/a.ts', detected: 0, undetected: 0, score: null },
      { file: 'lib/b.ts', detected: 2, undetected: 2, score: 50 },
    ]);
  });

  it('fails a file below the floor even when the total is above it', () => {
    const scores = fileScores({
      files: {
        'lib/big.ts': mutants(...Array<string>(95).fill('Killed'), 'Survived'),
        'lib/small.ts': mutants('Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Survived'),
      },
    });
    expect(FLOOR).toBe(85);
    expect(belowFloor(scores).map((score) => score.file)).toEqual(['lib/small.ts']);
    expect(
      belowFloor(
        fileScores({
          files: {
            'lib/x.ts': mutants(...Array<string>(17).fill('Killed'), 'Survived', 'Survived', 'Survived'),
          },
        }),
      ),
    ).toEqual([]);
  });
});
