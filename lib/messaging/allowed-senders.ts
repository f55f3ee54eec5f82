import { type MessageType, protocol } from './messages';
import type { TrustedSenderKind } from './sender';

/**
 * Whether a sender of this kind may send this message. Messages the background sends are accepted
 * from any extension page: a content script cannot tell the service worker from the popup, and both
 * are trusted.
 */
export function isAllowed(kind: TrustedSenderKind, type: MessageType): boolean {
  const from = protocol[type].from;
  return from === kind || (from === 'background' && kind === 'extension-page');
}
