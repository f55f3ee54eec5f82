/**
 * The popup's first module: it asks for `popup/open` before the rest of the page's code (Preact, the
 * stores, the components) is evaluated, so the one answer the first paint waits for is on its way
 * while that code runs. It imports nothing of the UI.
 */
import { browser } from 'wxt/browser';
import { createPageSender } from '../../lib/messaging/page-sender';
import { recordingFromSearch } from '../../lib/messaging/picker-recording';
import { requestPopupOpen, tabIdFromSearch } from '../../lib/messaging/popup-open-request';
import { setTranslator, translatorFrom } from '../../lib/platform/i18n';

setTranslator(translatorFrom(browser.i18n.getMessage));

export const send = createPageSender((message) => browser.runtime.sendMessage(message));

export const openingDeps = {
  send,
  // Querying the active tab needs no `tabs` permission; its URL comes from the background.
  getTabId: () =>
    tabIdFromSearch(location.search) ??
    browser.tabs.query({ active: true, currentWindow: true }).then((tabs) => tabs[0]?.id),
  recording: recordingFromSearch(location.search),
};

let pickTab: Promise<number | undefined> | undefined;
/** The tab a pick is made over (read on the first pick): the picker window's `?from=N`, else the popup's. */
export const askedFrom = () =>
  (pickTab ??= Promise.resolve(tabIdFromSearch(location.search, 'from') ?? openingDeps.getTabId()).catch(
    () => undefined,
  ));

/** Sent now; the popup's store takes the answer on its first load. */
export const opening = requestPopupOpen(openingDeps);
