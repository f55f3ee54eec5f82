import { browser } from '@wxt-dev/webextension-polyfill/browser';
import type { Runtime } from 'webextension-polyfill';
import { defineBackground } from 'wxt/utils/define-background';
import { createPostHogClient } from '../lib/api/client';
import { createDashboardCache } from '../lib/background/dashboards/dashboard-cache';
import { createDashboardsService } from '../lib/background/dashboards/dashboards';
import { createDashboardHandlers } from '../lib/background/dashboards/dashboards-feature';
import { createCoreHandlers } from '../lib/background/messages/core-handlers';
import { createDispatcher } from '../lib/background/messages/dispatcher';
import { createPendingTriggers, pendingAlarm } from '../lib/background/pending/pending-triggers';
import { createPopupOpen } from '../lib/background/popup/first-view';
import { linksInDocument } from '../lib/background/recordings/link-collector';
import { createPlaylistFeature } from '../lib/background/recordings/recordings-feature';
import { createQuietTabs } from '../lib/background/session/quiet-tab';
import { createSessionBridge } from '../lib/background/session/session-bridge';
import { createContentScriptService } from '../lib/background/settings/content-scripts';
import { createSettingsService } from '../lib/background/settings/settings';
import { COPY_LINK_COMMAND, createCopyLinkCommand } from '../lib/background/share-links/copy-link';
import {
  COPY_DASHBOARD_MENU_ID,
  createDashboardLinkMenu,
} from '../lib/background/share-links/dashboard-link-menu';
import { createShareLinks } from '../lib/background/share-links/share-links';
import { afterMove, moveToTrustedStorage } from '../lib/background/storage/trusted-storage';
import { createPageNames } from '../lib/background/tabs/page-names';
import { createListWarmer, createPrefetcher } from '../lib/background/tabs/prefetch';
import { createTabContextService } from '../lib/background/tabs/tab-context';
import { createViewWatchers } from '../lib/background/tabs/view-watchers';
import { createBadgeService } from '../lib/background/toolbar/badge';
import { createBadgeFlash } from '../lib/background/toolbar/badge-flash';
import {
  type ChromiumPlatform,
  chromiumOffscreen,
  createClipboardWriter,
} from '../lib/background/toolbar/clipboard';
import { writeTextFromPage } from '../lib/background/toolbar/clipboard-dom';
import { setTranslator, translatorFrom } from '../lib/platform/i18n';
import {
  createApiKeyStore,
  createIndexedDbArea,
  createIndexedDbKeyValueStore,
} from '../lib/platform/key-store';
import { logFailure } from '../lib/platform/log';
import { startupMarks } from '../lib/platform/startup-marks';
import { restrictSessionStorage } from '../lib/platform/storage';
import { parsePageContext } from '../lib/posthog/context';
import { BUILD_DIALECT, hostAccessPattern, portlessPattern, tabOnOrigin } from '../lib/posthog/host-patterns';
import { isCloudOrigin } from '../lib/posthog/origins';

