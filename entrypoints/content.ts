import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { CLOUD_APP_MATCHES, TEST_APP_MATCHES } from '../lib/app-origins';
import { isInPageButtonEnabled, mountInPageButton } from '../lib/content/in-page-button';
import { watchPage } from '../lib/content/page-watcher';
import { relaySessionRequests } from '../lib/content/session-relay';

export default defineContentScript({
  matches: import.meta.env.MODE === 'test' ? [...CLOUD_APP_MATCHES, ...TEST_APP_MATCHES] : CLOUD_APP_MATCHES,
  runAt: 'document_idle',
  main(ctx) {
    document.documentElement.dataset.hogmark = 'ready';
    watchPage({
      window,
      document,
      createObserver: (callback) => new MutationObserver(callback),
      // A plain object: the background parses it; zod stays out of the page.
      send: (hints) => browser.runtime.sendMessage({ type: 'context/hint', input: hints }),
      signal: ctx.signal,
    });
    relaySessionRequests({
      // sendResponse rather than a returned promise: this script runs without webextension-polyfill
      // (wxt.config.ts), and Chromium's native onMessage ignores a promise.
      listen: (listener) =>
        browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
          const answer = listener(message);
          if (!answer) return undefined;
          void answer.then(sendResponse);
          return true;
        }),
      send: (message) => browser.runtime.sendMessage(message),
      fetch: (input, init) => fetch(input, init),
      cookie: () => document.cookie,
      origin: location.origin,
    });
    mountInPageButton({
      document,
      message: (key) => browser.i18n.getMessage(key as never),
      add: () => browser.runtime.sendMessage({ type: 'recording/add-from-page', input: {} }),
      undo: () => browser.runtime.sendMessage({ type: 'recording/undo-from-page', input: {} }),
      // storage.local holds the settings, never the key (that lives in the extension's IndexedDB).
      enabled: async () =>
        isInPageButtonEnabled((await browser.storage.local.get('settings')).settings, location.origin),
      onSettingsChange: (listener) =>
        browser.storage.onChanged.addListener((changes, area) => {
          if (area === 'local' && 'settings' in changes) listener();
        }),
      signal: ctx.signal,
    });
  },
});
