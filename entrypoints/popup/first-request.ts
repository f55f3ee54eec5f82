/**
 * The popup's first module: before the rest of the page's code (Preact, the stores, the components)
 * is evaluated, it starts reading the extension's own stores for the first view, so the reads are
 * on their way while that code runs, and asks the background for `popup/open` (which wakes a stopped
 * worker) once they are done. The first paint takes whichever view is ready first: the stores'
 * unless they cannot say. It imports nothing of the UI.
 */
import { browser } from 'wxt/browser';
import { STORED } from '../../lib/messaging/first-view/stored-names';
import { readTrustedCopy } from '../../lib/messaging/first-view/trusted-copy';
import type { PopupOpen } from '../../lib/messaging/messages';
import { createPageSender } from '../../lib/messaging/page-sender';
import { recordingFromSearch } from '../../lib/messaging/picker-recording';
import { requestPopupOpen, tabIdFromSearch } from '../../lib/messaging/popup-open-request';
import { setTranslator, templateTranslator } from '../../lib/platform/i18n';
import { KEPT_STRINGS, keepStrings, readKeptStrings } from '../../lib/platform/kept-strings';
import { readStoredSnapshot } from '../../lib/platform/key-store';
import { BUILD_DIALECT, createHostAccess } from '../../lib/posthog/host-patterns';
import { createStoredFirstView } from '../../lib/stores/stored-first-view';

// The popup's strings: the browser is asked only for those no earlier popup kept (kept-strings.ts).
const manifest = browser.runtime.getManifest();
const stringsFor = { language: browser.i18n.getUILanguage(), build: manifest.version };
/** The page's name: the manifest's, which the browser has put in its language (`__MSG_extName__`). */
export const pageName = manifest.name;
const keeper = keepStrings({
  translator: () => strings,
  write: (items) => browser.storage.session.set(items),
  for: stringsFor,
});
const strings = templateTranslator(browser.i18n.getMessage, keeper.learned);
setTranslator(strings.translate);

export const send = createPageSender((message) => browser.runtime.sendMessage(message));

// Querying the active tab needs no `tabs` permission; its URL comes with the toolbar click's activeTab.
const tabId =
  tabIdFromSearch(location.search) ??
  browser.tabs.query({ active: true, currentWindow: true }).then((tabs) => tabs[0]?.id);

export const openingDeps = {
  send,
  getTabId: () => tabId,
  recording: recordingFromSearch(location.search),
};

let pickTab: Promise<number | undefined> | undefined;
/** The tab a pick is made over (read on the first pick): the picker window's `?from=N`, else the popup's. */
export const askedFrom = () =>
  (pickTab ??= Promise.resolve(tabIdFromSearch(location.search, 'from') ?? openingDeps.getTabId()).catch(
    () => undefined,
  ));

const storedFirstView = createStoredFirstView({
  // The background's copy in storage.session is one round trip; IndexedDB is read only without it.
  snapshot: async (keys) =>
    (await readTrustedCopy(browser.storage.session, keys).catch(() => null)) ??
    readStoredSnapshot(indexedDB, keys),
  session: browser.storage.session,
  getTab: (id) => browser.tabs.get(id).catch(() => undefined),
  // The granted origins are read now, with the rest: checked after the snapshot, they cost no round trip.
  hostAccess: createHostAccess(browser.permissions, BUILD_DIALECT),
});
const readStores = (id: number | undefined) =>
  storedFirstView({ ...(id === undefined ? {} : { tabId: id }), recording: openingDeps.recording });

/**
 * One read of `storage.session` for what the first paint shows besides the view: what PostHog last
 * said of recordings (the share-links room's cache), so the header already names the recording's
 * person when the extension knows it, and the popup's kept strings, taken before anything is drawn.
 */
const sessionRead: Promise<Record<string, unknown>> = browser.storage.session
  .get([STORED.itemLinks.key, KEPT_STRINGS.key])
  .then(
    (items) => {
      const kept = readKeptStrings(items[KEPT_STRINGS.key], stringsFor);
      if (kept) strings.adopt(kept);
      return items;
    },
    () => ({}),
  );
export const knownFaces: Promise<unknown> = sessionRead.then((items) => items[STORED.itemLinks.key]);

/** Started now too (in this call when the tab is known: a microtask would wait for the whole script). */
const storedView = tabId instanceof Promise ? tabId.then(readStores, () => null) : readStores(tabId);
/**
 * The background is asked once the stores' view is read, or could not be; the popup's store takes
 * the answer on its first load. Where the stores can say, the popup paints from them and checks the
 * answer only after that paint, so asking at once only made the background's work (or a stopped
 * worker's start) compete with the reads that paint waits for: in paired probes the popup was ready
 * about 2 ms sooner warm and 3 ms sooner after a stop (docs/BENCHMARK.md). Where they cannot (a pick
 * waiting, a value to migrate), the popup waits for this answer, asked one read later than before;
 * and this popup's own `popup/open` never takes a pick before its stores were read.
 */
const ask = () => requestPopupOpen(openingDeps);
const asked = storedView.then(ask, ask);
/** Either first view waits for the faces read (started with it, and quicker than either). */
const withFaces = <T>(view: Promise<T>): Promise<T> =>
  Promise.all([view, knownFaces]).then(([value]) => value);
export const stored = withFaces(storedView);

/**
 * The background's answer as the popup's store takes it. Test builds only: `?storesFirst` makes the
 * store take it only after the stores' view, so the browser tests see that view painted whatever the
 * race between the two (which a loaded machine decides either way).
 */
export const opening: Promise<PopupOpen> =
  import.meta.env.MODE === 'test' && new URLSearchParams(location.search).has('storesFirst')
    ? stored.then(() => asked)
    : withFaces(asked);
