import type { SharingConfiguration } from '../../api/schema/sharing';
import type { MessageInput, MessageOutput, PageHints, PublicSharing } from '../../messaging/messages';
import { isAccessToken, type PageContext } from '../../posthog/context';
import {
  dashboardSharingLink,
  insightLink,
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
  /** The public-sharing switch of the project's organisation as the last key check read it (no request). */
  publicSharing: (projectId: number) => Promise<PublicSharing>;
  /** An insight's public link, as the popup gets it (item-links.ts). */
  insightShareLink?: (
    input: MessageInput<'insights/share-link'>,
  ) => Promise<Pick<MessageOutput<'insights/share-link'>, 'url' | 'publicSharing'>>;
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
      deps.publicSharing(projectId).catch((): PublicSharing => 'unknown'),
    ]);
    const settingsUrl = dashboardSharingLink({ origin, projectId, dashboardId });
    const url = publicLinkOf(origin, config);
    if (!url) return { enabled: false, settingsUrl };
    const passwordRequired = config.password_required === true;
    return { enabled: true, url, passwordRequired, publicSharing, settingsUrl };
  }

  /**
   * The public link when PostHog says sharing is on and the organisation lets it open, else the
   * private one: the key belongs to one PostHog, so a page elsewhere gets the link it already has,
   * and a failed read still copies the private link (the confirmation says which it is).
   */
  async function publicOrPrivate(
    context: { origin: string; projectId: number | null },
    privateUrl: string,
    read: (projectId: number) => Promise<{ url?: string; publicSharing?: PublicSharing }>,
  ): Promise<BestLink> {
    const privateLink: BestLink = { url: privateUrl, kind: 'private' };
    try {
      const connection = await deps.connection();
      if (connection.origin !== context.origin) return privateLink;
      const answer = await read(context.projectId ?? connection.projectId);
      return answer.url && answer.publicSharing !== 'off' ? { url: answer.url, kind: 'public' } : privateLink;
    } catch (error) {
      deps.onError?.(error);
      return privateLink;
    }
  }

  /**
   * The link a shortcut or menu item copies for a page: a dashboard's or an insight's public link
   * when it is shared, else its private link; a recording at the second the player shows; any other
   * page's own link.
   */
  async function bestLink(context: PageContext, hints: PageHints): Promise<BestLink> {
    if (context.kind === 'recording') {
      const { origin, projectId, recordingId } = context;
      return {
        url: recordingLink({ origin, projectId, recordingId }, playbackSecond(context, hints)),
        kind: 'recording',
      };
    }
    if (context.kind === 'dashboard') {
      return publicOrPrivate(context, privateDashboardLink(context), (projectId) =>
        shareLink({ projectId, dashboardId: context.dashboardId }),
      );
    }
    const insightShareLink = deps.insightShareLink;
    if (context.kind === 'insight' && insightShareLink) {
      return publicOrPrivate(context, insightLink(context), (projectId) =>
        insightShareLink({ projectId, shortId: context.shortId }),
      );
    }
    return { url: pageLink(context), kind: 'page' };
  }

  return { shareLink, bestLink };
}
export type ShareLinks = ReturnType<typeof createShareLinks>;
