import type { BulkQuestion } from '../../messaging/bulk-ask-messages';

/** How long a question waits for its answer; unanswered, nothing is added. */
export const BULK_ASK_TIMEOUT_MS = 120_000;

export interface BulkAsksDeps {
  /** Opens `bulk-ask.html?ask=<id>` in a small window (the picker window's way). */
  openAskWindow: (askId: string) => Promise<void>;
  timeoutMs?: number;
  newId?: () => string;
}

interface OpenAsk {
  question: BulkQuestion;
  settle: (accepted: boolean) => void;
}

/**
 * The questions a bulk add asks before it sends anything: each is shown in its own small window and
 * answered there (`bulk/question`, `bulk/answer`). Only Yes adds; a closed window, the time running
 * out, or a newer question (`dropAll`, when the menu is chosen again) mean No. The questions live in
 * the service worker's memory: if the browser stops the worker while one waits, it is forgotten, and
 * its window says so when answered.
 */
export function createBulkAsks(deps: BulkAsksDeps) {
  const open = new Map<string, OpenAsk>();
  const timeoutMs = deps.timeoutMs ?? BULK_ASK_TIMEOUT_MS;
  const newId = deps.newId ?? (() => crypto.randomUUID());

  function settle(askId: string, accepted: boolean): boolean {
    const ask = open.get(askId);
    if (!ask) return false;
    open.delete(askId);
    ask.settle(accepted);
    return true;
  }

  return {
    /** Whether the user says Yes to this question. */
    async ask(question: BulkQuestion): Promise<boolean> {
      const askId = newId();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = new Promise<boolean>((resolve) => {
        open.set(askId, { question, settle: resolve });
        timer = setTimeout(() => settle(askId, false), timeoutMs);
      });
      try {
        await deps.openAskWindow(askId);
      } catch {
        settle(askId, false);
      }
      try {
        return await answered;
      } finally {
        clearTimeout(timer);
      }
    },
    /** `bulk/question`: what the window shows; null once answered, dropped or forgotten. */
    question(askId: string): { question: BulkQuestion | null } {
      return { question: open.get(askId)?.question ?? null };
    },
    /** `bulk/answer`: false when the question is no longer open. */
    answer(askId: string, accept: boolean): { answered: boolean } {
      return { answered: settle(askId, accept) };
    },
    /** Every open question is answered No (a newer click replaces them). */
    dropAll(): void {
      for (const askId of [...open.keys()]) settle(askId, false);
    },
  };
}
export type BulkAsks = ReturnType<typeof createBulkAsks>;
