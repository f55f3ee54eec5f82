import { computed, signal } from '@preact/signals';
import { DEFAULT_APP_ORIGIN } from '../app-origins';
import type { PageContext } from '../context';
import { type SerializedError, serializeError } from '../errors';
import type { PageHints, PopupOpen, SendMessage, Status } from '../messages';
import type { RecordingRef } from '../picker-recording';

export type PopupState =
  | { phase: 'loading' }
  | { phase: 'setup' }
  /** `context: null`: the tab shows no PostHog page Hogmark acts on (the empty state). */
  | { phase: 'ready'; status: Status; context: PageContext | null; hints: PageHints }
  | { phase: 'error'; error: SerializedError };

export interface PopupStoreDeps {
  send: SendMessage;
  openOptions: () => Promise<void>;
  /**
   * The tab the popup was opened over: `popup.html?tabId=N`, else the active tab of the current
   * window. Undefined when there is none (then the popup shows the empty state).
   */
  getTabId: () => Promise<number | undefined>;
  /** The picker window's recording (`?recording=…`), if the popup is one. */
  recording?: RecordingRef | null;
  /**
   * Given the whole `popup/open` answer just before the state turns ready, so the other stores
   * (the playlist picker) take their part and everything paints in the same frame.
   */
  onOpen?: (answer: PopupOpen) => void;
}

/**
 * The popup's state. It asks the background for everything (what the key can do, what the tab
 * shows) in one `popup/open`; it never holds the key.
 */
export function createPopupStore(deps: PopupStoreDeps) {
  const state = signal<PopupState>({ phase: 'loading' });
  const busy = computed(() => state.value.phase === 'loading');
  let latestLoad = 0;

  async function load(): Promise<void> {
    // A retry clicked while a load is still running wins; the older answer is dropped.
    const load = ++latestLoad;
    state.value = { phase: 'loading' };
    try {
      const tabId = await deps.getTabId();
      const answer = await deps.send('popup/open', {
        ...(tabId === undefined ? {} : { tabId }),
        ...(deps.recording ? { recording: deps.recording } : {}),
      });
      if (load !== latestLoad) return;
      deps.onOpen?.(answer);
      const { status, context, hints } = answer;
      state.value = status.configured ? { phase: 'ready', status, context, hints } : { phase: 'setup' };
    } catch (error) {
      if (load === latestLoad) state.value = { phase: 'error', error: serializeError(error) };
    }
  }

  async function openOptions(): Promise<void> {
    try {
      await deps.openOptions();
    } catch (error) {
      state.value = { phase: 'error', error: serializeError(error) };
    }
  }

  return { state, busy, load, openOptions };
}

export type PopupStore = ReturnType<typeof createPopupStore>;

/** `?tabId=N` as the toolbar-less test harness passes it; anything else is no tab. */
export function tabIdFromSearch(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const tabId = Number(raw);
  return Number.isSafeInteger(tabId) ? tabId : undefined;
}

/** Where "Open PostHog" goes: the configured project's home, or the app's front page. */
export function postHogHomeLink(status: Pick<Status, 'origin' | 'projectId'>): string {
  const origin = status.origin ?? DEFAULT_APP_ORIGIN;
  return status.projectId === undefined ? origin : `${origin}/project/${status.projectId}`;
}
