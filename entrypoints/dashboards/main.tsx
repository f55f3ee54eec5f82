import { render } from 'preact';
import { browser } from 'wxt/browser';
import { DashboardFinder } from '../../components/dashboard-finder';
import { createPageSender } from '../../lib/messaging/page-sender';
import { setTranslator, t, translatorFrom } from '../../lib/platform/i18n';
import { createDashboardListStore } from '../../lib/stores/dashboard-list';
import { createCopyStore } from '../../lib/stores/share-copy';
import './dashboards.css';

setTranslator(translatorFrom(browser.i18n.getMessage));
document.title = t('dashboardsPageTitle');
const copy = createCopyStore({ writeText: (text) => navigator.clipboard.writeText(text) });
const store = createDashboardListStore({
  send: createPageSender((message) => browser.runtime.sendMessage(message)),
  copy,
  openTab: async (url) => {
    await browser.tabs.create({ url });
  },
  openOptions: () => browser.runtime.openOptionsPage(),
});
const root = document.getElementById('app');
if (root) render(<DashboardFinder store={store} copy={copy} />, root);
void store.load();
