import { render } from 'preact';
import { browser } from 'wxt/browser';
import { BulkAsk } from '../../components/bulk-ask';
import { createPageSender } from '../../lib/messaging/page-sender';
import { setTranslator, t, translatorFrom } from '../../lib/platform/i18n';
import { createBulkAskStore } from '../../lib/stores/bulk-ask';
import './bulk-ask.css';

setTranslator(translatorFrom(browser.i18n.getMessage));
document.title = t('bulkAskTitle');
const store = createBulkAskStore({
  send: createPageSender((message) => browser.runtime.sendMessage(message)),
  askId: new URLSearchParams(location.search).get('ask'),
  close: () => window.close(),
});
const root = document.getElementById('app');
if (root) render(<BulkAsk store={store} />, root);
void store.load();
