import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { CLOUD_APP_MATCHES, TEST_APP_MATCHES } from '../lib/app-origins';
import { watchPage } from '../lib/content/page-watcher';

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
  },
});