export default defineBackground(() => {
  // Test builds mark the worker's start-up for the benchmark: imports evaluated, listeners wired.
  const mark = startupMarks(import.meta.env.MODE === 'test');
  mark('evaluated');
  setTranslator(translatorFrom(browser.i18n.getMessage));
  // The polyfill hands Chromium's storage.session over as is, setAccessLevel included; its types lack it.
  void restrictSessionStorage(browser.storage.session as Parameters<typeof restrictSessionStorage>[0]);
  // The key, and everything that says where it goes or what it can do, live in the extension
  // origin's IndexedDB: content scripts can read and write storage.local, not this.
  const keyStore = createApiKeyStore(createIndexedDbKeyValueStore(indexedDB));
  const moved = moveToTrustedStorage({
    readAll: () => browser.storage.local.get(null),
    local: browser.storage.local,
    trusted: createIndexedDbArea(indexedDB),
    keyStore,
  }).catch((error: unknown) => logFailure('storage move', error));
  const trusted = afterMove(createIndexedDbArea(indexedDB), moved);
  const settings = createSettingsService({
    storage: trusted,
    page: browser.storage.local,
    keyStore,
    isOriginAllowed: async (origin) =>
      isCloudOrigin(origin) ||
      browser.permissions.contains({ origins: [hostAccessPattern(origin, BUILD_DIALECT)] }),
    releaseAccess: async (origin) => {
      // Fails harmlessly for an origin the manifest grants (the test build's 127.0.0.1).
      await browser.permissions
        .remove({ origins: [hostAccessPattern(origin, BUILD_DIALECT)] })
        .catch(() => false);
    },
    clearSession: () => browser.storage.session.clear(),
    clearPage: () => browser.storage.local.clear(),
    createClient: ({ origin, apiKey }) => createPostHogClient({ origin, apiKey }),
    clearCaches: async () => {
      await Promise.all([dashboards.clearCache(), playlists.clear()]);
    },
    onChange: () => {
      void contentScripts.sync();
      void dashboardMenu.sync();
      void playlists.syncMenus();
    },
  });
  const contentScripts = createContentScriptService({
    scripting: browser.scripting,
    permissions: browser.permissions,
    getOrigin: async () => (await settings.getSettings()).origin,
    staticMatches:
      browser.runtime.getManifest().content_scripts?.flatMap((script) => script.matches ?? []) ?? [],
    file: 'content-scripts/content.js',
    dialect: BUILD_DIALECT,
    onError: (error) => logFailure('content script registration', error),
  });
  // On every start, and when the user grants or revokes access in the browser's own UI.
  void contentScripts.sync();
  void moved
    .then(() => settings.syncPageMirror())
    .catch((error: unknown) => logFailure('page settings', error));
  browser.permissions.onAdded.addListener(() => void contentScripts.sync());
  browser.permissions.onRemoved.addListener(() => void contentScripts.sync());
  const badge = createBadgeService({ action: browser.action });
  const tabs = createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => (await browser.tabs.get(tabId).catch(() => undefined))?.url,
    parsePageContext,
    getAppOrigins: () => settings.appOrigins(),
    nameOf: createPageNames({
      connection: () => settings.connection(),
      playlistName: (projectId, shortId) => playlists.cachedName(projectId, shortId),
      dashboardName: async (projectId, dashboardId) =>
        (await dashboards.get({ projectId, dashboardId, source: 'cache' })).dashboard?.name ?? undefined,
    }),
    onViewChange: (tabId, view, cause) => {
      views.notify(tabId, view);
      return badge.show(tabId, view, { rewrite: cause === 'tab' });
    },
    onContextChange: createPrefetcher({
      warmStatus: () => settings.status(),
      warmList: createListWarmer({
        connection: () => settings.connection().catch(() => null),
        warmPlaylists: (projectId) => playlists.warmList(projectId),
        hasDashboards: async (projectId) =>
          (await dashboards.list({ projectId, source: 'cache' })).list !== null,
        fetchDashboards: (projectId) => dashboards.list({ projectId, source: 'fresh' }),
      }),
    }),
    onHookError: (error) => logFailure('tab context', error),
  });
  // Open popups watching their tab's view (a late title, the playback second).
  const views = createViewWatchers({
    current: (tabId) => tabs.current(tabId),
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    onError: (error) => logFailure('view watchers', error),
  });
  browser.runtime.onConnect.addListener((port) => views.onConnect(port));
  const session = createSessionBridge({
    // Port-less, the one query form Firefox matches; then only the exact origin (its port too) counts.
    findSessionTab: async (origin) =>
      tabOnOrigin(await browser.tabs.query({ url: portlessPattern(origin), windowType: 'normal' }), origin),
    sendToTab: (tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 }),
    // No PostHog tab open: one opened in the background, closed once the request is answered.
    quietTabs: createQuietTabs({ tabs: browser.tabs, windows: browser.windows }),
  });
  const dashboards = createDashboardsService({
    connection: () => settings.connection(),
    api: (connection, projectId, signal) =>
      createPostHogClient({ ...connection, signal }).project(projectId).dashboards,
    cache: createDashboardCache({ storage: trusted }),
  });
  const shareLinks = createShareLinks({
    connection: () => settings.connection(),
    sharing: (projectId, dashboardId) => dashboards.sharing(projectId, dashboardId),
    publicSharing: () => settings.publicSharing(),
  });
  const playlists = createPlaylistFeature({
    connection: () => settings.connection(),
    playlistsApi: (connection, projectId, signal) =>
      createPostHogClient({ ...connection, signal }).project(projectId).playlists,
    local: trusted,
    session: browser.storage.session,
    forward: (origin, route, signal) => session.forward(origin, route, signal),
    tabContext: (tabId) => tabs.get(tabId),
    action: browser.action,
    restoreBadge: async (tabId) => {
      badge.release(tabId);
      await badge.show(tabId, await tabs.get(tabId));
    },
    holdBadge: (tabId) => badge.hold(tabId),
    openPopup: () => browser.action.openPopup(),
    openPickerWindow: async (recordingId, projectId) => {
      const query = `recording=${encodeURIComponent(recordingId)}&project=${projectId}`;
      const url = browser.runtime.getURL(`/popup.html?${query}` as '/popup.html');
      await browser.windows.create({ url, type: 'popup', width: 420, height: 600 });
    },
    menus: browser.contextMenus,
    getAppOrigins: () => settings.appOrigins(),
    parsePageContext,
    activeTabId: async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id,
    // With the menu click's activeTab grant: the links of the selection or page, in the frame clicked.
    readLinks: async (tabId, frameId, scope) =>
      (
        await browser.scripting.executeScript({
          target: { tabId, frameIds: [frameId] },
          func: linksInDocument,
          args: [scope],
        })
      )[0]?.result,
    onPendingCount: (count) => void badge.setPending(count),
    // An alarm wakes the worker for the next try of a change waiting to be made.
    schedulePending: pendingAlarm(browser.alarms),
    onError: (error) => logFailure('playlists', error),
  });
  const pendingTriggers = createPendingTriggers({
    pending: playlists.pending,
    appOrigins: () => settings.appOrigins(),
  });
  browser.alarms.onAlarm.addListener((alarm) => void pendingTriggers.onAlarm(alarm));
  globalThis.addEventListener?.('online', () => void pendingTriggers.onOnline());
  void playlists.pending.start().then(() => playlists.pending.tryDue());
  browser.commands.onCommand.addListener((command, tab) => void playlists.onCommand(command, tab));
  void playlists.syncMenus();
  const { dispatch } = createDispatcher({
    handlers: {
      ...createCoreHandlers({ settings, tabs, session }),
      ...createDashboardHandlers({ dashboards, shareLinks }),
      ...playlists.handlers,
      'popup/open': mark.firstAnswer(
        'popup-answered',
        createPopupOpen({
          status: () => settings.status(),
          tabView: (tabId) => tabs.get(tabId),
          sessionState: () => playlists.sessionState(),
          cachedPlaylists: (recording) => playlists.cachedList(recording),
          tabUrl: async (tabId) => (await browser.tabs.get(tabId)).url,
          pendingState: () => playlists.pending.takeState(),
          onError: (error) => logFailure('popup/open', error),
        }),
      ),
    },
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    getAppOrigins: () => settings.appOrigins(),
    onError: (type, error) => logFailure(type, error),
  });
  // Answered by the returned promise: the polyfill turns it into sendResponse in Chromium.
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) =>
    dispatch(message, sender),
  );
  const clipboard = createClipboardWriter({
    offscreen: chromiumOffscreen((globalThis as { chrome?: ChromiumPlatform }).chrome, 'offscreen.html'),
    send: (message) => browser.runtime.sendMessage(message),
    // Firefox's background is a page: it copies itself (with clipboardWrite).
    writeHere:
      typeof document === 'undefined'
        ? undefined
        : (text) => writeTextFromPage({ document, clipboard: navigator.clipboard }, text),
  });
  const copyLink = createCopyLinkCommand({
    view: (tabId) => tabs.get(tabId),
    parsePageContext,
    getAppOrigins: () => settings.appOrigins(),
    bestLink: (context, hints) => shareLinks.bestLink(context, hints),
    write: (text) => clipboard.write(text),
    flash: createBadgeFlash({
      action: browser.action,
      restore: async (tabId) => {
        badge.release(tabId);
        await badge.show(tabId, await tabs.get(tabId));
      },
      hold: (tabId) => badge.hold(tabId),
    }),
    onError: (error) => logFailure('copy link', error),
  });
  browser.commands.onCommand.addListener(async (command, tab) => {
    if (command !== COPY_LINK_COMMAND) return;
    const tabId = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
    if (tabId !== undefined) await copyLink.copyFromTab(tabId);
  });
  const dashboardMenu = createDashboardLinkMenu({
    menus: browser.contextMenus,
    getAppOrigins: () => settings.appOrigins(),
    onError: (error) => logFailure('dashboard menu', error),
  });
  void dashboardMenu.sync();
  type MenuClick = Parameters<Parameters<typeof browser.contextMenus.onClicked.addListener>[0]>;
  const onMenuClicked = async (...[info, tab]: MenuClick): Promise<void> => {
    if (info.menuItemId === COPY_DASHBOARD_MENU_ID) {
      if (tab?.id !== undefined && info.linkUrl) await copyLink.copyFromLink(tab.id, info.linkUrl);
      return;
    }
    await playlists.onMenuClicked(info, tab);
  };
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(info, tab));
  if (import.meta.env.MODE === 'test') {
    // Test builds only: a headless browser cannot open a right-click menu, so the browser tests call
    // the very listener a menu click reaches, with the click's own `info` and `tab`.
    (globalThis as { hogmarkTest?: unknown }).hogmarkTest = { menuClicked: onMenuClicked };
  }
  const ownPages = browser.runtime.getURL('/');
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    // Hogmark's own pages (options, the dashboards view, the picker window) never show a PostHog
    // page: no context to work out, and no work competing with the popup's first message.
    if (tab.url?.startsWith(ownPages)) return;
    if (change.url !== undefined || change.status !== undefined) void tabs.observeTab(tabId);
    if (change.status === 'complete') void pendingTriggers.onPageComplete(tab.url);
  });
  // Tabs already open when Hogmark is installed or updated.
  browser.runtime.onInstalled.addListener(async () => {
    const open = await browser.tabs.query({});
    await Promise.all(open.map((tab) => (tab.id === undefined ? undefined : tabs.observeTab(tab.id))));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    badge.forgetTab(tabId);
    views.forgetTab(tabId);
    void tabs.forgetTab(tabId);
  });
  mark('wired');
});
