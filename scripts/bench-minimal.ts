import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext, Worker } from 'playwright-core';
import { DEMO } from '../test/fake-posthog/demo-ids';
import type { FakePostHog } from '../test/fake-posthog/index';

/**
 * The minimal extension: the floor for the adds a user makes beside the popup, and for the cold
 * popup. A second test extension, loaded beside Hogmark, whose worker does only what cannot be
 * skipped: it registers the same command (`add-to-last-playlist`) and, when the command or its
 * content script's button fires, sends one request to the local PostHog, nothing else; its one page
 * asks the browser for a tab and the worker for one request, then draws. None of Hogmark's code is in
 * it. Written per run, with the local PostHog's address in it (a worker that first looked the address
 * up would do more than the floor).
 */
export const MINIMAL_WORKER = 'minimal-worker.js';

/** The fetching page: `tabs.get` of its tab plus one request to the local PostHog through the worker. */
export const FETCH_PAGE = 'fetch.html';

/** The button the minimal content script puts in every page of the local PostHog. */
export const MINIMAL_BUTTON_ID = 'hogmark-bench-minimal-add';

/**
 * Which floor extension: `minimal`, plain JavaScript on `chrome.*`; `stack`, the same work on
 * Hogmark's fixed stack (bench-stack-worker.ts); or `code`, Hogmark's own built worker script (the
 * wake script, `background.js`; the rest of the background loads only on an event) loaded and
 * evaluated but its `main()` never called, followed by what the design cannot skip for an
 * add (DESIGN.md: PostHog refuses personal keys for it, so it goes through the signed-in tab): one
 * `storage.session` read, then a message to the PostHog tab, whose content script sends the request.
 * Each has its own button beside the others'.
 */
export type FloorWorker = 'minimal' | 'stack' | 'code';

/** Each floor extension's button in the local PostHog's pages. */
export const FLOOR_BUTTON_ID: Record<FloorWorker, string> = {
  minimal: MINIMAL_BUTTON_ID,
  stack: 'hogmark-bench-stack-add',
  code: 'hogmark-bench-code-add',
};

/** Each floor extension's worker script: the name tells the workers apart in one browser. */
const WORKER_FILE: Record<FloorWorker, string> = {
  minimal: MINIMAL_WORKER,
  stack: 'stack-worker.js',
  code: 'code-worker.js',
};

/** Where each floor's button sits (side by side, so that each can be pressed with the others there). */
const BUTTON_LEFT: Record<FloorWorker, number> = { minimal: 8, stack: 160, code: 312 };

/** What the code floor's worker asks its content script to send (the tab's side of the relay). */
const RELAY_MESSAGE = 'relay-add';

/**
 * A WXT background script that evaluates everything and then does nothing: the call of the
 * entrypoint's `main()` (where Hogmark composes its rooms and wires its listeners) becomes
 * `undefined`. Throws unless the script has exactly one such call, so a change in WXT's output stops
 * the bench rather than timing a script that ran.
 */
export function withoutMain(script: string): string {
  // Minified names may hold `$` (the production build has `tv=$_.main()`), which `\w` does not match.
  const call = /([\w$]+)=([\w$]+)\.main\(\),\1 instanceof Promise/g;
  const found = [...script.matchAll(call)];
  if (found.length !== 1) {
    throw new Error(`Expected one call of the background's main() in the script, found ${found.length}.`);
  }
  return script.replace(call, '$1=void 0,$1 instanceof Promise');
}

/** The same command as Hogmark's add shortcut; its key is set by the bench (one key per extension). */
export const MINIMAL_COMMAND = 'add-to-last-playlist';

const project = `/api/projects/${DEMO.projects.main}`;
/** The path of Hogmark's timed add (the loose demo recording to Onboarding); the minimal worker's too. */
export const ADD_PATH = `${project}/session_recording_playlists/${DEMO.playlists.onboarding}/recordings/${DEMO.recordings.loose}/`;
/** What the fetching page asks for through the worker: the project's collections, as the cold popup's list. */
export const FETCH_PATH = `${project}/session_recording_playlists/`;

/**
 * Writes the minimal extension for this local PostHog into a new temporary folder; `dispose` removes
 * it. Its requests carry no credentials: the local PostHog logs each one as it arrives (what is
 * timed) and refuses it (401), so they change nothing there.
 */
