import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { browser as polyfillBrowser } from '@wxt-dev/webextension-polyfill/browser';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Runtime } from 'webextension-polyfill';
import type { Entrypoint } from 'wxt';
import type { browser as plainBrowser } from 'wxt/browser';
import type { createOffscreenClipboardListener } from '../../lib/background/toolbar/clipboard-offscreen';
import type { MessageResponse } from '../../lib/messaging/messages';
import config from '../../wxt.config';
import { REPO_ROOT, readSource, sourceFiles } from '../support/source-files';

/**
 * One rule for where `browser` comes from (wxt.config.ts): the background's core runs
 * webextension-polyfill and is typed as it; every other entrypoint, the worker's wake script
 * included, runs WXT's plain `browser` (chrome in Chromium, Firefox's own `browser`) and is typed as
 * that, so a message listener there answers through `sendResponse`.
 */
const POLYFILLED = ['entrypoints/background-core.ts'];

const importsOf = (file: string) =>
  [...readSource(file).matchAll(/from '([^']+)'/g)].map((match) => match[1]);
const isPolyfill = (specifier: string | undefined) =>
  /^(@wxt-dev\/)?webextension-polyfill(\/|$)/.test(specifier ?? '');

/** Each entrypoint as WXT types it (what the build hook looks at). */
function entrypointsOf(): Entrypoint[] {
  return readdirSync(join(REPO_ROOT, 'entrypoints')).map((name) => {
    const base = name.replace(/\.(ts|tsx)$/, '');
    const page = statSync(join(REPO_ROOT, 'entrypoints', name)).isDirectory();
    const type =
      base === 'background'
        ? 'background'
        : base === 'background-core'
          ? 'unlisted-script'
          : base === 'content'
            ? 'content-script'
            : base === 'popup' || base === 'options'
              ? base
              : 'unlisted-page';
    const inputPath = join(REPO_ROOT, 'entrypoints', page ? `${name}/index.html` : name);
    return { type, name: base, inputPath, outputDir: '', options: {}, skipped: false } as Entrypoint;
  });
}

/** The file `wxt/browser` resolves to in one build group, with the aliases Vite is given. */
function wxtBrowserIn(group: Entrypoint[]): string {
  // What @wxt-dev/webextension-polyfill adds to every build (its dist/index.mjs).
  const viteConfig: { resolve?: { alias?: unknown } } = {
    resolve: { alias: { 'wxt/browser': '@wxt-dev/webextension-polyfill/browser' } },
  };
  const hook = (config.hooks as Record<string, unknown> | undefined)?.['vite:build:extendConfig'] as
    | ((entrypoints: Entrypoint[], viteConfig: object) => void)
    | undefined;
  hook?.(group, viteConfig);
  const alias = viteConfig.resolve?.alias;
  const entries = Array.isArray(alias)
    ? (alias as { find: string | RegExp; replacement: string }[])
    : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
  const match = entries.find(({ find }) =>
    typeof find === 'string' ? find === 'wxt/browser' : find.test('wxt/browser'),
  );
  return match?.replacement ?? 'wxt/browser';
}

describe('where `browser` comes from', () => {
  it('imports webextension-polyfill, even its types, only in the background’s core', () => {
    const users = [...sourceFiles('entrypoints'), ...sourceFiles('lib'), ...sourceFiles('components')].filter(
      (file) => importsOf(file).some(isPolyfill),
    );
    expect(users).toEqual(POLYFILLED);
    expect(importsOf('entrypoints/background-core.ts')).toContain('@wxt-dev/webextension-polyfill/browser');
  });

  it('gives every other entrypoint WXT’s plain `browser`, imported from wxt/browser', () => {
    const others = sourceFiles('entrypoints').filter((file) => !POLYFILLED.includes(file));
    const stray = others.filter(
      (file) =>
        /\bchrome\./.test(readSource(file)) ||
        (/\bbrowser\./.test(readSource(file)) && !importsOf(file).includes('wxt/browser')),
    );
    expect(stray).toEqual([]);
    expect(importsOf('entrypoints/background-core.ts')).not.toContain('wxt/browser');
    expect(importsOf('entrypoints/background.ts')).toContain('wxt/browser');
  });

  it('builds the background’s core with the polyfill and every other entrypoint without it', () => {
    const plain = createRequire(join(REPO_ROOT, 'wxt.config.ts')).resolve('wxt/browser');
    expect(config.modules).toContain('@wxt-dev/webextension-polyfill');
    const entrypoints = entrypointsOf();
    expect(entrypoints.map((entrypoint) => entrypoint.type).sort()).toEqual([
      'background',
      'content-script',
      'options',
      'popup',
      'unlisted-page',
      'unlisted-page',
      'unlisted-page',
      'unlisted-page',
      'unlisted-script',
    ]);
    const polyfilled = entrypoints.filter((entrypoint) => wxtBrowserIn([entrypoint]) !== plain);
    expect(polyfilled.map((entrypoint) => relative(REPO_ROOT, entrypoint.inputPath))).toEqual(POLYFILLED);
    expect(wxtBrowserIn(polyfilled)).toBe('@wxt-dev/webextension-polyfill/browser');
    // Built together as WXT groups them, the pages get the plain `browser` too.
    const pages = entrypoints.filter((entrypoint) => entrypoint.inputPath.endsWith('.html'));
    expect(wxtBrowserIn(pages)).toBe(plain);
  });

  it('types each context’s message listener as what runs there', () => {
    type PlainListener = Parameters<typeof plainBrowser.runtime.onMessage.addListener>[0];
    type PolyfillListener = Parameters<typeof polyfillBrowser.runtime.onMessage.addListener>[0];
    // The background answers with the promise its listener returns: the polyfill's types allow it.
    expectTypeOf<(message: unknown, sender: Runtime.MessageSender) => Promise<MessageResponse>>().toExtend<
      Extract<PolyfillListener, (message: unknown, sender: Runtime.MessageSender) => Promise<unknown>>
    >();
    // The offscreen document answers through sendResponse, and returns true to say it will.
    type OffscreenListener = ReturnType<typeof createOffscreenClipboardListener>;
    expectTypeOf<OffscreenListener>().toExtend<PlainListener>();
    expectTypeOf<ReturnType<OffscreenListener>>().toEqualTypeOf<true | undefined>();
    expectTypeOf<Parameters<OffscreenListener>[2]>().toEqualTypeOf<(answer: MessageResponse) => void>();
  });
});
