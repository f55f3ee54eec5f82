import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { type ExtensionSession, launchExtension } from '../test/e2e/harness';
import type { FakePostHog } from '../test/fake-posthog/index';

export interface BenchEnv {
  extensionDir: string;
  chromiumPath: string;
}

/** The page the popup is compared with: same browser, same extension, nothing in it. */
export const BLANK_PAGE = 'bench-blank.html';

/**
 * The floor for any page drawn by a script: the blank page's content, put there by one tiny module
 * script. It loads one file and runs it, as the popup must before it can show anything; the popup's
 * own work (its message to the background, its render) is what it adds on top of this.
 */
export const SCRIPT_PAGE = 'bench-script.html';

/**
 * The floor for any popup that shows its tab's state: the tiny-script page, except that its script
 * first asks the browser for the tab (as the popup does: `tabs.get` of the tab it was opened over)
 * and the service worker one thing (a message of no known type, which the background's dispatcher
 * checks and refuses: a round trip with no reads of its stores), and draws when both have answered.
 * What the popup adds over this is its own code and its work.
 */
export const ASK_PAGE = 'bench-ask.html';

/**
 * The floor for the popup after a stopped worker: opened just as the popup is then, its script asks
 * the browser for the tab (`tabs.get`) and reads `storage.local` once, and draws when both have
 * answered: a page that shows its tab's state from what the extension keeps, without the worker.
 */
export const STORED_PAGE = 'bench-stored.html';

/** What the asking page waits for before it draws (source; `tabId` is the page's `?tabId=`). */
export const ASK_READS = "[chrome.tabs.get(tabId), chrome.runtime.sendMessage({ type: 'bench/ask' })]";
/** What the stored-state page waits for before it draws (the same). */
export const STORED_READS = '[chrome.tabs.get(tabId), chrome.storage.local.get(null)]';

