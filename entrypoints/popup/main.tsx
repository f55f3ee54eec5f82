import { computed } from '@preact/signals';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PopupApp } from '../../components/popup-app';
import { setTranslator, translatorFrom } from '../../lib/i18n';
import { createPageSender } from '../../lib/page-sender';
import { recordingFromSearch } from '../../lib/picker-recording';
import { createPlaylistPickerStore } from '../../lib/stores/playlist-picker';
import { pickerScopeOf } from '../../lib/stores/playlist-picker-model';
import { createPopupStore, tabIdFromSearch } from '../../lib/stores/popup';
import { createSharePanels } from '../../lib/stores/share-panels';
import './popup.css';

setTranslator(translatorFrom(browser.i18n.getMessage));
const send = createPageSender((message) => browser.runtime.sendMessage(message));
const store = createPopupStore({
  send,
  openOptions: async () => {
    await browser.runtime.openOptionsPage();
    window.close();
  },
  // Querying the active tab needs no `tabs` permission; its URL comes from the background.
  getTabId: async () =>
    tabIdFromSearch(location.search) ??
    (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id,
  recording: recordingFromSearch(location.search),
  // Called once the answer is in, long after this module has run: `playlists` exists by then.
  onOpen: (answer) => playlists.open(answer),
});
// First, before anything else is built or rendered: the one message the first paint waits for.
void store.load();

const playlists = createPlaylistPickerStore({
  send,
  scope: computed(() => pickerScopeOf(store.state.value, location.search)),
});
const share = createSharePanels({
  send,
  // The user's click on a Copy button is what lets the popup write to the clipboard.
  writeText: (text) => navigator.clipboard.writeText(text),
  openDashboards: async () => {
    await browser.tabs.create({ url: browser.runtime.getURL('/dashboards.html') });
    window.close();
  },
});
const root = document.getElementById('app');
if (root) render(<PopupApp store={store} playlists={playlists} share={share} />, root);
