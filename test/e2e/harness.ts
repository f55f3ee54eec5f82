import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { chromiumArgs } from './chromium';

export interface ExtensionSession {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens a PostHog page (or any URL) in a new tab and returns it with the browser's tab id. */
  openTab(url: string): Promise<{ page: Page; tabId: number }>;
  /** Opens the popup as a page, bound to the given tab the way the toolbar button would be. */
  openPopup(tabId?: number): Promise<Page>;
  openOptions(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  extensionDir: string;
  chromiumPath: string;
  headless?: boolean;
  colorScheme?: 'light' | 'dark';
  /** More Chromium switches (e.g. `--host-resolver-rules` to put PostHog Cloud's hosts on the local PostHog). */
  extraArgs?: string[];
  /** Other unpacked extensions to load beside it (the benchmark's minimal extension). */
  alsoLoad?: string[];
}

/** The built extension's service worker (its `background.js`), among those of every extension loaded. */
async function extensionWorker(context: BrowserContext): Promise<Worker> {
  const isOurs = (worker: Worker) => new URL(worker.url()).pathname === '/background.js';
  const running = context.serviceWorkers().find(isOurs);
  return running ?? (await context.waitForEvent('serviceworker', { predicate: isOurs }));
}

/** Starts Chromium with the built extension in a throw-away profile. Used by the e2e tests and the demo. */
export async function launchExtension(options: LaunchOptions): Promise<ExtensionSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'hogmark-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: options.chromiumPath,
    headless: options.headless ?? true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1280, height: 800 },
    args: [...chromiumArgs(options.extensionDir, options.alsoLoad), ...(options.extraArgs ?? [])],
  });
  const serviceWorker = await extensionWorker(context);
  const extensionId = new URL(serviceWorker.url()).host;
  const base = `chrome-extension://${extensionId}`;

  async function tabIdFor(url: string): Promise<number> {
    const id = await serviceWorker.evaluate(async (target) => {
      type Tab = { id?: number; url?: string };
      const api = (globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Tab[]> } } })
        .chrome;
      const tabs = await api.tabs.query({});
      return tabs.find((tab) => tab.url === target)?.id ?? null;
    }, url);
    if (id === null) throw new Error(`No tab found for ${url}`);
    return id;
  }

  return {
    context,
    extensionId,
    serviceWorker,
    async openTab(url) {
      const page = await context.newPage();
      await page.goto(url);
      return { page, tabId: await tabIdFor(page.url()) };
    },
    async openPopup(tabId) {
      const page = await context.newPage();
      await page.goto(tabId === undefined ? `${base}/popup.html` : `${base}/popup.html?tabId=${tabId}`);
      return page;
    },
    async openOptions() {
      const page = await context.newPage();
      await page.goto(`${base}/options.html`);
      return page;
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
