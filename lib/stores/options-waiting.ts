import { signal } from '@preact/signals';
import type { SendMessage } from '../messaging/messages';
import { WAIT_NOTICE_MS } from './collection-changes';

/**
 * The options page's "still waiting for PostHog" notice and its Cancel, for the key check of a save
 * or a re-check (the same threshold as the popup's writes). The background stores nothing until
 * PostHog has confirmed the key, so a check the user stops changes nothing that was stored.
 */
export function createCheckWaiting(send: SendMessage) {
  /** The key check has waited long enough to say so and offer Cancel. */
  const waiting = signal(false);
  return {
    waiting,

    /** Runs the check; after the threshold without an answer, `waiting` is on until it answers. */
    async during<T>(check: () => Promise<T>): Promise<T> {
      const slow = setTimeout(() => {
        waiting.value = true;
      }, WAIT_NOTICE_MS);
      try {
        return await check();
      } finally {
        clearTimeout(slow);
        waiting.value = false;
      }
    },

    /**
     * Stops waiting: the background drops the check before storing anything, and the check's own
     * answer then says so (or, when PostHog answered first, what was saved).
     */
    async cancel(): Promise<void> {
      if (!waiting.value) return;
      waiting.value = false;
      await send('settings/cancel', {}).catch(() => undefined);
    },
  };
}
