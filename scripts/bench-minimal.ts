import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** The same command as Hogmark's add shortcut; its key is set by the bench (two extensions, two keys). */
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
): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'hogmark-bench-minimal-'));
  const requests = { add: `${server.url}${ADD_PATH}`, fetch: `${server.url}${FETCH_PATH}` };
  const manifest = {
    manifest_version: 3,
    name: 'Hogmark bench: minimal worker',
    version: '1.0',
    background: { service_worker: MINIMAL_WORKER },
    host_permissions: ['http://127.0.0.1/*'],
    commands: { [MINIMAL_COMMAND]: { description: 'Send one request' } },
    content_scripts: [
      { matches: ['http://127.0.0.1/*'], js: ['minimal-content.js'], run_at: 'document_idle' },
    ],
  };
  const files: Record<string, string> = {
    'manifest.json': `${JSON.stringify(manifest, null, 2)}\n`,
    [MINIMAL_WORKER]: [
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
    ].join('\n'),
    'minimal-content.js': [
      "const button = document.createElement('button');",
      `button.id = ${JSON.stringify(MINIMAL_BUTTON_ID)};`,
      "button.textContent = 'Minimal add';",
      "button.style.cssText = 'position:fixed;left:8px;bottom:8px;z-index:2147483647;padding:8px';",
      "button.addEventListener('click', () => chrome.runtime.sendMessage('add').catch(() => {}));",
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

/** The minimal extension's worker in a session that loaded it (running at install, or when woken). */
export async function minimalWorker(context: BrowserContext): Promise<Worker> {
  const isMinimal = (worker: Worker) => new URL(worker.url()).pathname === `/${MINIMAL_WORKER}`;
  const running = context.serviceWorkers().find(isMinimal);
  return running ?? (await context.waitForEvent('serviceworker', { predicate: isMinimal, timeout: 30_000 }));
}

/** The minimal extension's id, from its worker's address. */
export async function minimalExtensionId(context: BrowserContext): Promise<string> {
  return new URL((await minimalWorker(context)).url()).host;
}
