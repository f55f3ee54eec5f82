import { computed, signal } from '@preact/signals';
import { AppError, type SerializedError, toAppError } from '../errors';
import type { SendMessage, Status } from '../messages';

export type PopupState =
  | { phase: 'loading' }
  | { phase: 'setup' }
  | { phase: 'ready'; status: Status }
  | { phase: 'error'; error: SerializedError };

/**
 * The popup's state. It asks the background for everything; it never holds the key.
 * `tabId` is the tab the popup was opened over (from the toolbar, or `popup.html?tabId=N`).
 */
export function createPopupStore(deps: { send: SendMessage; openOptions: () => Promise<void> }) {
  const state = signal<PopupState>({ phase: 'loading' });
  const busy = computed(() => state.value.phase === 'loading');

  async function load(): Promise<void> {
    state.value = { phase: 'loading' };
    try {
      const status = await deps.send('status/get', {});
      state.value = status.configured ? { phase: 'ready', status } : { phase: 'setup' };
    } catch (error) {
      state.value = { phase: 'error', error: serialise(error) };
    }
  }

  async function openOptions(): Promise<void> {
    try {
      await deps.openOptions();
    } catch (error) {
      state.value = { phase: 'error', error: serialise(error) };
    }
  }

  return { state, busy, load, openOptions };
}

export type PopupStore = ReturnType<typeof createPopupStore>;

function serialise(error: unknown): SerializedError {
  const appError = error instanceof AppError ? error : toAppError(error);
  return appError.toJSON();
}
