import type { PopupOpen, SendMessage } from './messages';
import type { RecordingRef } from './picker-recording';

export interface PopupOpeningDeps {
  send: SendMessage;
  /**
   * The tab the popup was opened over: `popup.html?tabId=N`, else the active tab of the current
   * window. Undefined when there is none (then the popup shows the empty state).
   */
  getTabId: () => number | undefined | Promise<number | undefined>;
  /** The picker window's recording (`?recording=…`), if the popup is one. */
  recording?: RecordingRef | null;
}

/**
 * Asks the background for everything the popup's first paint needs, in one `popup/open`. Kept apart
 * from the popup's store (and its UI libraries) so the page can send it before the rest of its code
 * is evaluated: when the tab is known at once the message leaves during this call, not in a later
 * microtask (which would wait for the whole script to finish evaluating).
 */
export function requestPopupOpen(deps: PopupOpeningDeps): Promise<PopupOpen> {
  const ask = (tabId: number | undefined) =>
    deps.send('popup/open', {
      ...(tabId === undefined ? {} : { tabId }),
      ...(deps.recording ? { recording: deps.recording } : {}),
    });
  try {
    const tabId = deps.getTabId();
    return tabId instanceof Promise ? tabId.then(ask) : ask(tabId);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * `?tabId=N` as the toolbar-less test harness passes it (or `?from=N`, the tab a picker window was
 * opened from); anything else is no tab.
 */
export function tabIdFromSearch(search: string, name: 'tabId' | 'from' = 'tabId'): number | undefined {
  const raw = new URLSearchParams(search).get(name);
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const tabId = Number(raw);
  return Number.isSafeInteger(tabId) ? tabId : undefined;
}
