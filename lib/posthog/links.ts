import type { DashboardContext, PageContext, PlaylistContext, RecordingContext } from './context';
import { INVISIBLE, markdownSafe } from './markdown-safe';

/**
 * The links Hogmark copies and opens, in the forms PostHog's own share dialogs produce
 * (reference §12). Each one parses back to the context it was built from.
 */

type ProjectScope = { origin: string; projectId: number | null };

/** `{origin}/project/{p}{path}`, or the unprefixed legacy form when the project is unknown. */
function inProject({ origin, projectId }: ProjectScope, path: string): string {
  return projectId === null ? `${origin}${path}` : `${origin}/project/${projectId}${path}`;
}

/** Percent-encodes a path segment; `toWellFormed` because a lone surrogate makes encoding throw. */
function segment(value: string): string {
  return encodeURIComponent(value.toWellFormed());
}

/** Whole seconds for `?t=`: the player reports fractions, the share dialog only whole seconds. */
function wholeSeconds(seconds: number | undefined): number | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  const whole = Math.floor(seconds);
  return Number.isSafeInteger(whole) ? whole : undefined;
}

/** The teammates' link: only people with access to the project can open it. */
export function privateDashboardLink(
  ctx: Pick<DashboardContext, 'origin' | 'projectId' | 'dashboardId'>,
): string {
  return inProject(ctx, `/dashboard/${ctx.dashboardId}`);
}

/** PostHog's sharing dialog of a dashboard, where the user (not Hogmark) turns public sharing on. */
export function dashboardSharingLink(
  ctx: Pick<DashboardContext, 'origin' | 'projectId' | 'dashboardId'>,
): string {
  return `${privateDashboardLink(ctx)}/sharing`;
}

/** The public link of a shared dashboard (or recording): `access_token` from its sharing configuration. */
export function publicShareLink(origin: string, accessToken: string): string {
  return `${origin}/shared/${segment(accessToken)}`;
}

/** The recording at `second` (default: the context's own `t`), like PostHog's "private link" share. */
export function recordingLink(
  ctx: Pick<RecordingContext, 'origin' | 'projectId' | 'recordingId' | 't'>,
  second?: number,
): string {
  const t = wholeSeconds(second ?? ctx.t);
  return inProject(ctx, `/replay/${segment(ctx.recordingId)}`) + (t === undefined ? '' : `?t=${t}`);
}

/**
 * The second a recording link starts at: the player's, when the page reported one; none when the
 * player shows no position Hogmark can read (`null`); the URL's `t` only until the player has said
 * anything (PostHog reads `?t=` once at load and never updates it).
 */
export function playbackSecond(ctx: Pick<RecordingContext, 't'>, hints: { currentSecond?: number | null }) {
  return hints.currentSecond === undefined ? ctx.t : (hints.currentSecond ?? undefined);
}

export function playlistLink(ctx: Pick<PlaylistContext, 'origin' | 'projectId' | 'shortId'>): string {
  return inProject(ctx, `/replay/playlists/${segment(ctx.shortId)}`);
}

export function dashboardsListLink(scope: ProjectScope): string {
  return inProject(scope, '/dashboard');
}

export function playlistsListLink(scope: ProjectScope): string {
  return inProject(scope, '/replay/playlists');
}

/** An insight's own page (`urls.insightView`): its private link. */
export function insightLink(ctx: ProjectScope & { shortId: string }): string {
  return inProject(ctx, `/insights/${segment(ctx.shortId)}`);
}

/** PostHog's sharing dialog of an insight (`urls.insightSharing`), where the user turns sharing on. */
export function insightSharingLink(ctx: ProjectScope & { shortId: string }): string {
  return `${insightLink(ctx)}/sharing`;
}

/** A notebook's page (`urls.notebook`). */
export function notebookLink(ctx: ProjectScope & { shortId: string }): string {
  return inProject(ctx, `/notebooks/${segment(ctx.shortId)}`);
}

/** Where "Open in PostHog" goes for a context. */
export function pageLink(ctx: PageContext): string {
  switch (ctx.kind) {
    case 'recording':
      return recordingLink(ctx);
    case 'playlist':
      return playlistLink(ctx);
    case 'dashboard':
      return privateDashboardLink(ctx);
    case 'shared':
      return publicShareLink(ctx.origin, ctx.accessToken);
    case 'embedded':
      return `${ctx.origin}/embedded/${segment(ctx.accessToken)}`;
    case 'dashboards':
      return dashboardsListLink(ctx);
    case 'playlists':
      return playlistsListLink(ctx);
    case 'insight':
      return insightLink(ctx);
    case 'notebook':
      return notebookLink(ctx);
    case 'page':
      return `${ctx.origin}${ctx.path}`;
  }
}

const URL_ESCAPES: Readonly<Record<string, string>> = { '(': '%28', ')': '%29', '\\': '%5C' };

/**
 * `[label](url)` around a label already made safe (`markdownSafe`), named by the URL as text when
 * the label is empty. In the URL, parentheses, backslashes, whitespace, angle brackets and what
 * `markdownSafe` drops are percent-encoded, which servers read the same.
 */
export function markdownLinkAround(label: string, url: string): string {
  const escapedUrl = url
    .replace(/[()\\\s<>]/g, (char) => URL_ESCAPES[char] ?? encodeURIComponent(char))
    .replace(INVISIBLE, encodeURIComponent);
  return `[${label || markdownSafe(url, 'text')}](${escapedUrl})`;
}

/** `[text](url)` that renders as one link whatever `text` holds: it stays text (`markdownSafe`). */
export function markdownLink(text: string, url: string): string {
  return markdownLinkAround(markdownSafe(text, 'text'), url);
}
