import { computed, signal } from '@preact/signals';
import type { PageHints, PopupOpen, Status } from '../messaging/messages';
import { type PopupOpeningDeps, requestPopupOpen } from '../messaging/popup-open-request';
import { samePage } from '../messaging/view-port';
import { type SerializedError, serializeError } from '../platform/errors';
import { DEFAULT_APP_ORIGIN } from '../posthog/app-origins';
import type { PageContext } from '../posthog/context';
import { afterNextPaint } from './first-draw';

export type PopupState =
  | { phase: 'loading' }
  | { phase: 'setup' }
  /** `context: null`: the tab shows no PostHog page Hogmark acts on (the empty state). */
  | { phase: 'ready'; status: Status; context: PageContext | null; hints: PageHints }
  | { phase: 'error'; error: SerializedError };

export interface PopupStoreDeps extends PopupOpeningDeps {
  openOptions: () => Promise<void>;
  /**
   * `popup/open` sent by the page once its stores' view is read (`requestPopupOpen`): the first
   * load takes this answer instead of asking again. Retries ask anew.
   */
  opening?: Promise<PopupOpen>;
  /**
   * The first view made in the page from the extension's stores (lib/stores/stored-first-view.ts),
   * read before `opening` is asked: the first load paints whichever of the two comes first. Null when the
   * stores cannot say; then the background's answer is awaited. Retries ask the background only.
   */
  stored?: Promise<PopupOpen | null>;
  /**
   * Given the whole `popup/open` answer just before the state turns ready, so the other stores
   * (the collection picker) take their part and everything paints in the same frame. Given again,
   * without the cached list (`playlists: null`), when the background answers after a first paint
   * made from the stores: what it says that they did not (a notice just taken) is added then.
   */
  onOpen?: (answer: PopupOpen) => void;
  /** Told where the first view came from (test builds mark it on the page for the browser tests). */
  onFirstView?: (source: 'stores' | 'background') => void;
  /** Resolves once the first view is painted (first-draw.ts; injected by unit tests). */
  afterPaint?: () => Promise<void>;
}

/** The first answer of the two: the stores' view, unless it cannot say, or the background's. */
function firstOf(
  background: Promise<PopupOpen>,
  stored: Promise<PopupOpen | null>,
): Promise<{ answer: PopupOpen; fromStores: boolean }> {
  return new Promise((resolve, reject) => {
    let storesDone = false;
    let failure: { error: unknown } | null = null;
    background.then(
      (answer) => resolve({ answer, fromStores: false }),
      (error: unknown) => {
        failure = { error };
        if (storesDone) reject(error);
      },
    );
    const cannotSay = () => {
      storesDone = true;
      if (failure) reject(failure.error);
    };
    stored.then((answer) => (answer ? resolve({ answer, fromStores: true }) : cannotSay()), cannotSay);
  });
}

/** Whether two views would paint the same (plain data from JSON-like stores and messages). */
const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The popup's state. It asks the background for everything (what the key can do, what the tab
 * shows) in one `popup/open`; it never holds the key.
 */
export function createPopupStore(deps: PopupStoreDeps) {
  const state = signal<PopupState>({ phase: 'loading' });
  const busy = computed(() => state.value.phase === 'loading');
  let latestLoad = 0;
  let opening = deps.opening;
  let stored = deps.stored;
  const afterPaint = deps.afterPaint ?? afterNextPaint;

  function show(answer: PopupOpen): void {
    const { status, context, hints } = answer;
    state.value = status.configured ? { phase: 'ready', status, context, hints } : { phase: 'setup' };
  }

  /**
   * The background's answer after a first paint from the stores: made from the same stores with the
   * same code, it normally changes nothing and nothing is painted again. Where it differs (a tab that
   * moved on meanwhile, a notice the background just took), the view follows it.
   */
  function reconcile(painted: PopupOpen, answer: PopupOpen): void {
    deps.onOpen?.({ ...answer, playlists: null });
    const { status, context, hints } = answer;
    if (
      sameData(status, painted.status) &&
      sameData(context, painted.context) &&
      sameData(hints, painted.hints)
    ) {
      return;
    }
    const shown = state.value;
    // Over the same page, a newer view the popup followed since (a late title) is not undone by
    // this older one; only the connection's status is taken.
    if (
      shown.phase === 'ready' &&
      status.configured &&
      context &&
      shown.context &&
      samePage(shown.context, context)
    ) {
      if (!sameData(status, shown.status)) state.value = { ...shown, status };
      return;
    }
    show(answer);
  }

  async function load(): Promise<void> {
    // A retry clicked while a load is still running wins; the older answer is dropped.
    const load = ++latestLoad;
    state.value = { phase: 'loading' };
    const background = opening ?? requestPopupOpen(deps);
    const fromStores = stored ?? Promise.resolve(null);
    opening = undefined;
    stored = undefined;
    try {
      const { answer, fromStores: painted } = await firstOf(background, fromStores);
      if (load !== latestLoad) return;
      deps.onOpen?.(answer);
      show(answer);
      deps.onFirstView?.(painted ? 'stores' : 'background');
      if (painted) {
        // Checked once the stores' view is on screen: the answer normally changes nothing, and that
        // check, with the stores it feeds and what they re-render, would otherwise hold back the
        // first frame when the answer comes just after the view is rendered (docs/ARCHITECTURE.md).
        background.then(
          async (later) => {
            await afterPaint();
            if (load === latestLoad) reconcile(answer, later);
          },
          // The view from the stores stands; the picker and the rest ask the background themselves.
          () => undefined,
        );
      }
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
