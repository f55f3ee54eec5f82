import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { Entrypoint } from 'wxt';
import { polyfillAsModule, polyfillModulePlugin } from '../../scripts/polyfill-module-plugin';
import config from '../../wxt.config';

const polyfillFile = createRequire(import.meta.url).resolve('webextension-polyfill');
const polyfillSource = readFileSync(polyfillFile, 'utf8');

/** The module's default export, the module evaluated as a script would be (its last line returns). */
function defaultExportOf(moduleCode: string): unknown {
  const ending = 'export default module.exports;\n';
  expect(moduleCode.endsWith(ending)).toBe(true);
  return new Function(`${moduleCode.slice(0, -ending.length)}return module.exports;`)();
}

const globals = globalThis as { chrome?: unknown; browser?: unknown };

describe('webextension-polyfill as an ES module (the background’s build)', () => {
  afterEach(() => {
    delete globals.chrome;
    delete globals.browser;
  });

  it('is applied to the polyfill’s file alone', () => {
    expect(polyfillModulePlugin.transform(polyfillSource, polyfillFile)?.code).toBe(
      polyfillAsModule(polyfillSource),
    );
    expect(polyfillModulePlugin.transform('export const a = 1;', '/repo/lib/platform/lazy.ts')).toBeNull();
    expect(
      polyfillModulePlugin.transform(
        '',
        '/repo/node_modules/webextension-polyfill/dist/browser-polyfill.min.js',
      ),
    ).toBeNull();
  });

  it('hands the browser’s own `browser` over as it is, reading none of its APIs but `runtime`', () => {
    const read: PropertyKey[] = [];
    const own = { runtime: { id: 'hogmark' }, action: {}, tabs: {}, windows: {} };
    globals.chrome = { runtime: { id: 'hogmark' } };
    globals.browser = new Proxy(own, {
      get: (target, key) => {
        read.push(key);
        return Reflect.get(target, key);
      },
    });
    expect(defaultExportOf(polyfillAsModule(polyfillSource))).toBe(globals.browser);
    expect(new Set(read)).toEqual(new Set(['runtime']));
  });

  it('is the polyfill’s promise-returning wrapper where the browser has only `chrome`', () => {
    globals.chrome = { runtime: { id: 'hogmark', lastError: undefined } };
    const exported = defaultExportOf(polyfillAsModule(polyfillSource)) as { runtime: { id: string } };
    expect(exported).not.toBe(globals.chrome);
    expect(exported.runtime.id).toBe('hogmark');
  });

  it('is built into the background’s core only', () => {
    const hook = (config.hooks as Record<string, unknown>)['vite:build:extendConfig'] as (
      entrypoints: Entrypoint[],
      viteConfig: { plugins?: unknown[]; resolve?: object },
    ) => void;
    const pluginsFor = (type: string, inputPath: string, name = type) => {
      const viteConfig: { plugins?: unknown[]; resolve?: object } = { plugins: [] };
      hook([{ type, name, inputPath } as Entrypoint], viteConfig);
      return viteConfig.plugins ?? [];
    };
    expect(
      pluginsFor('unlisted-script', '/repo/entrypoints/background-core.ts', 'background-core'),
    ).toContain(polyfillModulePlugin);
    // The worker's wake script evaluates no polyfill at all.
    expect(pluginsFor('background', '/repo/entrypoints/background.ts')).not.toContain(polyfillModulePlugin);
    expect(pluginsFor('popup', '/repo/entrypoints/popup/index.html')).not.toContain(polyfillModulePlugin);
    expect(pluginsFor('content-script', '/repo/entrypoints/content.ts')).not.toContain(polyfillModulePlugin);
  });
});
