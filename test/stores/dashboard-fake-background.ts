import { createMessageSender, type DashboardSummary, type MessageType } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';

export type Answer = unknown | AppError | ((input: never) => unknown | Promise<unknown>);

/**
 * A background answering through the real message boundary (both schemas), logging each request.
 * An answer may be a value, an AppError to throw, or a function of the input.
 */
export function fakeBackground(answers: Partial<Record<MessageType, Answer>>) {
  const sent: Array<{ type: MessageType; input: Record<string, unknown> }> = [];
  const send = createMessageSender(async ({ type, input }) => {
    sent.push({ type, input: input as Record<string, unknown> });
    let answer = answers[type];
    if (typeof answer === 'function') {
      try {
        answer = await (answer as (input: unknown) => unknown)(input);
      } catch (error) {
        if (error instanceof AppError) return { ok: false, error: error.toJSON() };
        throw error;
      }
    }
    if (answer instanceof AppError) return { ok: false, error: answer.toJSON() };
    if (answer === undefined) throw new Error(`no answer for ${type}`);
    return { ok: true, data: answer };
  });
  return { send, sent, answers, count: (type: MessageType) => sent.filter((m) => m.type === type).length };
}

/** A promise the test settles by hand, to look at the state while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

export const summary = (id: number, fields: Partial<DashboardSummary> = {}): DashboardSummary => ({
  id,
  name: `Dashboard ${id}`,
  pinned: false,
  shared: false,
  canEdit: true,
  restricted: false,
  tags: [],
  ...fields,
});

/** A clipboard that records what it was given, and can refuse. */
export function fakeClipboard() {
  const written: string[] = [];
  let refuse = false;
  return {
    written,
    refuseNext: () => {
      refuse = true;
    },
    writeText: async (text: string) => {
      if (refuse) {
        refuse = false;
        throw new DOMException('Document is not focused.', 'NotAllowedError');
      }
      written.push(text);
    },
  };
}