export async function writeMinimalExtension(
  server: FakePostHog,
  floor: FloorWorker = 'minimal',
  /** The code floor's: the built Hogmark whose `background.js` it loads. */
  hogmarkDir?: string,
): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `hogmark-bench-${floor}-`));
  const requests = { add: `${server.url}${ADD_PATH}`, fetch: `${server.url}${FETCH_PATH}` };
  const buttonId = FLOOR_BUTTON_ID[floor];
  const manifest = {
    manifest_version: 3,
    name: `Hogmark bench: ${floor} worker`,
    version: '1.0',
    background: { service_worker: WORKER_FILE[floor] },
    host_permissions: ['http://127.0.0.1/*'],
    // The code floor reads storage.session, as Hogmark's add does.
    ...(floor === 'code' ? { permissions: ['storage'] } : {}),
    commands: { [MINIMAL_COMMAND]: { description: 'Send one request' } },
    content_scripts: [
      { matches: ['http://127.0.0.1/*'], js: ['minimal-content.js'], run_at: 'document_idle' },
    ],
  };
  const plainWorker = () =>
    [
      // The instant the worker's first line runs, on its own clock: what any worker's start costs.
      'globalThis.benchFirstLineAt = performance.now();',
      `const ADD = ${JSON.stringify(requests.add)};`,
      `const FETCH = ${JSON.stringify(requests.fetch)};`,
      "const add = () => fetch(ADD, { method: 'POST', credentials: 'omit' }).catch(() => {});",
      `chrome.commands.onCommand.addListener((command) => { if (command === ${JSON.stringify(MINIMAL_COMMAND)}) add(); });`,
      'chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {',
      "  if (message === 'add') add();",
      "  if (message !== 'fetch') return undefined;",
      "  fetch(FETCH, { credentials: 'omit' }).then((response) => response.text()).then(() => sendResponse(true), () => sendResponse(false));",
      '  return true;',
      '});',
      '',
    ].join('\n');
  // The design's relay: one storage.session read, then the tab's content script sends the request.
  const relayWorker = () =>
    [
      `const relay = (tabId) => chrome.storage.session.get('hogmark-bench-relay').then(() => chrome.tabs.sendMessage(tabId, ${JSON.stringify(RELAY_MESSAGE)})).catch(() => {});`,
      `chrome.commands.onCommand.addListener((command, tab) => { if (command === ${JSON.stringify(MINIMAL_COMMAND)} && tab && tab.id !== undefined) relay(tab.id); });`,
      "chrome.runtime.onMessage.addListener((message, sender) => { if (message === 'add' && sender.tab && sender.tab.id !== undefined) relay(sender.tab.id); return undefined; });",
      '',
    ].join('\n');
  const codeWorker = async () => {
    if (!hogmarkDir) throw new Error('The code floor needs the built Hogmark to load.');
    return `${withoutMain(await readFile(join(hogmarkDir, 'background.js'), 'utf8'))}\n${relayWorker()}`;
  };
  const worker = { minimal: plainWorker, stack: () => bundleStackWorker(requests), code: codeWorker }[floor];
  const files: Record<string, string> = {
    'manifest.json': `${JSON.stringify(manifest, null, 2)}\n`,
    [WORKER_FILE[floor]]: await worker(),
    'minimal-content.js': [
      "const button = document.createElement('button');",
      `button.id = ${JSON.stringify(buttonId)};`,
      `button.textContent = ${JSON.stringify(`${floor} add`)};`,
      // Side by side, so that each extension's button can be pressed with the other's in the page.
      `button.style.cssText = 'position:fixed;left:${BUTTON_LEFT[floor]}px;bottom:8px;z-index:2147483647;padding:8px';`,
      "button.addEventListener('click', () => chrome.runtime.sendMessage('add').catch(() => {}));",
      ...(floor === 'code'
        ? [
            `chrome.runtime.onMessage.addListener((message) => { if (message === ${JSON.stringify(RELAY_MESSAGE)}) fetch(${JSON.stringify(requests.add)}, { method: 'POST', credentials: 'omit' }).catch(() => {}); });`,
          ]
        : []),
      'document.documentElement.append(button);',
      '',
    ].join('\n'),
    [FETCH_PAGE]:
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fetch</title>' +
      '<script type="module" src="/fetch.js"></script></head><body></body></html>\n',
    'fetch.js': [
      "const tabId = Number(new URLSearchParams(location.search).get('tabId'));",
      "Promise.allSettled([chrome.tabs.get(tabId), chrome.runtime.sendMessage('fetch')]).then(() => {",
      "  const main = document.createElement('main');",
      "  main.textContent = 'Blank';",
      "  main.setAttribute('data-bench-ready', '');",
      '  document.body.append(main);',
      '});',
      '',
    ].join('\n'),
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The stack worker, bundled as the background is for a test build (minified, one classic script),
 * with the local PostHog's two addresses in it.
 */
async function bundleStackWorker(requests: { add: string; fetch: string }): Promise<string> {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = await build({
    entryPoints: [join(here, 'bench-stack-worker.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    logLevel: 'silent',
    define: { ADD_URL: JSON.stringify(requests.add), FETCH_URL: JSON.stringify(requests.fetch) },
  });
  const [output] = built.outputFiles;
  if (!output) throw new Error('esbuild wrote no stack worker.');
  return output.text;
}

/** A floor extension's worker in a session that loaded it (running at install, or when woken). */
export async function minimalWorker(
  context: BrowserContext,
  floor: FloorWorker = 'minimal',
): Promise<Worker> {
  const isMinimal = (worker: Worker) => new URL(worker.url()).pathname === `/${WORKER_FILE[floor]}`;
  const running = context.serviceWorkers().find(isMinimal);
  return running ?? (await context.waitForEvent('serviceworker', { predicate: isMinimal, timeout: 30_000 }));
}

/** A floor extension's id, from its worker's address. */
export async function minimalExtensionId(
  context: BrowserContext,
  floor: FloorWorker = 'minimal',
): Promise<string> {
  return new URL((await minimalWorker(context, floor)).url()).host;
}
