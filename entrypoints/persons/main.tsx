import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PersonPage } from '../../components/person-page';
import { createPageSender } from '../../lib/messaging/page-sender';
import { setTranslator, t, translatorFrom } from '../../lib/platform/i18n';
import { askIdFromSearch, personPagePath } from '../../lib/posthog/person-asks';
import { createPersonPageStore } from '../../lib/stores/person-page';
import { createCopyStore } from '../../lib/stores/share-copy';
import './persons.css';

setTranslator(translatorFrom(browser.i18n.getMessage));
// Names no person: the title, like the address, lands in the browser's history.
document.title = t('personsPageTitle');
const copy = createCopyStore({ writeText: (text) => navigator.clipboard.writeText(text) });
const store = createPersonPageStore({
  send: createPageSender((message) => browser.runtime.sendMessage(message)),
  copy,
  askId: askIdFromSearch(location.search),
  openAsk: (askId) => location.assign(personPagePath(askId)),
  openTab: async (url) => {
    await browser.tabs.create({ url });
  },
  openOptions: () => browser.runtime.openOptionsPage(),
});
const root = document.getElementById('app');
if (root) {
  render(<PersonPage store={store} copy={copy} />, root);
}
void store.load();
