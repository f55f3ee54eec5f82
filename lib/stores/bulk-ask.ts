import { signal } from '@preact/signals';
import type { BulkQuestion } from '../messaging/bulk-ask-messages';
import type { SendMessage } from '../messaging/messages';

export type BulkAskState =
  | { phase: 'loading' }
  | { phase: 'asking'; question: BulkQuestion }
  /** Answered Yes: the background adds them and the toolbar button reports. */
  | { phase: 'adding' }
  /** Answered already, replaced by a newer question, timed out, or forgotten by the browser. */
  | { phase: 'gone' };

export interface BulkAskDeps {
  send: SendMessage;
  /** `?ask=` of the window's URL. */
  askId: string | null;
  /** Closes the window once it has nothing more to say. */
  close: () => void;
}

/** The small window that asks before a selection's recordings are added: one question, one answer. */
export function createBulkAskStore(deps: BulkAskDeps) {
  const state = signal<BulkAskState>({ phase: 'loading' });
  let answering = false;

  return {
    state,
    async load(): Promise<void> {
      if (deps.askId === null) {
        state.value = { phase: 'gone' };
        return;
      }
      try {
        const { question } = await deps.send('bulk/question', { askId: deps.askId });
        state.value = question ? { phase: 'asking', question } : { phase: 'gone' };
      } catch {
        state.value = { phase: 'gone' };
      }
    },
    /** Yes (`accept`) or No; the window closes when the background has taken the answer. */
    async answer(accept: boolean): Promise<void> {
      if (answering || state.value.phase !== 'asking' || deps.askId === null) return;
      answering = true;
      try {
        const { answered } = await deps.send('bulk/answer', { askId: deps.askId, accept });
        if (!answered) {
          state.value = { phase: 'gone' };
          return;
        }
        if (accept) state.value = { phase: 'adding' };
        deps.close();
      } catch {
        state.value = { phase: 'gone' };
      } finally {
        answering = false;
      }
    },
  };
}
export type BulkAskStore = ReturnType<typeof createBulkAskStore>;
