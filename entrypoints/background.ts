import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createPostHogClient } from '../lib/api/client';
import { createBadgeService } from '../lib/background/badge';
import { createBadgeFlash } from '../lib/background/badge-flash';
import { type ChromiumPlatform, chromiumOffscreen, createClipboardWriter } from '../lib/background/clipboard';
import { writeTextFromPage } from '../lib/background/clipboard-dom';
import { createContentScriptService } from '../lib/background/content-scripts';
import { createDashboardsService } from '../lib/background/dashboards';
import { createDashboardCache } from '../lib/background/dashboards-cache';
import { createDashboardHandlers } from '../lib/background/dashboards-handlers';
import { createDispatcher } from '../lib/background/dispatcher';
import { createCoreHandlers } from '../lib/background/handlers';
import { createPlaylistFeature } from '../lib/background/playlists-feature';
import { createPopupOpen } from '../lib/background/popup-open';
import { createListWarmer, createPrefetcher } from '../lib/background/prefetch';
import { createSessionBridge } from '../lib/background/session-bridge';
import { createSettingsService } from '../lib/background/settings';
import { createShareLinks } from '../lib/background/share-links';
import { COPY_LINK_COMMAND, createCopyLinkCommand } from '../lib/background/share-links-command';
import { COPY_DASHBOARD_MENU_ID, createDashboardLinkMenu } from '../lib/background/share-links-menu';
import { createTabContextService } from '../lib/background/tab-context';
import { parsePageContext } from '../lib/context';
import { setTranslator, translatorFrom } from '../lib/i18n';
import { createApiKeyStore, createIndexedDbKeyValueStore } from '../lib/key-store';
import { restrictSessionStorage } from '../lib/storage';

export default defineBackground(() => {
  setTranslator(translatorFrom(browser.i18n.getMessage));
  void restrictSessionStorage(browser.storage.session);
  const settings = createSettingsService({
    storage: browser.storage.local,
    // The key lives in the extension origin's IndexedDB: content scripts can read storage.local, not this.
    keyStore: createApiKeyStore(createIndexedDbKeyValueStore(indexedDB)),
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
    onError: (error) => console.warn('[hogmark] content script registration:', String(error)),
  });
  // On every start, and when the user grants or revokes access in the browser's own UI.
  void contentScripts.sync();
  browser.permissions.onAdded.addListener(() => void contentScripts.sync());
  browser.permissions.onRemoved.addListener(() => void contentScripts.sync());
  const badge = createBadgeService({ action: browser.action });
  const tabs = createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => (await browser.tabs.get(tabId).catch(() => undefined))?.url,
    parsePageContext,
    getAppOrigins: () => settings.appOrigins(),
    onViewChange: (tabId, view, cause) => badge.show(tabId, view, { rewrite: cause === 'tab' }),
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
    onHookError: (error) => console.warn('[hogmark] tab context:', error),
  });
  const session = createSessionBridge({
    findSessionTab: async (origin) => (await browser.tabs.query({ url: `${origin}/*` }))[0]?.id,
    sendToTab: (tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 }),
  });
  const dashboards = createDashboardsService({
    connection: () => settings.connection(),
    api: (connection, projectId) => createPostHogClient(connection).project(projectId).dashboards,
    cache: createDashboardCache({ storage: browser.storage.local }),
  });
  const shareLinks = createShareLinks({
    connection: () => settings.connection(),
    sharing: (projectId, dashboardId) => dashboards.sharing(projectId, dashboardId),
  });
  const playlists = createPlaylistFeature({
    connection: () => settings.connection(),
    playlistsApi: (connection, projectId) => createPostHogClient(connection).project(projectId).playlists,
    local: browser.storage.local,
    session: browser.storage.session,
    forward: (origin, route) => session.forward(origin, route),
    tabContext: (tabId) => tabs.get(tabId),
    action: browser.action,
    restoreBadge: async (tabId) => {
      badge.forgetTab(tabId);
      await badge.show(tabId, await tabs.get(tabId));
    },
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
    onError: (error) => console.warn('[hogmark] playlists:', error instanceof Error ? error.message : error),
  });
  browser.commands.onCommand.addListener((command, tab) => void playlists.onCommand(command, tab));
  browser.contextMenus.onClicked.addListener((info, tab) => void playlists.onMenuClicked(info, tab));
  void playlists.syncMenus();
  const { dispatch } = createDispatcher({
    handlers: {
      ...createCoreHandlers({ settings, tabs, session }),
      ...createDashboardHandlers({ dashboards, shareLinks }),
      ...playlists.handlers,
      'popup/open': createPopupOpen({
        status: () => settings.status(),
        tabView: (tabId) => tabs.get(tabId),
        sessionState: () => playlists.sessionState(),
        cachedPlaylists: (recording) => playlists.cachedList(recording),
        onError: (error) =>
          console.warn('[hogmark] popup/open:', error instanceof Error ? error.message : error),
      }),
    },
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    getAppOrigins: () => settings.appOrigins(),
    onError: (type, error) => console.warn(`[hogmark] ${type}:`, error.kind),
  });
  browser.runtime.onMessage.addListener((message, sender) => dispatch(message, sender));
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
        badge.forgetTab(tabId);
        await badge.show(tabId, await tabs.get(tabId));
      },
    }),
    onError: (error) => console.warn('[hogmark] copy link:', error instanceof Error ? error.message : error),
  });
  browser.commands.onCommand.addListener(async (command, tab) => {
    if (command !== COPY_LINK_COMMAND) return;
    const tabId = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
    if (tabId !== undefined) await copyLink.copyFromTab(tabId);
  });
  const dashboardMenu = createDashboardLinkMenu({
    menus: browser.contextMenus,
    getAppOrigins: () => settings.appOrigins(),
    onError: (error) => console.warn('[hogmark] dashboard menu:', String(error)),
  });
  void dashboardMenu.sync();
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== COPY_DASHBOARD_MENU_ID || tab?.id === undefined || !info.linkUrl) return;
    void copyLink.copyFromLink(tab.id, info.linkUrl);
  });
  const ownPages = browser.runtime.getURL('/');
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    // Hogmark's own pages (options, the dashboards view, the picker window) never show a PostHog
    // page: no context to work out, and no work competing with the popup's first message.
    if (tab.url?.startsWith(ownPages)) return;
    if (change.url !== undefined || change.status !== undefined) void tabs.observeTab(tabId);
  });
  // Tabs already open when Hogmark is installed or updated.
  browser.runtime.onInstalled.addListener(async () => {
    const open = await browser.tabs.query({});
    await Promise.all(open.map((tab) => (tab.id === undefined ? undefined : tabs.observeTab(tab.id))));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    badge.forgetTab(tabId);
    void tabs.forgetTab(tabId);
  });
});
