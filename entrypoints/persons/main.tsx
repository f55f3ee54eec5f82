import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PersonPage } from '../../components/person-page';
import { createPageSender } from '../../lib/messaging/page-sender';
import { setTranslator, t, translatorFrom } from '../../lib/platform/i18n';
import { askFromSearch, personPageQuery } from '../../lib/posthog/person-asks';
import { createPersonPageStore } from '../../lib/stores/person-page';
import { createCopyStore } from '../../lib/stores/share-copy';
import './persons.css';

setTranslator(translatorFrom(browser.i18n.getMessage));
const opened = askFromSearch(location.search);
document.title = opened ? t('personsPageTitle', opened.ask.value) : t('personsPageTitleEmpty');
const copy = createCopyStore({ writeText: (text) => navigator.clipboard.writeText(text) });
const store = createPersonPageStore({
  send: createPageSender((message) => browser.runtime.sendMessage(message)),
  copy,
  opened,
  openTab: async (url) => {
    await browser.tabs.create({ url });
  },
  openOptions: () => browser.runtime.openOptionsPage(),
});
const root = document.getElementById('app');
if (root) {
  render(
    <PersonPage store={store} copy={copy} onFind={(ask) => location.assign(`?${personPageQuery(ask)}`)} />,
    root,
  );
}
void store.load();
