import { signal } from '@preact/signals';
import { type SerializedError, toAppError } from '../errors';
import type { PublicSettings, SendMessage } from '../messages';

export type OptionsState =
  | { phase: 'loading' }
  | { phase: 'ready'; settings: PublicSettings }
  | { phase: 'error'; error: SerializedError };

/** State of the options page. It sees the stored settings with the key masked, never the key. */
export function createOptionsStore(deps: { send: SendMessage }) {
  const state = signal<OptionsState>({ phase: 'loading' });

  async function load(): Promise<void> {
    state.value = { phase: 'loading' };
    try {
      state.value = { phase: 'ready', settings: await deps.send('settings/get', {}) };
    } catch (error) {
      state.value = { phase: 'error', error: toAppError(error).toJSON() };
    }
  }

  return { state, load };
}

export type OptionsStore = ReturnType<typeof createOptionsStore>;
