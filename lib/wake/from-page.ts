import { appOriginsOf } from '../messaging/first-view/status';
import { classifySender, type MessageSenderLike } from '../messaging/sender';

/** The longest claimed recording id `recording/add-from-page` takes (page-messages.ts). */
const CLAIMED_ID_CHARS = 200;

/**
 * `recording/add-from-page` exactly as the protocol takes it (lib/messaging/page-messages.ts: no
 * input, or at most a claimed recording id, which the background ignores): the wake script acts on
 * nothing else, and the background's dispatcher checks it again.
 */
export function isAddFromPage(message: unknown): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false;
  const { type, input } = message as { type?: unknown; input?: unknown };
  if (type !== 'recording/add-from-page') return false;
  if (input === undefined) return true;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const { recordingId, ...more } = input as { recordingId?: unknown };
  return (
    Object.keys(more).length === 0 &&
    (recordingId === undefined || (typeof recordingId === 'string' && recordingId.length <= CLAIMED_ID_CHARS))
  );
}

/**
 * Whether the sender is Hogmark's content script in the top frame of a page of `origin` (the
 * connected PostHog), as the background's dispatcher judges senders (lib/messaging/sender.ts).
 */
export function isContentScriptOn(
  sender: MessageSenderLike,
  origin: string,
  extension: { extensionId: string; extensionOrigin: string },
): boolean {
  const kind = classifySender(sender, { ...extension, appOrigins: appOriginsOf(origin) });
  return kind === 'content-script' && sender.url !== undefined && new URL(sender.url).origin === origin;
}
