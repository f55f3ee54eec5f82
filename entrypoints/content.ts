import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { isInPageButtonEnabled, lastUsedNameFor, mountInPageButton } from '../lib/content/in-page-button';
import { isConfiguredPostHogOrigin } from '../lib/content/page-origin';
import { watchPage } from '../lib/content/page-watcher';
import { TIMESTAMP_FORMAT_KEY } from '../lib/content/player-time';
import { relaySessionRequests } from '../lib/content/session-relay';
import { CLOUD_APP_MATCHES, TEST_APP_MATCHES } from '../lib/posthog/app-origins';

export default defineContentScript({
  matches: import.meta.env.MODE === 'test' ? [...CLOUD_APP_MATCHES, ...TEST_APP_MATCHES] : CLOUD_APP_MATCHES,
  runAt: 'document_idle',
  async main(ctx) {
    // In Firefox a self-hosted PostHog's script runs on every port of its host: only its own port counts.
    // The background's mirror of what this script needs (the key and its settings are elsewhere).
    const settings = async () => (await browser.storage.local.get('pageSettings')).pageSettings;
    if (import.meta.env.FIREFOX && !(await isConfiguredPostHogOrigin(location.origin, settings))) return;
    watchPage({
      window,
      document,
      createObserver: (callback) => new MutationObserver(callback),
      storedTimestampFormat: () => {
        try {
          return window.localStorage.getItem(TIMESTAMP_FORMAT_KEY);
        } catch {
          return undefined;
        }
      },
      // A plain object: the background parses it; zod stays out of the page.
      send: (hints) => browser.runtime.sendMessage({ type: 'context/hint', input: hints }),
      signal: ctx.signal,
    });
    relaySessionRequests({
      // sendResponse rather than a returned promise: this script runs without webextension-polyfill
      // (wxt.config.ts), and Chromium's native onMessage ignores a promise.
      listen: (listener) =>
        browser.runtime.onMessage.addListener((message, _sender, sendResponse): true | undefined => {
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
      href: () => location.href,
      message: (key, ...substitutions) => browser.i18n.getMessage(key as never, substitutions),
      destination: async () => lastUsedNameFor(await settings(), location.href),
      add: () => browser.runtime.sendMessage({ type: 'recording/add-from-page', input: {} }),
      undo: () => browser.runtime.sendMessage({ type: 'recording/undo-from-page', input: {} }),
      cancel: () => browser.runtime.sendMessage({ type: 'recording/cancel-from-page', input: {} }),
      enabled: async () => isInPageButtonEnabled(await settings(), location.origin),
      onSettingsChange: (listener) =>
        browser.storage.onChanged.addListener((changes, area) => {
          if (area === 'local' && 'pageSettings' in changes) listener();
        }),
      signal: ctx.signal,
    });
  },
});
