import type { z } from 'zod/mini';
import {
  createMessageSender,
  type MessageInput,
  type MessageResponse,
  type MessageType,
  type Protocol,
  type RawSend,
  type SendMessage,
} from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';

/** What the background may answer `T` with: whatever the output schema takes (the sender parses it). */
export type AnswerData<T extends MessageType> = z.input<Protocol[T]['output']>;

/** What a handler of `T` gives back, at once or later. */
export type HandlerResult<T extends MessageType> =
  | AnswerData<T>
  | AppError
  | Promise<AnswerData<T> | AppError>;

/**
 * How the fake answers one message type:
 * - the data, sent back as `{ ok: true, data }`;
 * - an AppError, sent back as `{ ok: false, error }` (the page rethrows it as the AppError it was);
 * - a handler of the request's input, answering with either of those (or a promise of one, e.g. a
 *   `deferred()` the test settles later, for "still waiting" states). A handler that throws or rejects
 *   with an AppError refuses the same way; anything else it throws fails like the transport (no
 *   receiver, context invalidated): the page's `send` rejects with it as it is.
 * A type without an answer fails like the transport too, with `no answer for <type>`.
 */
export type Answer<T extends MessageType> =
  | AnswerData<T>
  | AppError
  | ((input: MessageInput<T>) => HandlerResult<T>);

export type Answers = { [T in MessageType]?: Answer<T> };

/** One request as the page sent it: its type and the input before the background parses it. */
export interface SentMessage {
  type: MessageType;
  input: Record<string, unknown>;
}

export interface FakeBackground {
  /** The `send` a store takes: the real sender, so both schemas of the message boundary apply. */
  send: SendMessage;
  /** Every request, in the order sent. */
  sent: SentMessage[];
  /** The answers it was made with; a test may change them between requests. */
  answers: Answers;
  /** How many requests of this type were sent. */
  count: (type: MessageType) => number;
  /** The types sent, in order. */
  types: () => MessageType[];
}

const refusal = (error: AppError): MessageResponse => ({ ok: false, error: error.toJSON() });

/**
 * A background answering through the real message boundary (`createMessageSender`: the envelope and
 * the output schema are checked), logging each request. Answers are per message type (see `Answer`).
 */
export function fakeBackground(answers: Answers = {}): FakeBackground {
  const sent: SentMessage[] = [];
  // Logs during the call to `send`, before any await, as `runtime.sendMessage` takes the message.
  const raw: RawSend = async ({ type, input }): Promise<MessageResponse> => {
    sent.push({ type, input: input as Record<string, unknown> });
    let answer: unknown = answers[type];
    if (typeof answer === 'function') {
      try {
        answer = await (answer as (input: unknown) => unknown)(input);
      } catch (error) {
        if (error instanceof AppError) return refusal(error);
        throw error;
      }
    }
    if (answer instanceof AppError) return refusal(answer);
    if (answer === undefined) throw new Error(`no answer for ${type}`);
    return { ok: true, data: answer };
  };
  return {
    send: createMessageSender(raw),
    sent,
    answers,
    count: (type) => sent.filter((message) => message.type === type).length,
    types: () => sent.map((message) => message.type),
  };
}
