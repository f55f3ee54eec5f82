import { describe, expect, it } from 'vitest';
import { BEFORE_MODULES, groupFigures, groupTimes, moduleGroup } from '../../scripts/bench-modules';
import { MODULE_MARKS_GLOBAL, moduleMarks, moduleName } from '../../scripts/module-marks-plugin';

describe('the bench’s module marks (test builds of the background)', () => {
  const plugin = moduleMarks('/repo');
  const transform = (code: string, id: string) => plugin.transform(code, id)?.code;

  it('begins each script module by recording its name and the time, after a leading `use strict`', () => {
    expect(transform('export const a = 1;', '/repo/lib/api/x.ts')).toBe(
      `(globalThis.${MODULE_MARKS_GLOBAL}??=[]).push(["lib/api/x.ts",performance.now()]);export const a = 1;`,
    );
    const strict = transform('"use strict";\nmodule.exports = 1;', '/deps/node_modules/p/index.js');
    expect(strict).toMatch(
      /^"use strict";\(globalThis\.\w+\?\?=\[\]\)\.push\(\["node_modules\/p\/index\.js"/,
    );
    expect(transform('a{}', '/repo/lib/style.css')).toBeUndefined();
  });

  it('names modules by package or repository path, and virtual ones as such', () => {
    expect(moduleName('/x/main/node_modules/zod/v4/core/core.js?v=1', '/repo')).toBe(
      'node_modules/zod/v4/core/core.js',
    );
    expect(moduleName('\0virtual:wxt-plugins', '/repo')).toBe('virtual:wxt-plugins');
    expect(moduleName('/repo/entrypoints/background.ts', '/repo')).toBe('entrypoints/background.ts');
  });

  it('groups modules by package, lib/ group and background room', () => {
    expect(
      [
        'node_modules/zod/v4/mini/schemas.js',
        'node_modules/@wxt-dev/webextension-polyfill/dist/browser.mjs',
        'node_modules/webextension-polyfill/dist/browser-polyfill.js',
        'node_modules/@preact/signals-core/dist/signals-core.mjs',
        'virtual:wxt-background-entrypoint',
        'lib/background/recordings/quick-add.ts',
        'lib/background/index.ts',
        'lib/messaging/messages.ts',
        'entrypoints/background.ts',
      ].map(moduleGroup),
    ).toEqual([
      'zod',
      'webextension-polyfill',
      'webextension-polyfill',
      'preact',
      'wxt',
      'lib/background/recordings',
      'lib/background/index.ts',
      'lib/messaging',
      'entrypoints/background.ts',
    ]);
  });

  it('gives each module the time until the next one begins (the last one’s until imports evaluated)', () => {
    const records = [
      ['node_modules/zod/a.js', 10],
      ['node_modules/zod/b.js', 12],
      ['lib/api/c.ts', 15],
      ['lib/api/d.ts', 15.5],
    ] as const;
    expect(groupTimes(records, 20)).toEqual({ [BEFORE_MODULES]: 10, zod: 5, 'lib/api': 5 });
    const figures = groupFigures(
      [groupTimes(records, 20), groupTimes(records, 24)],
      records.map(([name]) => name),
    );
    expect(figures.map(({ group, modules, median }) => [group, modules, median])).toEqual([
      [BEFORE_MODULES, 0, 10],
      ['lib/api', 2, 7],
      ['zod', 2, 5],
    ]);
  });
});
