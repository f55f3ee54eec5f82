import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createPostHogClient } from '../lib/api/client';
import { createDispatcher } from '../lib/background/dispatcher';
import { createCoreHandlers } from '../lib/background/handlers';
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
  });
  const tabs = createTabContextService({
    session: browser.storage.session,
    getTabUrl: async (tabId) => (await browser.tabs.get(tabId).catch(() => undefined))?.url,
    parsePageContext,
    getAppOrigins: () => settings.appOrigins(),
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
  browser.tabs.onRemoved.addListener((tabId) => void tabs.forgetTab(tabId));
});
