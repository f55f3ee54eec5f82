import type { SharingConfiguration } from '../../api/schema/sharing';
import type { MessageInput, MessageOutput, PageHints, PublicSharing } from '../../messaging/messages';
import { isAccessToken, type PageContext } from '../../posthog/context';
import {
  dashboardSharingLink,
  pageLink,
  playbackSecond,
  privateDashboardLink,
  publicShareLink,
  recordingLink,
} from '../../posthog/links';
import type { Connection } from '../settings/settings';

export interface ShareLinksDeps {
  connection: () => Promise<Connection>;
  /** The dashboard's sharing configuration, read with the saved key. */
  sharing: (
    projectId: number,
    dashboardId: number,
  ) => Promise<{ origin: string; config: SharingConfiguration }>;
  /** The organisation's public-sharing switch as the last key check read it (no request). */
  publicSharing: () => Promise<PublicSharing>;
  onError?: (error: unknown) => void;
}

/** What "copy the best link" copied, so the confirmation can say which one. */
export type BestLinkKind = 'public' | 'private' | 'recording' | 'page';
export interface BestLink {
  url: string;
  kind: BestLinkKind;
}

/**
 * The public link only when PostHog says sharing is on: a disabled configuration still carries a
 * token (newest PostHog even invents a new one on every read), and that link opens nothing.
 */
export function publicLinkOf(origin: string, config: SharingConfiguration): string | undefined {
  const token = config.access_token ?? '';
  return config.enabled && isAccessToken(token) ? publicShareLink(origin, token) : undefined;
}

export function createShareLinks(deps: ShareLinksDeps) {
  async function shareLink({
    projectId,
    dashboardId,
  }: MessageInput<'dashboards/share-link'>): Promise<MessageOutput<'dashboards/share-link'>> {
    const [{ origin, config }, publicSharing] = await Promise.all([
      deps.sharing(projectId, dashboardId),
      deps.publicSharing().catch((): PublicSharing => 'unknown'),
    ]);
    const settingsUrl = dashboardSharingLink({ origin, projectId, dashboardId });
    const url = publicLinkOf(origin, config);
    if (!url) return { enabled: false, settingsUrl };
    const passwordRequired = config.password_required === true;
    return { enabled: true, url, passwordRequired, publicSharing, settingsUrl };
  }

  /**
   * The link a shortcut or menu item copies for a page: a dashboard's public link when it is shared,
   * else its private link; a recording at the second the player shows; any other page's own link.
   */
  async function bestLink(context: PageContext, hints: PageHints): Promise<BestLink> {
    if (context.kind === 'recording') {
      const { origin, projectId, recordingId } = context;
      return {
        url: recordingLink({ origin, projectId, recordingId }, playbackSecond(context, hints)),
        kind: 'recording',
      };
    }
    if (context.kind !== 'dashboard') return { url: pageLink(context), kind: 'page' };
    const privateLink: BestLink = { url: privateDashboardLink(context), kind: 'private' };
    try {
      const connection = await deps.connection();
      // The key belongs to one PostHog; a dashboard elsewhere gets the link its page already has.
      if (connection.origin !== context.origin) return privateLink;
      const answer = await shareLink({
        projectId: context.projectId ?? connection.projectId,
        dashboardId: context.dashboardId,
      });
      // A public link the organisation has switched off opens for nobody: copy the private one.
      return answer.url && answer.publicSharing !== 'off' ? { url: answer.url, kind: 'public' } : privateLink;
    } catch (error) {
      // Still worth copying: the confirmation says it is the private link.
      deps.onError?.(error);
      return privateLink;
    }
  }

  return { shareLink, bestLink };
}
export type ShareLinks = ReturnType<typeof createShareLinks>;
