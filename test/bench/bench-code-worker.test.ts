import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { ADD_PATH, withoutMain, writeMinimalExtension } from '../../scripts/bench-minimal';
import type { FakePostHog } from '../../test/fake-posthog/index';

/**
 * The bench's code floor (scripts/bench-minimal.ts): Hogmark's built background script, evaluated but
 * its `main()` never called, then the relay the design requires. Here on a script shaped as WXT
 * writes a background (the production build's own script is checked in test/e2e/bundle-size.test.ts).
 */
const server = { url: 'http://127.0.0.1:9' } as FakePostHog;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** WXT's background wrapper, minified as it is built: the entrypoint's main() runs at the end. */
const wxtShaped = (body: string) =>
  `var background=(function(){var n=0;${body}var X_={main(){globalThis.mainRan=true}},Q_;` +
  'try{Q_=X_.main(),Q_ instanceof Promise&&console.warn(`async`)}catch(e){throw e}return Q_})();';

async function startCodeWorker(body = '') {
  const built = await mkdtemp(join(tmpdir(), 'hogmark-code-floor-test-'));
  cleanups.push(() => rm(built, { recursive: true, force: true }));
  await writeFile(join(built, 'background.js'), wxtShaped(body));
  const { dir, dispose } = await writeMinimalExtension(server, 'code', built);
  cleanups.push(dispose);
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  const script = await readFile(join(dir, manifest.background.service_worker), 'utf8');
  const content = await readFile(join(dir, manifest.content_scripts[0].js[0]), 'utf8');
  type Listener = (...args: unknown[]) => unknown;
  const listeners: { command: Listener[]; message: Listener[] } = { command: [], message: [] };
  const events: string[] = [];
  const chrome = {
    runtime: { id: 'code', onMessage: { addListener: (fn: Listener) => listeners.message.push(fn) } },
    commands: { onCommand: { addListener: (fn: Listener) => listeners.command.push(fn) } },
    storage: {
      session: {
        get: async (key: string) => {
          events.push(`storage.session.get ${key}`);
          return {};
        },
      },
    },
    tabs: {
      sendMessage: async (tabId: number, message: string) => {
        events.push(`tabs.sendMessage ${tabId} ${message}`);
      },
    },
  };
  const context: Record<string, unknown> = { chrome, console };
  context.globalThis = context;
  runInNewContext(script, context);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return { manifest, content, context, listeners, events, settle };
}

describe('the code floor: Hogmark’s script evaluated, not run, then the relay through the tab', () => {
  it('evaluates the built script but never calls its main()', async () => {
    const { context } = await startCodeWorker('globalThis.evaluated=true;');
    expect(context.evaluated).toBe(true);
    expect(context.mainRan).toBeUndefined();
  });

  it('finds the call whatever the minifier named its parts, `$` included (the production build has `tv=$_.main()`)', () => {
    for (const [result, entry] of [
      ['tv', '$_'],
      ['$e', 'a$'],
      ['_', '$'],
    ]) {
      const script = wxtShaped('')
        .replaceAll('Q_', result ?? '')
        .replaceAll('X_', entry ?? '');
      const stripped = withoutMain(script);
      expect(stripped).toContain(`${result}=void 0,${result} instanceof Promise`);
      expect(stripped).not.toContain('.main()');
    }
  });

  it('stops the bench when WXT’s call of main() is not found exactly once', () => {
    expect(() => withoutMain('var background=(function(){return 1})();')).toThrow(/found 0/);
    const twice = `${wxtShaped('')}${wxtShaped('')}`;
    expect(() => withoutMain(twice)).toThrow(/found 2/);
  });

  it('relays its command and its button’s message: one storage.session read, then the tab that asked', async () => {
    const { listeners, events, settle, manifest } = await startCodeWorker();
    expect(manifest.permissions).toEqual(['storage']);
    listeners.command[0]?.('add-to-last-playlist', { id: 7 });
    await settle();
    expect(events).toEqual(['storage.session.get hogmark-bench-relay', 'tabs.sendMessage 7 relay-add']);
    listeners.message[0]?.('add', { tab: { id: 9 } });
    await settle();
    expect(events.slice(2)).toEqual([
      'storage.session.get hogmark-bench-relay',
      'tabs.sendMessage 9 relay-add',
    ]);
  });

  it('relays nothing for another command, a message without a tab, or another message', async () => {
    const { listeners, events, settle } = await startCodeWorker();
    listeners.command[0]?.('open-popup', { id: 7 });
    listeners.message[0]?.('add', {});
    listeners.message[0]?.('fetch', { tab: { id: 9 } });
    await settle();
    expect(events).toEqual([]);
  });

  it('has its content script send the add, without credentials, when its worker relays it', async () => {
    const { content } = await startCodeWorker();
    const sent: string[] = [];
    let relayed: ((message: unknown) => void) | undefined;
    const element = { style: {}, addEventListener: () => undefined };
    runInNewContext(content, {
      document: { createElement: () => element, documentElement: { append: () => undefined } },
      chrome: {
        runtime: {
          sendMessage: async () => undefined,
          onMessage: { addListener: (fn: (message: unknown) => void) => (relayed = fn) },
        },
      },
      fetch: async (url: string, init: { method: string; credentials: string }) => {
        sent.push(`${init.method} ${url} ${init.credentials}`);
      },
    });
    relayed?.('something else');
    relayed?.('relay-add');
    expect(sent).toEqual([`POST ${server.url}${ADD_PATH} omit`]);
  });
});
