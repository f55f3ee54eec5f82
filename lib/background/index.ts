import type { PendingChange } from '../messaging/pending-messages';
import { afterFirstAnswers } from '../platform/after-first-answers';
import { logFailure } from '../platform/log';
import { type BulkBrowser, createBulkFeature } from './bulk/bulk-feature';
import { createCollectionsFeature } from './collections/collections-feature';
import { createDashboardsFeature, type DashboardsFeature } from './dashboards/dashboards-feature';
import { createDispatcher, type HandlerMap } from './messages/dispatcher';
import { createPendingFeature, type PendingFeatureDeps } from './pending/pending-feature';
import { createPersonsFeature, type PersonsBrowser } from './persons/persons-feature';
import { createPopupFeature } from './popup/popup-feature';
import { createRecordingsFeature, type RecordingsBrowser } from './recordings/recordings-feature';
import { createSessionFeature, type SessionBrowser } from './session/session-feature';
import type { SentWakeAdd } from './session/wake-adoption';
import { createSettingsFeature, type SettingsBrowser } from './settings/settings-feature';
import { createShareLinksFeature, type ShareLinksFeatureDeps } from './share-links/share-links-feature';
import { createSiteFeature, type SiteBrowser } from './site/site-feature';
import { createCacheSweep } from './storage/cache-sweep';
import { createStorageFeature, type StorageFeatureDeps } from './storage/storage-feature';
import type { TabView } from './tabs/tab-context';
import { createTabsFeature, type TabsBrowser } from './tabs/tabs-feature';
import type { ToolbarView } from './toolbar/badge';
import type { ChromiumPlatform } from './toolbar/clipboard';
import type { ClipboardPage } from './toolbar/clipboard-dom';
import { ADD_TO_LAST_PLAYLIST, COPY_LINK_COMMAND } from './toolbar/shortcuts';
import { createToolbarFeature, type ToolbarBrowser } from './toolbar/toolbar-feature';

/** Every part of the browser the background uses, room by room (the entrypoint passes `browser`). */
export type BackgroundBrowser = StorageFeatureDeps['browser'] &
  SettingsBrowser &
  ToolbarBrowser &
  SessionBrowser &
  PendingFeatureDeps['browser'] &
  RecordingsBrowser &
  BulkBrowser &
  TabsBrowser &
  ShareLinksFeatureDeps['browser'] &
  PersonsBrowser &
  SiteBrowser;

/** How long a start's own work waits at most for the answer to the event that woke the worker. */
export const START_WORK_FALLBACK_MS = 1000;

export interface BackgroundDeps {
  browser: BackgroundBrowser;
  indexedDB: IDBFactory;
  /** Chromium's `chrome` (offscreen documents for the clipboard); undefined in Firefox. */
  chromium: ChromiumPlatform | undefined;
  /** Firefox's background is a page that copies itself; undefined in a service worker. */
  page: ClipboardPage | undefined;
  /** "Sign in with PostHog": a Client ID Metadata Document's URL set at build time, if any. */
  clientMetadataUrl?: string;
  /** Wraps `popup/open` (test builds mark the worker's first answer for the benchmark). */
  firstAnswer?: <I, O>(handler: (input: I) => Promise<O>) => (input: I) => Promise<O>;
}

/**
 * The background's rooms, each built by its composer and handed the rooms it needs; the complete
 * message map; and one listener body per browser event, which `entrypoints/background.ts` registers.
 * Where each feature lives: docs/ARCHITECTURE.md.
 */
