import { isAccessToken, isItemShortId, isPlaylistShortId, isRecordingId } from './context-ids';
import type { PageContext } from './context-schema';
import { appOriginOf, selfHostedOriginSet } from './origins';
import { PAGE_AREAS } from './page-areas';

export {
  isAccessToken,
  isItemShortId,
  isPlaylistShortId,
  isRecordingId,
  isReservedWord,
} from './context-ids';
export type { PageContext } from './context-schema';

export type RecordingContext = Extract<PageContext, { kind: 'recording' }>;
export type PlaylistContext = Extract<PageContext, { kind: 'playlist' }>;
export type DashboardContext = Extract<PageContext, { kind: 'dashboard' }>;
export type PublicContext = Extract<PageContext, { kind: 'shared' | 'embedded' }>;
export type ListContext = Extract<PageContext, { kind: 'dashboards' | 'playlists' }>;
export type InsightContext = Extract<PageContext, { kind: 'insight' }>;
export type NotebookContext = Extract<PageContext, { kind: 'notebook' }>;
export type OtherPageContext = Extract<PageContext, { kind: 'page' }>;

/** Identifies what the page shows; the playback second is left out, since it changes while watching. */
export function contextKey(ctx: PageContext): string {
  switch (ctx.kind) {
    case 'recording':
      return JSON.stringify([
        ctx.kind,
        ctx.origin,
        ctx.projectId,
        ctx.recordingId,
        ctx.playlistShortId ?? null,
      ]);
    case 'playlist':
      return JSON.stringify([ctx.kind, ctx.origin, ctx.projectId, ctx.shortId]);
    case 'dashboard':
      return JSON.stringify([ctx.kind, ctx.origin, ctx.projectId, ctx.dashboardId]);
    case 'insight':
    case 'notebook':
      return JSON.stringify([ctx.kind, ctx.origin, ctx.projectId, ctx.shortId]);
    case 'page':
      return JSON.stringify([ctx.kind, ctx.origin, ctx.projectId, ctx.path]);
    case 'shared':
    case 'embedded':
      return JSON.stringify([ctx.kind, ctx.origin, ctx.accessToken]);
    default:
      return JSON.stringify([ctx.kind, ctx.origin, ctx.projectId]);
  }
}

