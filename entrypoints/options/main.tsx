import { render } from 'preact';
import { browser } from 'wxt/browser';
import { OptionsApp } from '../../components/options-app';
import { createPageSender } from '../../lib/messaging/page-sender';
import { setTranslator, translatorFrom } from '../../lib/platform/i18n';
import { BUILD_DIALECT, hostAccessPattern } from '../../lib/posthog/host-patterns';
import { createOptionsStore } from '../../lib/stores/options';
import './options.css';

setTranslator(translatorFrom(browser.i18n.getMessage));
const store = createOptionsStore({
  send: createPageSender((message) => browser.runtime.sendMessage(message)),
  // Called synchronously from the Save click: the browser only shows the prompt during a user gesture.
  // Firefox cannot be asked for one port: it gets the host (every port), the key still only the origin.
  requestHostAccess: (origin) =>
    browser.permissions.request({ origins: [hostAccessPattern(origin, BUILD_DIALECT)] }),
});
const root = document.getElementById('app');
if (root) render(<OptionsApp store={store} />, root);
void store.load();
