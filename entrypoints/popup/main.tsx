// First, before anything else is evaluated: the one message the first paint waits for.
import './first-request';
import { computed, effect, signal } from '@preact/signals';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PopupApp, type SiteView } from '../../components/popup-app';
import { knownFace } from '../../lib/messaging/first-view/known-face';
import { STORED } from '../../lib/messaging/first-view/stored-names';
import { watchTabView } from '../../lib/messaging/view-port';
import { playbackSecond } from '../../lib/posthog/links';
import { type PersonAsk, personPagePath } from '../../lib/posthog/person-asks';
import { createCollectionPickerStore } from '../../lib/stores/collection-picker';
import { pickerScopeOf } from '../../lib/stores/collection-picker-model';
import { drawWhenKnown } from '../../lib/stores/first-draw';
import { createPendingStore } from '../../lib/stores/pending-changes';
import { createPopupStore } from '../../lib/stores/popup';
import { createPopupHeader } from '../../lib/stores/popup-header';
import { createRecordingFaces } from '../../lib/stores/recording-face';
import { createSharePanels } from '../../lib/stores/share-panels';
import { askedFrom, knownFaces, opening, openingDeps, pageName, send, stored } from './first-request';
import './popup.css';

// Its name as the browser gave it in the manifest: asking i18n now would fetch every message.
document.title = pageName;

const store = createPopupStore({
  ...openingDeps,
  opening,
  stored,
  openOptions: async () => {
    await browser.runtime.openOptionsPage();
    window.close();
  },
  // Test builds say on the page where the first view came from, for the browser tests.
  onFirstView:
    import.meta.env.MODE === 'test'
      ? (source) => document.documentElement.setAttribute('data-first-view', source)
      : undefined,
  // Called once the answer is in, long after this module has run: `playlists` exists by then.
  onOpen: (answer) => {
    pending.open(answer);
    playlists.open(answer);
  },
});
void store.load();

const playlists = createCollectionPickerStore({
  send,
  scope: computed(() => pickerScopeOf(store.state.value, location.search)),
  // Where a note goes: the second the tab's player shows for its recording.
  playerSecond: computed(() => {
    const state = store.state.value;
    if (state.phase !== 'ready' || state.context?.kind !== 'recording') return null;
    const second = playbackSecond(state.context, state.hints);
    return second === undefined ? null : { recordingId: state.context.recordingId, second };
  }),
  askedFrom,
});
const pending = createPendingStore({ send });
let faceCache: unknown;
void knownFaces.then((cache) => {
  faceCache = cache;
});
const faces = createRecordingFaces({
  send,
  known: (ref) => knownFace(faceCache, STORED.itemLinks.version, ref, Date.now()),
});
// The picker window (its `?recording=`) fills its window's width; the toolbar popup sets its own.
if (openingDeps.recording !== null) document.documentElement.classList.add('in-window');
// The tab's page, else the recording the picker is for (the picker window's, a link's pick over
// another site), headed as the popup over that recording is: never the empty state above its list.
const header = createPopupHeader({
  state: store.state,
  picking: playlists.target,
  inWindow: openingDeps.recording !== null,
  faces,
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
// "Recorded here": over a page that is none of PostHog's (the empty header), the background reads
// the tab's site once, on this popup's click, and lists the recordings that visited it. Its code is
// a chunk of its own, loaded only then: the popup over PostHog's pages does not pay for it.
const site = signal<SiteView | null>(null);
const stopSite = effect(() => {
  const ready = store.state.value.phase === 'ready';
  if (!ready || openingDeps.recording !== null || header.value?.kind !== 'empty') return;
  queueMicrotask(() => stopSite());
  void (async () => {
    const tabId = await openingDeps.getTabId();
    if (tabId === undefined) return;
    const [{ createSiteRecordingsStore }, { SiteRecordings }] = await Promise.all([
      import('../../lib/stores/site-recordings'),
      import('../../components/site-recordings/site-recordings'),
    ]);
    const openTab = async (url: string) => {
      await browser.tabs.create({ url });
      window.close();
    };
    site.value = {
      store: createSiteRecordingsStore({ send, copy: share.copy, tabId, openTab }),
      View: SiteRecordings,
    };
  })();
});
// Once the first paint is on screen, the popup watches its tab: a title that arrives late (or the
// player's second) repaints the header and the links. The background sends the view at once on
// connecting, so nothing that changed since `popup/open` was answered is missed.
const stopWatching = effect(() => {
  if (store.state.value.phase !== 'ready') return;
  queueMicrotask(() => stopWatching());
  requestAnimationFrame(() =>
    setTimeout(async () => {
      const tabId = await openingDeps.getTabId();
      if (tabId === undefined) return;
      watchTabView(tabId, {
        connect: (options) => browser.runtime.connect(options),
        onUpdate: (update) => store.follow(update),
      });
    }, 0),
  );
});

// The ask is kept by the background: the page's address carries only its id, so the email or id
// typed here never reaches the browser's history.
const findPerson = async (ask: PersonAsk) => {
  const { askId } = await send('persons/keep-ask', { ask });
  await browser.tabs.create({ url: browser.runtime.getURL(personPagePath(askId)) });
  window.close();
};

const root = document.getElementById('app');
// Drawn once the first view is known (from the stores or the background), or with its skeleton when
// that takes longer than a moment: a popup that opens ready lays out and paints once.
if (root)
  drawWhenKnown(
    computed(() => store.state.value.phase !== 'loading'),
    () =>
      render(
        <PopupApp
          store={store}
          playlists={playlists}
          share={share}
          pending={pending}
          header={header}
          site={site}
          onFindPerson={(ask) => void findPerson(ask)}
        />,
        root,
      ),
  );
