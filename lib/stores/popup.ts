import { computed, signal } from '@preact/signals';
import type { PageHints, PopupOpen, Status } from '../messaging/messages';
import { type PopupOpeningDeps, requestPopupOpen } from '../messaging/popup-open-request';
import { samePage } from '../messaging/view-port';
import { type SerializedError, serializeError } from '../platform/errors';
import { DEFAULT_APP_ORIGIN } from '../posthog/app-origins';
import type { PageContext } from '../posthog/context';

export type PopupState =
  | { phase: 'loading' }
  | { phase: 'setup' }
  /** `context: null`: the tab shows no PostHog page Hogmark acts on (the empty state). */
  | { phase: 'ready'; status: Status; context: PageContext | null; hints: PageHints }
  | { phase: 'error'; error: SerializedError };

export interface PopupStoreDeps extends PopupOpeningDeps {
  openOptions: () => Promise<void>;
  /**
   * `popup/open` already sent by the page as its script began (`requestPopupOpen`): the first load
   * takes this answer instead of asking again. Retries ask anew.
   */
  opening?: Promise<PopupOpen>;
  /**
   * Given the whole `popup/open` answer just before the state turns ready, so the other stores
   * (the collection picker) take their part and everything paints in the same frame.
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
  let opening = deps.opening;

  async function load(): Promise<void> {
    // A retry clicked while a load is still running wins; the older answer is dropped.
    const load = ++latestLoad;
    state.value = { phase: 'loading' };
    const pending = opening ?? requestPopupOpen(deps);
    opening = undefined;
    try {
      const answer = await pending;
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

  /**
   * A newer view of the popup's tab (`watchTabView`): a title that came late, the player's second.
   * Taken only for the page already shown; a tab that moved to another page keeps this popup as it was.
   */
  function follow(view: { context: PageContext | null; hints: PageHints }): void {
    const current = state.value;
    if (current.phase !== 'ready' || !current.context || !view.context) return;
    if (!samePage(current.context, view.context)) return;
    state.value = { ...current, context: view.context, hints: view.hints };
  }

  return { state, busy, load, openOptions, follow };
}

export type PopupStore = ReturnType<typeof createPopupStore>;

/** Where "Open PostHog" goes: the configured project's home, or the app's front page. */
export function postHogHomeLink(status: Pick<Status, 'origin' | 'projectId'>): string {
  const origin = status.origin ?? DEFAULT_APP_ORIGIN;
  return status.projectId === undefined ? origin : `${origin}/project/${status.projectId}`;
}
