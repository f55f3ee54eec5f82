import type { Capabilities, MessageOutput } from '../messaging/messages';
import { AppError, type SerializedError } from '../platform/errors';
import { t } from '../platform/i18n';
import { markdownLink } from '../posthog/links';
import type { CopyStore } from './share-copy';

/** Where the popup stands on a dashboard's or insight's public link. */
export type ShareState =
  | { phase: 'loading' }
  | {
      phase: 'enabled';
      url: string;
      settingsUrl: string;
      passwordRequired: boolean;
      /** `unknown`: the organisation may have public links off; it is said beside the link. */
      publicSharing: 'allowed' | 'unknown';
    }
  | { phase: 'disabled'; settingsUrl: string }
  /** Shared, but the organisation has public links off: the link opens for nobody and is not offered. */
  | { phase: 'org-off'; settingsUrl: string }
  | { phase: 'error'; error: SerializedError; settingsUrl: string };

type ScopeCheck = NonNullable<Capabilities['shareLinks']>;

/**
 * The scope the last key check found missing for a capability, so no request that can only be
 * refused is sent; undefined when the check passed or said nothing.
 */
export function knownMissingScope(capability: ScopeCheck | undefined): string | undefined {
  return capability && !capability.ok ? capability.missingScope : undefined;
}

/** The public-link area when the key lacks `scope`: the one sentence that says so. */
export function missingScopeShare(scope: string, settingsUrl: string): ShareState {
  return { phase: 'error', error: new AppError('missing-scope', { scope }).toJSON(), settingsUrl };
}

/** PostHog's sharing answer as the popup shows it; a link the organisation blocks is not offered. */
export function shareStateOf(answer: MessageOutput<'dashboards/share-link'>): ShareState {
  const sharing = answer.publicSharing ?? 'unknown';
  if (!answer.url) return { phase: 'disabled', settingsUrl: answer.settingsUrl };
  if (sharing === 'off') return { phase: 'org-off', settingsUrl: answer.settingsUrl };
  return {
    phase: 'enabled',
    url: answer.url,
    settingsUrl: answer.settingsUrl,
    passwordRequired: answer.passwordRequired === true,
    publicSharing: sharing,
  };
}

/** Copies a link, plain or as Markdown named `name`, and says which link it was. */
export function copyShareLink(
  copy: CopyStore,
  link: { url: string; name: string; kind: 'public' | 'private'; markdown: boolean },
): Promise<boolean> {
  const { url, name, kind, markdown } = link;
  if (!markdown) return copy.copy(url, t(kind === 'public' ? 'copiedPublicLink' : 'copiedPrivateLink'));
  const confirmation = t(kind === 'public' ? 'copiedPublicMarkdown' : 'copiedPrivateMarkdown');
  return copy.copy(markdownLink(name, url), confirmation);
}
