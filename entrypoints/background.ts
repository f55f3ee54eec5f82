import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createPostHogClient } from '../lib/api/client';
import { createBadgeService } from '../lib/background/badge';
import { createContentScriptService } from '../lib/background/content-scripts';
import { createDispatcher } from '../lib/background/dispatcher';
import { createCoreHandlers } from '../lib/background/handlers';
import { createPrefetcher } from '../lib/background/prefetch';
import { createSessionBridge } from '../lib/background/session-bridge';
import { createSettingsService } from '../lib/background/settings';
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
    onChange: () => void contentScripts.sync(),
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
    onContextChange: createPrefetcher({ warmStatus: () => settings.status() }),
    onHookError: (error) => console.warn('[hogmark] tab context:', error),
  });
  const session = createSessionBridge({
    findSessionTab: async (origin) => (await browser.tabs.query({ url: `${origin}/*` }))[0]?.id,
    sendToTab: (tabId, message) => browser.tabs.sendMessage(tabId, message, { frameId: 0 }),
  });
  const { dispatch } = createDispatcher({
    handlers: createCoreHandlers({ settings, tabs, session }),
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    getAppOrigins: () => settings.appOrigins(),
    onError: (type, error) => console.warn(`[hogmark] ${type}:`, error.kind),
  });
  browser.runtime.onMessage.addListener((message, sender) => dispatch(message, sender));
  browser.tabs.onUpdated.addListener((tabId, change) => {
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