export function createBackground(deps: BackgroundDeps) {
  const { browser } = deps;
  const storage = createStorageFeature({ browser, indexedDB: deps.indexedDB });
  // What PostHog said of people, out of storage.session once expired (the rooms are composed below).
  const caches = createCacheSweep({
    alarms: browser.alarms,
    sweeps: () => [shareLinks.sweepCache, persons.sweepCache, site.sweepCache],
    onError: (error) => logFailure('cache sweep', error),
  });
  const { settings, ...settingsRoom } = createSettingsFeature({
    browser,
    ...storage,
    ...(deps.clientMetadataUrl ? { clientMetadataUrl: deps.clientMetadataUrl } : {}),
    clearCaches: async () => {
      await Promise.all([
        dashboards.dashboards.clearCache(),
        collections.clear(),
        recordings.clear(),
        pending.queue.clear(),
        shareLinks.clear(),
        persons.clear(),
        site.clear(),
      ]);
    },
    onChange: () => void Promise.all([shareLinks.syncMenus(), recordings.syncMenus(), persons.syncMenus()]),
    // Signed in again: what waited for it (a pick refused as "sign in again") is made now.
    onSignedIn: (origin) =>
      void pending.queue.pageLoaded(origin).catch((error: unknown) => logFailure('pending changes', error)),
    // The content script's mirror names each project's last-used collection (composed below).
    lastUsedNames: () => collections.collections.lastUsedNames(),
  });
  const view = (tabId: number) => tabs.view(tabId);
  // The toolbar's title names a tab's recording by its person once PostHog has said who it is, and
  // the collection the add shortcut goes to from it.
  const withPerson = async (shown: TabView): Promise<ToolbarView> => {
    if (shown.context?.kind !== 'recording') return shown;
    const { projectId } = shown.context;
    const [person, lastUsed] = await Promise.all([
      shareLinks.recordingPerson(shown.context).catch(() => undefined),
      collections.lastUsedName(projectId ?? undefined).catch(() => null),
    ]);
    return { ...shown, ...(person ? { person } : {}), ...(lastUsed ? { lastUsed } : {}) };
  };
  const toolbar = createToolbarFeature({
    browser,
    tabView: async (tabId) => withPerson(await view(tabId)),
    chromium: deps.chromium,
    page: deps.page,
    shortcuts: {
      [ADD_TO_LAST_PLAYLIST]: (tabId) => recordings.addToLastUsed(tabId),
      [COPY_LINK_COMMAND]: (tabId) => shareLinks.copyFromTab(tabId),
    },
  });
  const session = createSessionFeature({ browser, keyOwner: () => settings.ownerForSession() });
  const dashboards: DashboardsFeature = createDashboardsFeature({ settings, trusted: storage.trusted });
  const collections = createCollectionsFeature({
    settings,
    trusted: storage.trusted,
    // Everything that names where "add to the last-used" goes follows it.
    onLastUsedChange: () => {
      void settings.syncPageMirror().catch((error: unknown) => logFailure('page settings', error));
      void recordings.retitleMenus();
    },
  });
  const pending = createPendingFeature({
    browser,
    settings,
    toolbar,
    trusted: storage.trusted,
    apply: (change: PendingChange, options) => recordings.applyPending(change, options),
  });
  const recordings = createRecordingsFeature({
    browser,
    settings,
    collections: collections.collections,
    forward: session.forward,
    containerOf: session.containerOf,
    privateTab: session.privateTab,
    askedFrom: session.askedFrom,
    tabContext: view,
    flash: toolbar.flash,
    pending: pending.queue,
    // The bulk room reads the links and adds them through this room's writes (composed below).
    addLinked: (click) => bulk.addLinked(click),
    // The share-links room keeps what PostHog said of each recording (composed below; read on use).
    recordingFace: async (ref, source) =>
      (await shareLinks.handlers['recordings/face']({ ...ref, source })).face,
  });
  const bulk = createBulkFeature({
    browser,
    settings,
    collections: collections.collections,
    recordings,
    forward: session.forward,
    flash: toolbar.flash,
  });
  const tabs = createTabsFeature({
    browser,
    settings,
    badge: {
      show: async (tabId, shown, options) => toolbar.badge.show(tabId, await withPerson(shown), options),
      forgetTab: (tabId) => toolbar.badge.forgetTab(tabId),
    },
    lists: {
      playlistName: collections.cachedName,
      warmPlaylists: collections.warmList,
      dashboardName: dashboards.cachedName,
      hasDashboards: dashboards.hasCachedList,
      fetchDashboards: dashboards.fetchList,
    },
  });
  const shareLinks = createShareLinksFeature({
    browser,
    settings,
    dashboards: dashboards.dashboards,
    view,
    toolbar,
    expiresAt: caches.expiresAt,
  });
  const persons = createPersonsFeature({
    browser,
    settings,
    recordings: recordings.forPersonPage,
    bulkAdd: bulk.bulkAdd,
    flash: toolbar.flash,
    expiresAt: caches.expiresAt,
  });
  const site = createSiteFeature({
    browser,
    settings,
    trusted: storage.trusted,
    recordings: { ...recordings.forPersonPage, add: recordings.actions.add },
    collections: collections.collections,
    expiresAt: caches.expiresAt,
    // PostHog counts every recordings list of a key together: one wait for the person page and this.
    listingWait: persons.listingWait,
  });
  const popup = createPopupFeature({
    browser,
    settings,
    tabView: view,
    recordings,
    collections,
    pending: pending.queue,
    firstAnswer: deps.firstAnswer,
    onError: (error) => logFailure('popup/open', error),
  });
  const handlers = {
    ...settingsRoom.handlers,
    ...tabs.handlers,
    ...session.handlers,
    ...dashboards.handlers,
    ...shareLinks.handlers,
    ...collections.handlers,
    ...recordings.handlers,
    ...bulk.handlers,
    ...pending.handlers,
    ...persons.handlers,
    ...site.handlers,
    ...popup.handlers,
  } satisfies HandlerMap;
  const { dispatch } = createDispatcher({
    handlers,
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    getAppOrigins: settings.appOrigins,
    onError: logFailure,
  });
  const ownPages = browser.runtime.getURL('/');
  // What every start does for itself waits for the answer to the event that woke the worker.
  const startWork = afterFirstAnswers(
    () => {
      settingsRoom.start(storage.moved);
      void storage.startCopy();
      // Leftover quiet tabs are closed before waiting changes may open a new one.
      void session
        .start()
        .catch((error: unknown) => logFailure('quiet tabs', error))
        .then(() => pending.start());
      void caches.start();
      void shareLinks.syncMenus();
      void recordings.syncMenus();
      void persons.syncMenus();
    },
    { fallbackMs: START_WORK_FALLBACK_MS },
  );

  /** An event's answer, with the add the wake script sent for it (`sent`) taken over (session-feature.ts). */
  const woken = <T>(sent: SentWakeAdd | undefined, answer: () => Promise<T>) =>
    startWork.after(session.withWakeAdd(sent, answer, recordings.wakeAddLeft));
  return {
    /** The complete message map (the dispatcher's; tests check it against the protocol). */
    handlers,
    /** The listener bodies, one per browser event. */
    on: {
      message: (message: unknown, sender: Parameters<typeof dispatch>[1], sent?: SentWakeAdd) =>
        woken(sent, () => dispatch(message, sender)),
      connect: tabs.onConnect,
      installed: tabs.onInstalled,
      accessChanged: settingsRoom.onAccessChanged,
      alarm: (alarm: { name: string }) => void Promise.all([pending.onAlarm(alarm), caches.onAlarm(alarm)]),
      online: () => void pending.onOnline(),
      command: (command: string, tab?: { id?: number }, sent?: SentWakeAdd) =>
        woken(sent, () => toolbar.onCommand(command, tab)),
      menuClicked: (...[info, tab]: Parameters<typeof recordings.onMenuClicked>): Promise<void> =>
        startWork.after(
          Promise.all([
            shareLinks.onMenuClicked(info, tab),
            recordings.onMenuClicked(info, tab),
            persons.onMenuClicked(info, tab),
          ]).then(() => undefined),
        ),
      tabUpdated(
        tabId: number,
        change: { url?: string; status?: string; title?: string },
        tab: { url?: string },
      ): void {
        // A page loading may be a sign-in as someone else: who is signed in there is asked again.
        if (change.status === 'loading' || change.url !== undefined) session.forgetTab(tabId);
        // Hogmark's own pages (options, the dashboards view, the picker) never show a PostHog page.
        if (tab.url?.startsWith(ownPages)) return;
        tabs.onUpdated(tabId, change);
        if (change.status === 'complete') void pending.onPageComplete(tab.url);
      },
      tabRemoved(tabId: number): void {
        session.forgetTab(tabId);
        tabs.onRemoved(tabId);
      },
      tabActivated: (activated: { tabId: number }) =>
        void session.onTabActivated(activated).catch((error: unknown) => logFailure('quiet tabs', error)),
    },
    /**
     * On every start: content script, mirror, menus, and what waits to be made, once the first answer
     * (a message's, a shortcut's, a menu click's) has settled, or after START_WORK_FALLBACK_MS.
     */
    start: startWork.arm,
  };
}
export type Background = ReturnType<typeof createBackground>;
