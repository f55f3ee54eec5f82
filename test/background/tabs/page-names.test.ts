import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCollectionsFeature } from '../../../lib/background/collections/collections-feature';
import { createPageNames } from '../../../lib/background/tabs/page-names';
import { createTabContextService, type TabContextDeps } from '../../../lib/background/tabs/tab-context';
import type { PageContext } from '../../../lib/posthog/context';
import { DEMO } from '../../fake-posthog/demo-ids';
import { deferred } from '../../support/deferred';
import { fromTab } from '../../support/from-tab';
import { useLocalPostHog } from '../../support/local-posthog';

beforeEach(() => fakeBrowser.reset());

const US = 'https://us.posthog.com';
const RECORDING = `${US}/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438`;
const DASHBOARD = `${US}/project/1/dashboard/2`;
const COLLECTION = `${US}/project/1/replay/playlists/eKdNnFRI`;

function tabsWith(
  urls: Record<number, string>,
  names: Record<string, string>,
  hooks: Partial<TabContextDeps> = {},
) {
  const asked: string[] = [];
  const tabs = createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => urls[tabId],
    getAppOrigins: async () => [US],
    nameOf: async (context) => {
      asked.push(context.kind);
      return names[context.kind === 'dashboard' ? `d${context.dashboardId}` : context.kind];
    },
    ...hooks,
  });
  return { tabs, asked };
}

describe('page names from the cached lists', () => {
  it('names a dashboard and a collection from the cache until the page says a name', async () => {
    const { tabs } = tabsWith(
      { 5: DASHBOARD, 6: COLLECTION },
      { d2: 'Product KPIs', playlist: 'Checkout bugs' },
    );
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: { title: 'Product KPIs' } });
    await expect(tabs.get(6)).resolves.toMatchObject({ hints: { title: 'Checkout bugs' } });
    await tabs.hint({ title: 'Product KPIs (renamed)' }, fromTab(5, DASHBOARD));
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: { title: 'Product KPIs (renamed)' } });
    // The cached name is never filed as the page's hint.
    expect(Object.values(await browser.storage.session.get(null))).toEqual([
      { version: 1, url: DASHBOARD, hints: { title: 'Product KPIs (renamed)' } },
    ]);
  });

  it('asks nothing for a recording (PostHog titles it by its id) or a page with a title', async () => {
    const { tabs, asked } = tabsWith({ 5: RECORDING, 6: DASHBOARD }, {});
    await tabs.get(5);
    await tabs.hint({ title: 'KPIs' }, fromTab(6, DASHBOARD));
    asked.length = 0;
    await tabs.get(6);
    expect(asked).toEqual([]);
    await expect(tabs.get(5)).resolves.toMatchObject({ hints: {} });
  });

  it('a name lookup that fails leaves the page unnamed, never the popup unopened', async () => {
    const { tabs } = tabsWith(
      { 5: DASHBOARD },
      {},
      { nameOf: async () => Promise.reject(new Error('storage')) },
    );
    await expect(tabs.get(5)).resolves.toMatchObject({ context: { kind: 'dashboard' }, hints: {} });
  });

  it('tells the toolbar the name the prefetch brought, once, for the page still shown', async () => {
    const names: Record<string, string> = {};
    let prefetched = deferred();
    const views = vi.fn();
    const { tabs } = tabsWith({ 5: DASHBOARD }, names, {
      onViewChange: views,
      onContextChange: () => {
        prefetched = deferred();
        return prefetched.promise;
      },
    });
    await tabs.observeTab(5);
    expect(views).toHaveBeenLastCalledWith(5, expect.objectContaining({ hints: {} }), 'tab');
    names.d2 = 'Product KPIs';
    prefetched.resolve();
    await expect(tabs.current(5)).resolves.toMatchObject({ hints: { title: 'Product KPIs' } });
    // The refresh the prefetch queued tells the toolbar, once (it may land just after `current`).
    await vi.waitFor(() => expect(views).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(views).toHaveBeenCalledTimes(2);
    expect(views).toHaveBeenLastCalledWith(
      5,
      expect.objectContaining({ hints: { title: 'Product KPIs' } }),
      'hint',
    );
  });
});

describe('createPageNames', () => {
  const CONNECTED = { origin: US, projectId: 1 };
  const dashboard = (origin: string, projectId: number | null): PageContext => ({
    kind: 'dashboard',
    origin,
    projectId,
    dashboardId: 2,
  });

  function names(connection: { origin: string; projectId: number } | null = CONNECTED) {
    const asked: string[] = [];
    const nameOf = createPageNames({
      connection: async () => connection,
      playlistName: async (projectId, shortId) => {
        asked.push(`p${projectId}/${shortId}`);
        return '  Checkout bugs ';
      },
      dashboardName: async (projectId, dashboardId) => {
        asked.push(`d${projectId}/${dashboardId}`);
        return projectId === 1 ? 'Product KPIs' : '';
      },
    });
    return { nameOf, asked };
  }

  it('reads the connected project’s cached lists; a legacy link means the configured project', async () => {
    const { nameOf, asked } = names();
    await expect(nameOf(dashboard(US, 1))).resolves.toBe('Product KPIs');
    await expect(nameOf(dashboard(US, null))).resolves.toBe('Product KPIs');
    await expect(nameOf(dashboard(US, 3))).resolves.toBeUndefined();
    const collection: PageContext = { kind: 'playlist', origin: US, projectId: 1, shortId: 'eKdNnFRI' };
    await expect(nameOf(collection)).resolves.toBe('Checkout bugs');
    expect(asked).toEqual(['d1/2', 'd1/2', 'd3/2', 'p1/eKdNnFRI']);
  });

  it('names nothing on another PostHog, before setup, or for pages without a cached list', async () => {
    const { nameOf, asked } = names();
    await expect(nameOf(dashboard('https://eu.posthog.com', 1))).resolves.toBeUndefined();
    await expect(nameOf({ kind: 'dashboards', origin: US, projectId: 1 })).resolves.toBeUndefined();
    expect(asked).toEqual([]);
    await expect(names(null).nameOf(dashboard(US, 1))).resolves.toBeUndefined();
    const failing = createPageNames({
      connection: async () => Promise.reject(new Error('not configured')),
      playlistName: async () => 'x',
      dashboardName: async () => 'x',
    });
    await expect(failing(dashboard(US, 1))).resolves.toBeUndefined();
  });
});

describe('a collection’s cached name', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  it('comes from the cached list only, never from a request', async () => {
    const connection = { origin: server.url, apiKey: server.keys.all, projectId: 1 };
    const feature = createCollectionsFeature({
      settings: { connection: async () => connection },
      trusted: fakeBrowser.storage.local,
    });
    server.clearRequests();
    await expect(feature.cachedName(1, DEMO.playlists.checkoutBugs)).resolves.toBeUndefined();
    expect(server.requests).toEqual([]);
    await feature.warmList(1);
    server.clearRequests();
    await expect(feature.cachedName(1, DEMO.playlists.checkoutBugs)).resolves.toBe('Checkout bugs');
    await expect(feature.cachedName(1, 'NoSuchOne')).resolves.toBeUndefined();
    expect(server.requests).toEqual([]);
  });
});
