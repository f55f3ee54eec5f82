import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRUSTED_COPY } from '../../lib/messaging/first-view/stored-names';
import { DEMO } from '../fake-posthog/demo-ids';
import { useExtension } from './fixtures';
import { sendFromExtensionPage } from './options-page';
import { stopServiceWorker } from './service-worker';

/** What the popup showed, from its first frame on: recorded in the page by a mutation observer. */
interface Paints {
  /** The first moment the popup stopped loading: what it painted first. */
  first: {
    kind: string | null;
    heading: string | null;
    setup: boolean;
    options: Array<{ name: string; member: boolean }>;
    /** Where the collection list and its first option were on screen (px from the top). */
    listTop: number | null;
  } | null;
  /** Each time the list or its first option moved after the first paint: [from, to]. */
  moves: Array<[number | null, number | null]>;
  /** Every header name and kind the popup showed, in order. */
  headers: string[];
  /** Whether it ever showed the connection's footer (the key's masked form). */
  connected: boolean;
  /** Where the first view came from: the extension's stores or the background (test builds say). */
  source: string | null;
  /** When the popup's script ran: it names the page (`document.title`) before it draws anything. */
  scriptAt: number | null;
  /** The first thing drawn in the popup, and when: its loading view (busy) or its first view. */
  firstDrawn: { busy: boolean; at: number } | null;
}

