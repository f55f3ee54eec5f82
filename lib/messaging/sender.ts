import { appOriginOf, selfHostedOriginSet } from '../posthog/origins';
import { type ExtensionIdentity, isExtensionPageSender, type MessageSenderLike } from './extension-sender';

// No schema runtime here: the worker's wake script (lib/wake/) checks a sender with this too.

export type { MessageSenderLike } from './extension-sender';

export interface SenderPolicy extends ExtensionIdentity {
  /** Cloud app origins plus the user's granted self-hosted origin. */
  appOrigins: readonly string[];
}

export type TrustedSenderKind = 'extension-page' | 'content-script';

/**
 * Who sent a message, or null when it must be refused. Only this extension's own pages and its
 * content script in the top frame of a PostHog app tab qualify; everything else (other extensions,
 * web pages via externally_connectable, sub-frames, `file:`/`data:` pages, look-alike hosts) is null.
 */
export function classifySender(sender: MessageSenderLike, policy: SenderPolicy): TrustedSenderKind | null {
  // An id that is not text is never the extension's.
  if (sender.id !== policy.extensionId) return null;
  // Stryker disable next-line ConditionalExpression: each kind's own check below refuses a sender with no URL as well
  if (typeof sender.url !== 'string') return null;
  if (isExtensionPageSender(sender, policy)) return 'extension-page';
  if (isAppContentScript(sender, policy.appOrigins)) return 'content-script';
  return null;
}

function isAppContentScript(sender: MessageSenderLike, appOrigins: readonly string[]): boolean {
  if (!sender.tab || sender.frameId !== 0) return false;
  // Stryker disable next-line ConditionalExpression: a URL that is not there does not parse below either
  if (!sender.url) return false;
  let url: URL;
  try {
    url = new URL(sender.url);
  } catch {
    return false;
  }
  // appOriginOf refuses userinfo, non-http(s) schemes, posthog.com look-alikes and http cloud hosts.
  const origin = appOriginOf(url, selfHostedOriginSet(appOrigins));
  if (origin === null) return false;
  return sender.origin === undefined || sender.origin === url.origin;
}
