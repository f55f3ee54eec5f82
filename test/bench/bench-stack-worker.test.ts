import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { ADD_PATH, FETCH_PATH, writeMinimalExtension } from '../../scripts/bench-minimal';
import type { FakePostHog } from '../../test/fake-posthog/index';

/** The bench's stack worker (scripts/bench-stack-worker.ts), run as its bundle, on a stand-in `browser`. */
const server = { url: 'http://127.0.0.1:9' } as FakePostHog;
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function startStackWorker() {
  const { dir, dispose } = await writeMinimalExtension(server, 'stack');
  disposers.push(dispose);
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  const script = await readFile(join(dir, manifest.background.service_worker), 'utf8');
  const listeners: { command: ((command: string) => void)[]; message: ((message: unknown) => unknown)[] } = {
    command: [],
    message: [],
  };
  const sent: { method: string; url: string; credentials: string }[] = [];
  const api = {
    runtime: {
      id: 'stack',
      onMessage: { addListener: (fn: (message: unknown) => unknown) => listeners.message.push(fn) },
    },
    commands: { onCommand: { addListener: (fn: (command: string) => void) => listeners.command.push(fn) } },
  };
  const fetch = async (request: Request) => {
    sent.push({ method: request.method, url: request.url, credentials: request.credentials });
    return new Response('[]', { status: 401, headers: { 'content-type': 'application/json' } });
  };
  // A worker's web platform, from Node's; the extension's APIs and the network are the stand-ins.
  const platform = ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'ReadableStream']
    .concat(['TextEncoder', 'TextDecoder', 'FormData', 'Blob', 'URL', 'URLSearchParams', 'DOMException'])
    .concat(['setTimeout', 'clearTimeout', 'queueMicrotask', 'structuredClone', 'console']);
  const context: Record<string, unknown> = Object.fromEntries(
    platform.map((name) => [name, (globalThis as Record<string, unknown>)[name]]),
  );
  Object.assign(context, { chrome: api, browser: api, fetch });
  context.globalThis = context;
  context.self = context;
  runInNewContext(script, context);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { manifest, listeners, sent, settle };
}

describe('the stack worker, the floor on Hogmark’s fixed stack', () => {
  it('bundles webextension-polyfill, ky and zod, and registers the same command as the minimal worker', async () => {
    const { manifest, listeners } = await startStackWorker();
    expect(manifest.commands).toHaveProperty('add-to-last-playlist');
    expect(manifest.name).toBe('Hogmark bench: stack worker');
    expect(listeners.command).toHaveLength(1);
    expect(listeners.message).toHaveLength(1);
  });

  it('sends its one request, without credentials, on its command and on its button’s message', async () => {
    const { listeners, sent, settle } = await startStackWorker();
    listeners.command[0]?.('add-to-last-playlist');
    await settle();
    expect(sent).toEqual([{ method: 'POST', url: `${server.url}${ADD_PATH}`, credentials: 'omit' }]);
    listeners.message[0]?.('add');
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.method).toBe('POST');
  });

  it('checks what wakes it: another command or message sends nothing', async () => {
    const { listeners, sent, settle } = await startStackWorker();
    listeners.command[0]?.('open-popup');
    expect(listeners.message[0]?.({ type: 'add' })).toBeUndefined();
    await settle();
    expect(sent).toEqual([]);
  });

  it('answers the fetching page’s message once its one request is answered', async () => {
    const { listeners, sent } = await startStackWorker();
    await expect(listeners.message[0]?.('fetch')).resolves.toBe(true);
    expect(sent).toEqual([{ method: 'GET', url: `${server.url}${FETCH_PATH}`, credentials: 'omit' }]);
  });
});