/** Runs in the popup before its own scripts; every DOM change is looked at before it is painted. */
function recordPaints(): void {
  const paints: Paints = {
    first: null,
    headers: [],
    connected: false,
    source: null,
    moves: [],
    scriptAt: null,
    firstDrawn: null,
  };
  const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? null;
  const listTop = () => top('[role="listbox"] [role="option"]') ?? top('[role="listbox"]');
  Object.assign(window, { hogmarkPaints: paints });
  const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null;
  const look = () => {
    // The page's own title is a message reference until the script names it.
    if (paints.scriptAt === null && document.title !== '' && !document.title.startsWith('__MSG_')) {
      paints.scriptAt = performance.now();
    }
    const main = document.querySelector('main.popup');
    if (!main) return;
    paints.firstDrawn ??= { busy: main.getAttribute('aria-busy') === 'true', at: performance.now() };
    const kind = text('.context-header .context-kind');
    const heading = text('.context-header h1');
    if (kind || heading) {
      const header = `${kind} | ${heading}`;
      if (paints.headers.at(-1) !== header) paints.headers.push(header);
    }
    if (document.querySelector('.popup-footer')) paints.connected = true;
    if (paints.first !== null) {
      const last = paints.moves.at(-1)?.[1] ?? paints.first.listTop;
      const now = listTop();
      if (now !== last) paints.moves.push([last, now]);
    }
    if (paints.first === null && main.getAttribute('aria-busy') === 'false') {
      paints.source = document.documentElement.getAttribute('data-first-view');
      paints.first = {
        kind,
        heading,
        setup: document.querySelector('section.setup') !== null,
        listTop: listTop(),
        options: [...document.querySelectorAll('[role="option"]')].map((option) => ({
          name:
            option.querySelector('.playlist-option-name')?.textContent?.trim() ??
            option.textContent?.trim() ??
            '',
          member: option.classList.contains('is-member'),
        })),
      };
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/**
 * The popup over a tab, with its paints recorded from the start. `storesFirst` (test builds): the
 * popup takes the background's answer only after its stores' view, so a loaded machine's race
 * between the two cannot hide that view.
 */
async function openRecordedPopup(env: ReturnType<typeof useExtension>, tabId: number): Promise<Page> {
  const popup = await env.session.context.newPage();
  await popup.addInitScript(recordPaints);
  await popup.goto(`chrome-extension://${env.session.extensionId}/popup.html?tabId=${tabId}&storesFirst`);
  await popup.locator('main.popup[aria-busy="false"]').waitFor();
  return popup;
}

const paintsOf = (popup: Page) =>
  popup.evaluate(() => (window as unknown as { hogmarkPaints: Paints }).hogmarkPaints);

/** Every extension page closed, so nothing keeps the worker's process busy before it is stopped. */
async function closeExtensionPages(env: ReturnType<typeof useExtension>): Promise<void> {
  for (const page of env.session.context.pages()) {
    if (page.url().startsWith(`chrome-extension://${env.session.extensionId}/`)) await page.close();
  }
}

describe('the popup’s first paint, made from what the extension keeps', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const project = DEMO.projects.main;

  it('after a stopped worker, names the tab’s recording and the collections that hold it', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${project}/replay/${DEMO.recordings.inCheckout}?pause`,
    );
    // A first popup fetches the project's collections and which hold the recording, and keeps them.
    const warm = await openRecordedPopup(env, tabId);
    await warm.getByText('Updating…').waitFor({ state: 'detached', timeout: 15_000 });
    await warm.close();
    await closeExtensionPages(env);
    await stopServiceWorker(env.session);

    const popup = await openRecordedPopup(env, tabId);
    const { first, source } = await paintsOf(popup);
    expect(source).toBe('stores');
    expect(first?.kind).toBe('Recording');
    expect(first?.setup).toBe(false);
    const names = first?.options.map((option) => option.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['Checkout bugs', 'Onboarding']));
    // Checkout bugs holds this recording (PostHog said so before the stop): shown at once.
    expect(first?.options.find((option) => option.name === 'Checkout bugs')?.member).toBe(true);
    expect(first?.options.find((option) => option.name === 'Onboarding')?.member).toBe(false);
    // The worker's answer, and PostHog's fresh list after it, repaint nothing that moves: one header,
    // the list where it first was.
    await popup.getByText('Updating…').waitFor({ state: 'detached', timeout: 15_000 });
    const after = await paintsOf(popup);
    expect(after.headers).toHaveLength(1);
    expect(after.moves).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('after a stopped worker, paints from the background’s copy in storage.session, never opening IndexedDB', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${project}/replay/${DEMO.recordings.inCheckout}?pause`,
    );
    const warm = await openRecordedPopup(env, tabId);
    await warm.getByText('Updating…').waitFor({ state: 'detached', timeout: 15_000 });
    // The copy is put back once the list's writes are done; the worker is stopped only after that.
    const copied = () =>
      warm.evaluate(async (mark) => {
        type Area = { get(key: string): Promise<Record<string, unknown>> };
        const area = (globalThis as unknown as { chrome: { storage: { session: Area } } }).chrome.storage
          .session;
        return (await area.get(mark))[mark] === 1;
      }, TRUSTED_COPY.mark);
    await expect.poll(copied).toBe(true);
    await warm.close();
    await closeExtensionPages(env);
    await stopServiceWorker(env.session);

    const popup = await env.session.context.newPage();
    // This popup cannot open IndexedDB: without the copy its stores could not paint at all.
    await popup.addInitScript(() => {
      const opens = { count: 0 };
      Object.assign(window, { hogmarkIndexedDbOpens: opens });
      indexedDB.open = () => {
        opens.count += 1;
        throw new DOMException('refused by the test', 'UnknownError');
      };
    });
    await popup.addInitScript(recordPaints);
    await popup.goto(`chrome-extension://${env.session.extensionId}/popup.html?tabId=${tabId}&storesFirst`);
    await popup.locator('main.popup[aria-busy="false"]').waitFor();
    const { first, source } = await paintsOf(popup);
    expect(source).toBe('stores');
    expect(first?.kind).toBe('Recording');
    expect(first?.options.find((option) => option.name === 'Checkout bugs')?.member).toBe(true);
    await expect(
      popup.evaluate(
        () => (window as unknown as { hogmarkIndexedDbOpens: { count: number } }).hogmarkIndexedDbOpens.count,
      ),
    ).resolves.toBe(0);
    await Promise.all([popup.close(), page.close()]);
  });

  it('draws nothing until its first view is known: never a skeleton for the moment that takes', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${project}/replay/${DEMO.recordings.inCheckout}?pause`,
    );
    for (const stop of [false, true]) {
      if (stop) {
        await closeExtensionPages(env);
        await stopServiceWorker(env.session);
      }
      const popup = await openRecordedPopup(env, tabId);
      const { scriptAt, firstDrawn } = await paintsOf(popup);
      expect(scriptAt).not.toBeNull();
      // Its first view first; a skeleton only once it has waited the hold (150 ms) from its script.
      if (firstDrawn?.busy) expect(firstDrawn.at - (scriptAt ?? 0)).toBeGreaterThanOrEqual(140);
      else expect(firstDrawn).not.toBeNull();
      await popup.getByText('Updating…').waitFor({ state: 'detached', timeout: 15_000 });
      await popup.close();
    }
    await page.close();
  });

  it('never shows the page a tab has moved away from since its hints were kept', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${project}/dashboard/${DEMO.dashboards.productKpis}`,
    );
    // The dashboard's title is kept as the tab's hint once the content script has sent it.
    await expect
      .poll(
        async () => {
          const popup = await openRecordedPopup(env, tabId);
          const heading = (await paintsOf(popup)).first?.heading;
          await popup.close();
          return heading;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe('Product KPIs');
    await closeExtensionPages(env);
    await stopServiceWorker(env.session);
    // PostHog's router opens a recording over the page (no reload): the kept hints are the dashboard's.
    await page.evaluate(
      (id) => history.pushState(null, '', `#sessionRecordingId=${id}`),
      DEMO.recordings.loose,
    );

    const popup = await openRecordedPopup(env, tabId);
    const paints = await paintsOf(popup);
    expect(paints.source).toBe('stores');
    expect(paints.first?.kind).toBe('Recording');
    expect(
      paints.headers.some((header) => header.includes('Product KPIs') || header.startsWith('Dashboard')),
    ).toBe(false);
    await Promise.all([popup.close(), page.close()]);
  });

  it('never shows a key forgotten in the options as connected', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${project}/replay/${DEMO.recordings.inCheckout}?pause`,
    );
    const warm = await openRecordedPopup(env, tabId);
    expect((await paintsOf(warm)).connected).toBe(true);
    await warm.close();

    const options = await env.session.openOptions();
    await expect(sendFromExtensionPage(options, 'settings/forget')).resolves.toMatchObject({ ok: true });
    await options.close();
    await closeExtensionPages(env);
    await stopServiceWorker(env.session);

    const popup = await openRecordedPopup(env, tabId);
    const paints = await paintsOf(popup);
    expect(paints.source).toBe('stores');
    expect(paints.first?.setup).toBe(true);
    expect(paints.connected).toBe(false);
    expect(paints.headers).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });
});
