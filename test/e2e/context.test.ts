import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { findAccessibilityViolations } from './axe';
import { useExtension } from './fixtures';
import { popupHeading, popupReady } from './pages';
import { seekPlayer } from './player-control';

type ChromeAction = {
  action: {
    getTitle(details: { tabId: number }): Promise<string>;
    getBadgeText(details: { tabId: number }): Promise<string>;
  };
};

/** The content script looks every second at most; the background answers in milliseconds. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 5_000, interval: 100 });

describe('page context in the built extension', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  let elsewhere: Server;
  let elsewhereUrl: string;
  const project = DEMO.projects.main;
  let recordingUrl: string;

  /** What the toolbar button shows for a tab, read in the service worker. */
  async function toolbar(tabId: number): Promise<{ title: string; badge: string }> {
    return env.session.serviceWorker.evaluate(async (id) => {
      const api = (globalThis as unknown as { chrome: ChromeAction }).chrome;
      return {
        title: await api.action.getTitle({ tabId: id }),
        badge: await api.action.getBadgeText({ tabId: id }),
      };
    }, tabId);
  }

  /** What clicking an in-app link does in PostHog (kea-router's pushState), through the stand-in's control. */
  const navigateInApp = (page: Page, path: string) =>
    page.evaluate((to) => window.fakePostHog?.navigate(to), path);

  /** A value set in the page's own world: it survives in-app navigation and dies with a reload. */
  const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { hogmarkNoReload: true }));
  const stillSamePage = (page: Page) =>
    page.evaluate(() => (window as unknown as { hogmarkNoReload?: boolean }).hogmarkNoReload === true);

  beforeAll(async () => {
    recordingUrl = `${env.server.url}/project/${project}/replay/${DEMO.recordings.inCheckout}`;
    elsewhere = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Some other site</title><h1>Not PostHog</h1>');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
  });

  afterAll(() => {
    // The browser keeps its connections to this page open; closing only the server would wait for them.
    elsewhere?.closeAllConnections();
    return new Promise((resolve) => elsewhere?.close(resolve));
  });

  it('shows the recording and the second its player shows on the toolbar button and in the popup', async () => {
    // PostHog's player starts playing by itself; `?pause` (PostHog's own parameter) holds it still.
    const { page, tabId } = await env.session.openTab(`${recordingUrl}?t=20&pause`);
    await eventually(() => toolbar(tabId)).toEqual({
      title: 'Recording · project 1 — Hogmark',
      badge: 'REC',
    });
    await seekPlayer(page, 32);

    await eventually(async () => {
      const popup = await popupReady(env.session, tabId);
      const meta = await popup.locator('.context-meta').textContent();
      await popup.close();
      return meta;
    }).toBe('Acme web app · At 00:32');
    const popup = await popupReady(env.session, tabId);
    expect(await popup.locator('.context-kind').textContent()).toBe('Recording');
    // PostHog titles a recording by its session id; the popup names it by its person, once PostHog's
    // metadata (read after the first paint) says who it is.
    await expect.poll(() => popupHeading(popup)).toBe('ana@acme.com');
    await Promise.all([popup.close(), page.close()]);
  });

  it('follows an in-app navigation and a recording opened over the page, without a reload', async () => {
    const { page, tabId } = await env.session.openTab(recordingUrl);
    await eventually(async () => (await toolbar(tabId)).badge).toBe('REC');
    await markPage(page);

    await navigateInApp(page, `/project/${project}/dashboard/${DEMO.dashboards.productKpis}`);
    await page.waitForURL(`${env.server.url}/project/${project}/dashboard/${DEMO.dashboards.productKpis}`);
    await eventually(() => toolbar(tabId)).toEqual({
      title: 'Product KPIs · Dashboard · project 1 — Hogmark',
      badge: 'DASH',
    });
    let popup = await popupReady(env.session, tabId);
    expect(await popup.locator('.context-kind').textContent()).toBe('Dashboard');
    expect(await popupHeading(popup)).toBe('Product KPIs');
    await popup.close();

    // A recording opened over the dashboard, as PostHog's router does it (no hashchange, no reload):
    // the URL wins, and the dashboard's title is not taken for the recording's name.
    await page.evaluate(
      (id) => history.pushState(null, '', `#sessionRecordingId=${id}`),
      DEMO.recordings.loose,
    );
    await eventually(() => toolbar(tabId)).toEqual({
      title: 'Recording · project 1 — Hogmark',
      badge: 'REC',
    });
    popup = await popupReady(env.session, tabId);
    expect(await popup.locator('.context-kind').textContent()).toBe('Recording');
    // The recording opened over the page, named by its person once PostHog's metadata says who it is.
    await expect.poll(() => popupHeading(popup)).toBe('li@globex.com');
    await popup.close();

    expect(await stillSamePage(page)).toBe(true);
    await page.close();
  });

  it("names a collection from PostHog's title after in-app navigation, never from the previous page's", async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/${project}/replay/playlists/${DEMO.playlists.checkoutBugs}`,
    );
    await eventually(async () => (await toolbar(tabId)).title).toBe(
      'Checkout bugs · Collection · project 1 — Hogmark',
    );
    await markPage(page);
    // "Unnamed • Collections • PostHog" while the next collection loads, then its name.
    await navigateInApp(page, `/project/${project}/replay/playlists/${DEMO.playlists.rageClicks}`);
    await eventually(async () => (await toolbar(tabId)).title).toBe(
      'Rage clicks · Collection · project 1 — Hogmark',
    );
    const popup = await popupReady(env.session, tabId);
    expect(await popupHeading(popup)).toBe('Rage clicks');
    expect(await stillSamePage(page)).toBe(true);
    await Promise.all([popup.close(), page.close()]);
  });

  it.each([
    {
      kind: 'Collection',
      list: 'session_recording_playlists',
      first: `/replay/playlists/${DEMO.playlists.checkoutBugs}`,
      item: DEMO.playlists.onboarding,
      next: `/replay/playlists/${DEMO.playlists.onboarding}`,
      renamed: 'Onboarding, first week',
    },
    {
      kind: 'Dashboard',
      list: 'dashboards',
      first: `/dashboard/${DEMO.dashboards.productKpis}`,
      item: String(DEMO.dashboards.marketing),
      next: `/dashboard/${DEMO.dashboards.marketing}`,
      renamed: 'Marketing, Q3 plan',
    },
  ])(
    "names a $kind from PostHog's title alone when Hogmark's cached list still has its old name",
    async ({ kind, list, first, item, next, renamed }) => {
      const listPath = new RegExp(`^/api/projects/${project}/${list}/?$`);
      const listFetches = () =>
        env.server.requests.filter((request) => request.method === 'GET' && listPath.test(request.path))
          .length;
      const { page, tabId } = await env.session.openTab(`${env.server.url}/project/${project}${first}`);
      await eventually(async () => (await toolbar(tabId)).badge).not.toBe('');
      // Hogmark holds the project's list (fetched for this page or an earlier one): its old names.
      await eventually(async () => listFetches()).toBeGreaterThan(0);
      // Someone renames it in PostHog; Hogmark's cached list is not told.
      const rename = await fetch(`${env.server.url}/api/projects/${project}/${list}/${item}/`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${env.server.keys.all}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: renamed }),
      });
      expect(rename.status).toBe(200);
      const fetchedBefore = listFetches();
      await markPage(page);

      await navigateInApp(page, `/project/${project}${next}`);
      await eventually(async () => (await toolbar(tabId)).title).toBe(
        `${renamed} · ${kind} · project 1 — Hogmark`,
      );
      // Nothing brought the new name but the page's title: the list was not fetched again.
      expect(listFetches()).toBe(fetchedBefore);
      expect(await stillSamePage(page)).toBe(true);
      const popup = await popupReady(env.session, tabId);
      expect(await popupHeading(popup)).toBe(renamed);
      await Promise.all([popup.close(), page.close()]);
    },
  );

  it('shows the empty state, with a way to PostHog, on a page Hogmark does not act on', async () => {
    for (const url of [elsewhereUrl, `${env.server.url}/project/${project}/insights/new`]) {
      const { page, tabId } = await env.session.openTab(url);
      await eventually(() => toolbar(tabId)).toEqual({ title: 'Hogmark for PostHog', badge: '' });
      const popup = await popupReady(env.session, tabId);
      expect(await popupHeading(popup)).toBe('Open a recording or dashboard');
      const open = popup.getByRole('link', { name: 'Open PostHog' });
      expect(await open.getAttribute('href')).toBe(`${env.server.url}/project/${project}`);
      await popup.keyboard.press('Tab');
      expect(await open.evaluate((link) => link === document.activeElement)).toBe(true);
      expect(await findAccessibilityViolations(popup)).toEqual([]);
      await Promise.all([popup.close(), page.close()]);
    }
  });

  it('clears the toolbar button when a PostHog tab leaves for another site', async () => {
    const { page, tabId } = await env.session.openTab(recordingUrl);
    await eventually(async () => (await toolbar(tabId)).badge).toBe('REC');
    await page.goto(elsewhereUrl);
    await eventually(() => toolbar(tabId)).toEqual({ title: 'Hogmark for PostHog', badge: '' });
    await page.close();
  });

  it('uses the active tab when opened without a tab id (from the toolbar)', async () => {
    // Opened as a tab itself, the popup is the active tab: an extension page, not PostHog.
    const popup = await env.session.openPopup();
    await popup.locator('main[aria-busy="false"]').waitFor();
    expect(await popupHeading(popup)).toBe('Open a recording or dashboard');
    await popup.close();
  });
});
