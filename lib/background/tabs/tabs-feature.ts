import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import type { Handlers } from '../messages/dispatcher';
import type { SettingsService } from '../settings/settings';
import type { BadgeService } from '../toolbar/badge';
import { createPageNames, type PageNamesDeps } from './page-names';
import { createListWarmer, createPrefetcher, type ListWarmerDeps } from './prefetch';
import { createTabContextService, type TabView } from './tab-context';
import { createViewWatchers, type PortLike } from './view-watchers';

/** The parts of the browser the tabs room uses. */
export interface TabsBrowser {
  /** `storage.session`: hints outlive the worker, not the browser. */
  storage: { session: StorageAreaLike };
  tabs: {
    get(tabId: number): Promise<{ url?: string; title?: string }>;
    query(query: Record<string, never>): Promise<Array<{ id?: number }>>;
  };
  runtime: { id: string; getURL(path: '/'): string };
}

export interface TabsFeatureDeps {
  browser: TabsBrowser;
  settings: Pick<SettingsService, 'connection' | 'appOrigins' | 'status'>;
  /** Names and lists other rooms keep, read from their caches for the page and fetched ahead. */
  lists: Pick<PageNamesDeps, 'playlistName' | 'dashboardName'> &
    Pick<ListWarmerDeps, 'warmPlaylists' | 'hasDashboards' | 'fetchDashboards'>;
  /** The toolbar button follows each tab's view. */
  badge: Pick<BadgeService, 'show' | 'forgetTab'>;
}

/**
 * What each tab shows: its context from the URL plus the content script's hints, named from cached
 * lists; the lists it will need fetched ahead; open popups told when their tab's view changes; and
 * the `context/*` messages.
 */
export function createTabsFeature(deps: TabsFeatureDeps) {
  const { browser, settings, lists, badge } = deps;
  const connection = () => settings.connection().catch(() => null);
  const tabs = createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => (await browser.tabs.get(tabId).catch(() => undefined))?.url,
    getTab: (tabId) => browser.tabs.get(tabId).catch(() => undefined),
    getAppOrigins: settings.appOrigins,
    nameOf: createPageNames({
      connection,
      playlistName: lists.playlistName,
      dashboardName: lists.dashboardName,
    }),
    onViewChange: (tabId, view, cause) => {
      views.notify(tabId, view);
      return badge.show(tabId, view, { rewrite: cause === 'tab' });
    },
    onContextChange: createPrefetcher({
      warmStatus: settings.status,
      warmList: createListWarmer({ connection, ...lists }),
    }),
    onHookError: (error) => logFailure('tab context', error),
  });
  // Open popups watching their tab's view (a late title, the playback second).
  const views = createViewWatchers({
    current: tabs.current,
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    onError: (error) => logFailure('view watchers', error),
  });

  const handlers = {
    'context/get': ({ tabId }) => tabs.get(tabId),
    'context/hint': tabs.hint,
  } satisfies Handlers;

  return {
    handlers,
    view: (tabId: number): Promise<TabView> => tabs.get(tabId),
    /** `runtime.onConnect`: a popup watching its tab. */
    onConnect: (port: PortLike) => views.onConnect(port),
    /** `tabs.onUpdated`, for tabs other than Hogmark's own pages. */
    onUpdated: (tabId: number, change: { url?: string; status?: string; title?: string }) => {
      // The title too: it names insights, notebooks and other pages once PostHog has loaded them.
      if (change.url !== undefined || change.status !== undefined || change.title !== undefined) {
        void tabs.observeTab(tabId);
      }
    },
    /** `runtime.onInstalled`: tabs already open get their context. */
    async onInstalled(): Promise<void> {
      const open = await browser.tabs.query({});
      await Promise.all(open.map((tab) => (tab.id === undefined ? undefined : tabs.observeTab(tab.id))));
    },
    /** `tabs.onRemoved`. */
    onRemoved(tabId: number): void {
      badge.forgetTab(tabId);
      views.forgetTab(tabId);
      void tabs.forgetTab(tabId);
    },
  };
}
export type TabsFeature = ReturnType<typeof createTabsFeature>;
