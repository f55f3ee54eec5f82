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

describe('which tests npm run mutate runs against a mutant', () => {
  it('chooses them in vitest, never with Stryker testFiles, under which a module-level mutant is switched on too late to be seen', async () => {
    const config: { default: { testFiles?: unknown; vitest?: { configFile?: string } } } = await import(
      new URL('../../stryker.config.mjs', import.meta.url).href
    );
    const stryker = config.default;
    expect(stryker).not.toHaveProperty('testFiles');
    expect(stryker.vitest?.configFile).toBe('vitest.mutate.config.ts');
  });

  it('runs each module its own unit and contract tests, never a browser suite', async () => {
    const { default: mutate } = await import('../../vitest.mutate.config');
    const projects = (mutate.test?.projects ?? []).map((project) =>
      typeof project === 'object' && 'test' in project
        ? { name: project.test?.name, include: project.test?.include }
        : {},
    );
    expect(projects.map((project) => project.name)).toEqual(['unit', 'contract']);
    expect(projects[0]?.include).toContain('test/api/session-routes.test.ts');
    expect(projects[1]?.include).toEqual([
      'test/contract/redirects.test.ts',
      'test/contract/client-errors.test.ts',
    ]);
    for (const include of projects.flatMap((project) => project.include ?? [])) {
      expect(include).not.toMatch(/^test\/e2e\//);
    }
  });
});
