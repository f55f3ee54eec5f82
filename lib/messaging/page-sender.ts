import { AppError, ERROR_KINDS, type SerializedError } from '../platform/errors';
import type { MessageOutput, MessageType, RawSend, SendMessage } from './messages';

/**
 * The sender of the extension pages (popup, options, dashboards view). It checks the answer's
 * envelope by hand and does not parse `data` again: `runtime.sendMessage` from a page is answered
 * only by the extension's own contexts, and the background's dispatcher has already parsed every
 * answer through the protocol's output schema (test/background/dispatcher.test.ts). The trust
 * boundary is the background; a second parse here would only put a schema runtime in every page.
 * Messages to content scripts, which are not trusted, keep `createMessageSender` (lib/messaging/messages.ts).
 */
export function createPageSender(send: RawSend): SendMessage {
  return async function sendMessage<T extends MessageType>(type: T, input: unknown) {
    const answer: unknown = await send({ type, input });
    if (isRecord(answer) && answer.ok === true) return answer.data as MessageOutput<T>;
    const error = isRecord(answer) && answer.ok === false ? serializedErrorOf(answer.error) : null;
    if (!error) throw new AppError('bad-message', { detail: `malformed answer to ${type}` });
    throw AppError.fromJSON(error);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const OPTIONAL_FIELDS = {
  status: 'number',
  scope: 'string',
  field: 'string',
  detail: 'string',
  retryAfterSeconds: 'number',
} as const;

function serializedErrorOf(value: unknown): SerializedError | null {
  if (!isRecord(value)) return null;
  const known = (ERROR_KINDS as readonly unknown[]).includes(value.kind);
  if (!known || typeof value.message !== 'string' || typeof value.retryable !== 'boolean') return null;
  for (const [name, type] of Object.entries(OPTIONAL_FIELDS)) {
    if (value[name] !== undefined && typeof value[name] !== type) return null;
  }
  return value as SerializedError;
}