/** A positive integer written canonically (no sign, no leading zero), within the safe range. */
export function parsePositiveInt(text: string): number | null {
  if (!/^[1-9]\d*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** `t` is whole seconds (the share dialog's mm:ss field); anything else is dropped, not guessed. */
function parseSeconds(text: string | null | undefined): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const seconds = Number(text);
  return Number.isSafeInteger(seconds) ? seconds : undefined;
}

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The first value of `name` in a query string or fragment; `null` when its escapes are malformed.
 * Hand-rolled because URLSearchParams silently keeps malformed escapes as literal text.
 */
function readParam(params: string, name: string): string | null | undefined {
  for (const pair of params.split('&')) {
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    if (decodeComponent(key.replaceAll('+', ' ')) !== name) continue;
    return decodeComponent((eq === -1 ? '' : pair.slice(eq + 1)).replaceAll('+', ' '));
  }
  return undefined;
}

type OpenRecording = { recordingId: string; t?: number };

/**
 * The recording shown on top of the page (`#sessionRecordingId=` modal, `?sessionRecordingId=` list),
 * `undefined` when none is open, `null` when one is open but its id is unusable.
 */
function openRecording(url: URL): OpenRecording | null | undefined {
  for (const params of [url.hash.slice(1), url.search.slice(1)]) {
    const id = readParam(params, 'sessionRecordingId');
    if (id === undefined || id === '') continue;
    if (id === null || !isRecordingId(id)) return null;
    return withSeconds({ recordingId: id }, parseSeconds(readParam(params, 't')));
  }
  return undefined;
}

function withSeconds(recording: OpenRecording, t: number | undefined): OpenRecording {
  return t === undefined ? recording : { ...recording, t };
}

type AppPage =
  | { kind: 'recording'; recordingId: string }
  | { kind: 'playlist'; shortId: string }
  | { kind: 'dashboard'; dashboardId: number }
  | { kind: 'insight' | 'notebook'; shortId: string }
  | { kind: 'dashboards' | 'playlists' }
  | { kind: 'page' };

/** `/sharing`, `/subscriptions[/{id|new}]`, `/tiles/{id}`, `/text-tiles/{id}` (reference §12). */
function isDashboardSubpage([page, item, ...extra]: readonly string[]): boolean {
  if (page === undefined) return true;
  if (extra.length > 0) return false;
  if (page === 'sharing') return item === undefined;
  if (page === 'subscriptions') return true;
  return (page === 'tiles' || page === 'text-tiles') && item !== undefined;
}

/** Below an insight with no item of their own: `urls.insightEdit`, `insightSharing`, `insightAlerts`. */
const INSIGHT_LEAVES: ReadonlySet<string> = new Set(['edit', 'sharing', 'alerts']);

/**
 * `/edit`, `/sharing`, `/alerts` (one alert is `?alert_id=`), `/subscriptions[/{id|new}]` below an
 * insight (`urls.insightEdit` and the rest).
 */
function isInsightSubpage([page, item, ...extra]: readonly string[]): boolean {
  if (page === undefined) return true;
  if (extra.length > 0) return false;
  return page === 'subscriptions' || (INSIGHT_LEAVES.has(page) && item === undefined);
}

/**
 * Areas with a parser of their own: a URL there that is not one of their forms (`/insights/new`, a
 * dashboard id that is not a number, the scratchpad notebook) is nothing Hogmark names.
 */
const PARSED_AREAS: ReadonlySet<string> = new Set([
  'dashboard',
  'replay',
  'recordings',
  'insights',
  'i',
  'notebooks',
]);

/**
 * Routes below `/project/{p}` (or unprefixed legacy paths); raw, still percent-encoded segments.
 * `inProject`: the URL named its project, so any other app page there is worth a link.
 */
function parseAppPage(segments: readonly string[], inProject: boolean): AppPage | null {
  const [area, first, second, ...rest] = segments;
  if (area === undefined) return null;
  if (!PARSED_AREAS.has(area)) return inProject && PAGE_AREAS.has(area) ? { kind: 'page' } : null;
  // Insights (`urls.insightView`, legacy `/i/{short_id}`) and notebooks (`urls.notebook`), reference §6-7.
  if (area === 'insights' || area === 'i' || area === 'notebooks') {
    if (first === undefined) return area !== 'i' && inProject ? { kind: 'page' } : null;
    if (!isItemShortId(first)) return null;
    if (area === 'insights') {
      return isInsightSubpage(segments.slice(2)) ? { kind: 'insight', shortId: first } : null;
    }
    return second === undefined ? { kind: area === 'i' ? 'insight' : 'notebook', shortId: first } : null;
  }
  if (area === 'dashboard') {
    if (first === undefined) return { kind: 'dashboards' };
    const dashboardId = parsePositiveInt(first);
    return dashboardId !== null && isDashboardSubpage(segments.slice(2))
      ? { kind: 'dashboard', dashboardId }
      : null;
  }
  // Left of PARSED_AREAS: `/replay/…` and its pre-2023 name `/recordings/…`, still redirected by the app.
  if (first === undefined) return null;
  if (first === 'playlists') {
    if (second === undefined) return { kind: 'playlists' };
    return rest.length === 0 && isPlaylistShortId(second) ? { kind: 'playlist', shortId: second } : null;
  }
  if (second !== undefined) return null;
  const recordingId = decodeComponent(first);
  return recordingId !== null && isRecordingId(recordingId) ? { kind: 'recording', recordingId } : null;
}

/**
 * The id in `/project/{id}/`: null for `/project/phc_…/` (the project's public token, which the app
 * redirects to the numeric id), undefined when the segment is neither.
 */
function parseProjectSegment(segment: string | undefined): number | null | undefined {
  if (segment === undefined) return undefined;
  if (/^phc_[A-Za-z0-9]+$/.test(segment)) return null;
  return parsePositiveInt(segment) ?? undefined;
}

/**
 * Hash keys PostHog's app writes for its own state, not for the page: the side panel
 * (`#panel=<tab>:<options>`) and its legacy `#supportModal=` (`sidePanelStateLogic`).
 */
const TRANSIENT_HASH_KEYS: ReadonlySet<string> = new Set(['panel', 'supportModal']);

/** A hash pair of the app's own state (its key; one whose escapes are malformed is none of them). */
function isTransientPair(pair: string): boolean {
  const [key] = pair.split('=');
  // Stryker disable next-line StringLiteral: `split` gives one part at least, and a key that does not decode is no transient key whatever text stands for it
  return TRANSIENT_HASH_KEYS.has(decodeComponent(key ?? '') ?? '');
}

/** The page's path, query and hash as the link to it needs them, without the side panel's state. */
function appPath(url: URL): string {
  const kept = url.hash
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTransientPair(pair));
  return url.pathname + url.search + (kept.length > 0 ? `#${kept.join('&')}` : '');
}

// A Map, not an object literal: path segments such as `constructor` must not find inherited keys.
const PUBLIC_PAGES: ReadonlyMap<string, 'shared' | 'embedded'> = new Map([
  ['shared', 'shared'],
  ['embedded', 'embedded'],
  ['shared_dashboard', 'shared'],
]);

/**
 * What a tab or a pasted link shows, or null when it is not a PostHog app page Hogmark acts on.
 * `appOrigins` are the user's self-hosted origins. Never throws.
 */
// Stryker disable next-line ArrayDeclaration: an entry that is no origin adds no self-hosted origin, as none does
export function parsePageContext(url: string, appOrigins: readonly string[] = []): PageContext | null {
  try {
    return parse(url, appOrigins);
  } catch {
    return null;
  }
}

function parse(input: string, appOrigins: readonly string[]): PageContext | null {
  if (typeof input !== 'string' || !URL.canParse(input)) return null;
  const url = new URL(input);
  const origin = appOriginOf(url, selfHostedOriginSet(appOrigins));
  if (origin === null) return null;
  const segments = url.pathname.replace(/\/+$/, '').split('/').slice(1);

  const [area, token, ...extra] = segments;
  const publicKind = area === undefined ? undefined : PUBLIC_PAGES.get(area);
  if (publicKind) {
    return token !== undefined && extra.length === 0 && isAccessToken(token)
      ? { kind: publicKind, origin, accessToken: token }
      : null;
  }

  const projectId = area === 'project' ? parseProjectSegment(token) : null;
  if (projectId === undefined) return null;

  const page = parseAppPage(area === 'project' ? extra : segments, area === 'project');
  const open = openRecording(url);
  if (open === null) return null;
  if (open !== undefined) {
    const playlist = page?.kind === 'playlist' ? { playlistShortId: page.shortId } : {};
    return { kind: 'recording', origin, projectId, ...open, ...playlist };
  }
  if (page === null) return null;
  if (page.kind === 'page') return { kind: 'page', origin, projectId, path: appPath(url) };
  if (page.kind === 'recording') {
    const recording = withSeconds(page, parseSeconds(readParam(url.search.slice(1), 't')));
    return { kind: 'recording', origin, projectId, ...recording };
  }
  return { ...page, origin, projectId };
}
