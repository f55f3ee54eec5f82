import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PopupApp } from '../../components/popup-app';
import { setTranslator, translatorFrom } from '../../lib/i18n';
import { createMessageSender } from '../../lib/messages';
import { createPopupStore, tabIdFromSearch } from '../../lib/stores/popup';
import '../../components/theme.css';
import './popup.css';

setTranslator(translatorFrom(browser.i18n.getMessage));
const store = createPopupStore({
  send: createMessageSender((message) => browser.runtime.sendMessage(message)),
  openOptions: async () => {
    await browser.runtime.openOptionsPage();
    window.close();
  },
  // Querying the active tab needs no `tabs` permission; its URL comes from the background.
  getTabId: async () =>
    tabIdFromSearch(location.search) ??
    (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id,
});
const root = document.getElementById('app');
if (root) render(<PopupApp store={store} />, root);
void store.load();