/** Writes the comparison pages into the built test extension (never into a build that ships). */
export async function writeBlankPage(extensionDir: string): Promise<void> {
  const head = (title: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>`;
  await writeFile(
    join(extensionDir, BLANK_PAGE),
    `${head('Blank')}</head><body><main data-bench-ready>Blank</main></body></html>\n`,
  );
  await writeFile(
    join(extensionDir, SCRIPT_PAGE),
    `${head('Script')}<script type="module" src="/bench-script.js"></script></head><body></body></html>\n`,
  );
  await writeFile(
    join(extensionDir, 'bench-script.js'),
    "const main = document.createElement('main');\nmain.textContent = 'Blank';\n" +
      "main.setAttribute('data-bench-ready', '');\ndocument.body.append(main);\n",
  );
  await writeFile(
    join(extensionDir, ASK_PAGE),
    `${head('Ask')}<script type="module" src="/bench-ask.js"></script></head><body></body></html>\n`,
  );
  await writeFile(
    join(extensionDir, 'bench-ask.js'),
    [
      "const tabId = Number(new URLSearchParams(location.search).get('tabId'));",
      `Promise.allSettled(${ASK_READS}).then(() => {`,
      "  const main = document.createElement('main');",
      "  main.textContent = 'Blank';",
      "  main.setAttribute('data-bench-ready', '');",
      '  document.body.append(main);',
      '});',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(extensionDir, STORED_PAGE),
    `${head('Stored')}<script type="module" src="/bench-stored.js"></script></head><body></body></html>\n`,
  );
  await writeFile(
    join(extensionDir, 'bench-stored.js'),
    [
      "const tabId = Number(new URLSearchParams(location.search).get('tabId'));",
      `Promise.allSettled(${STORED_READS}).then(() => {`,
      "  const main = document.createElement('main');",
      "  main.textContent = 'Blank';",
      "  main.setAttribute('data-bench-ready', '');",
      '  document.body.append(main);',
      '});',
      '',
    ].join('\n'),
  );
}

/** What the ready probe logs on the page's first ready frame. */
export const READY_SIGNAL = 'hogmark-bench-ready';

/**
 * Runs in every page before its own scripts: on each frame, checks whether the page is ready and
 * keeps the first frame's time (ms since navigation start). The popup is ready when its header shows
 * the tab's page and the playlist list has rows; the blank page as soon as its one element exists.
 * It then logs READY_SIGNAL, so the benchmark learns of it without evaluating anything in the page
 * while the page loads (Playwright's polling compiles its own script on the page's main thread, and
 * would slow a page that is still loading, not one that is already ready).
 */
function readyProbe(): void {
  // When the page first asks the background something (ms since navigation start): the popup after a
  // stopped service worker compares it with when the worker started.
  const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: (...args: unknown[]) => unknown } } })
    .chrome?.runtime;
  const send = runtime?.sendMessage;
  if (runtime && send) {
    runtime.sendMessage = function (this: unknown, ...args: unknown[]) {
      const store = globalThis as { benchFirstMessageAt?: number };
      store.benchFirstMessageAt ??= performance.now();
      return send.apply(this, args);
    };
  }
  const isReady = () =>
    document.querySelector('[data-bench-ready]') !== null ||
    (document.querySelector('main.popup[aria-busy="false"] .context-header') !== null &&
      document.querySelector('[role="option"]') !== null);
  const tick = () => {
    if (!isReady()) {
      requestAnimationFrame(tick);
      return;
    }
    (globalThis as { benchReadyAt?: number }).benchReadyAt = performance.now();
    console.debug('hogmark-bench-ready'); // READY_SIGNAL: the probe runs in the page, on its own
  };
  requestAnimationFrame(tick);
}

/** Launches the extension (and any other given: the minimal one) with the ready probe in every page. */
export async function launchBenchSession(env: BenchEnv, alsoLoad?: string[]): Promise<ExtensionSession> {
  const session = await launchExtension({
    extensionDir: env.extensionDir,
    chromiumPath: env.chromiumPath,
    ...(alsoLoad ? { alsoLoad } : {}),
  });
  await session.context.addInitScript({ content: pageScript(readyProbe) });
  return session;
}

/**
 * The source of a function to run in a page. tsx compiles scripts with esbuild's `keepNames`, which
 * wraps inner functions in a `__name` helper the page does not have: give it one that does nothing.
 */
export function pageScript(run: () => void): string {
  return `(() => { const __name = (target) => target; (${run.toString()})(); })();`;
}

/**
 * Opens `url` in a new page and returns the page with its navigation start (epoch ms) and its time
 * to ready (ms): the page's own clock, read once the probe has signalled. `beforeNavigate` runs once
 * the page exists, just before it navigates (to stop the service worker as late as possible).
 */
export async function openTimed(
  session: ExtensionSession,
  url: string,
  beforeNavigate?: () => Promise<void>,
): Promise<{ page: Page; startedAt: number; readyMs: number; firstMessageMs: number | null }> {
  const page = await session.context.newPage();
  await beforeNavigate?.();
  const ready = page.waitForEvent('console', {
    predicate: (message) => message.text() === READY_SIGNAL,
    timeout: 30_000,
  });
  await page.goto(url, { waitUntil: 'commit' });
  await ready;
  const timing = await page.evaluate(() => {
    const probe = globalThis as unknown as { benchReadyAt: number; benchFirstMessageAt?: number };
    return {
      startedAt: performance.timeOrigin,
      readyMs: probe.benchReadyAt,
      firstMessageMs: probe.benchFirstMessageAt ?? null,
    };
  });
  return { page, ...timing };
}

/** The popup's URL over a tab, as the toolbar button would open it. */
export const popupUrl = (session: ExtensionSession, tabId: number) =>
  `chrome-extension://${session.extensionId}/popup.html?tabId=${tabId}`;

/** Requests to the API (not pages, not the login) logged between two instants. */
export function apiRequestsBetween(server: FakePostHog, from: number, to = Number.POSITIVE_INFINITY) {
  return server.requests.filter(
    (entry) => entry.path.startsWith('/api/') && entry.at >= from && entry.at <= to,
  );
}

/** Waits until the local PostHog has seen no API request for `quietMs` (an action's trailing requests). */
export async function apiQuiet(server: FakePostHog, quietMs = 400): Promise<void> {
  for (;;) {
    const last = server.requests.filter((entry) => entry.path.startsWith('/api/')).at(-1)?.at ?? 0;
    const idle = Date.now() - last;
    if (idle >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, quietMs - idle));
  }
}

/**
 * The background service worker's JS heap after a full garbage collection, in bytes. Playwright gives
 * CDP sessions to pages only, so this takes a browser-level session, attaches to the worker target and
 * talks to it through `Target.sendMessageToTarget`.
 */
export async function backgroundHeapBytes(session: ExtensionSession): Promise<number> {
  const browser = session.context.browser();
  if (!browser) throw new Error('No browser-level CDP session for this context.');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const worker = targetInfos.find(
      (target) =>
        target.type === 'service_worker' &&
        target.url.startsWith(`chrome-extension://${session.extensionId}/`),
    );
    if (!worker) throw new Error('The background service worker is not running.');
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    const call = workerCaller(cdp, sessionId);
    await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.send('Target.detachFromTarget', { sessionId });
    return usage.usedSize;
  } finally {
    await cdp.detach();
  }
}

function workerCaller(cdp: CDPSession, sessionId: string) {
  let lastId = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  return async (method: string, params: object = {}): Promise<unknown> => {
    const id = ++lastId;
    const answer = new Promise<{ result?: unknown; error?: unknown }>((resolve) => waiting.set(id, resolve));
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    const { result, error } = await answer;
    if (error) throw new Error(`${method}: ${JSON.stringify(error)}`);
    return result;
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
