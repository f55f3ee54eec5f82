import { type MessageKey, t } from '../platform/i18n';
import type { PageContext } from './context';
import type { PageHints } from './page-hints';

/** How the toolbar title and the popup header name a page; one place, so both always agree. */

const KIND_KEYS: Readonly<Record<PageContext['kind'], MessageKey>> = {
  recording: 'contextKindRecording',
  playlist: 'contextKindPlaylist',
  dashboard: 'contextKindDashboard',
  dashboards: 'contextKindDashboards',
  playlists: 'contextKindPlaylists',
  shared: 'contextKindShared',
  embedded: 'contextKindEmbedded',
  insight: 'contextKindInsight',
  notebook: 'contextKindNotebook',
  page: 'contextKindPage',
};

export function contextKindLabel(kind: PageContext['kind']): string {
  return t(KIND_KEYS[kind]);
}

/**
 * The page's name: the title the content script read, or for a collection or dashboard the name in
 * Hogmark's cached list (the background puts it in `hints.title` until the page says one), else what
 * the URL says. PostHog titles a recording by its session id, so a recording is named by its id.
 * Sharing tokens are never shown: they open the page to anyone who has them.
 */
export function contextName(ctx: PageContext, hints: PageHints): string {
  const title = hints.title?.trim();
  switch (ctx.kind) {
    case 'recording':
      return title || ctx.recordingId;
    case 'playlist':
      return title || ctx.shortId;
    case 'dashboard':
      return title || t('contextDashboardNumber', ctx.dashboardId);
    case 'dashboards':
      return t('contextAllDashboards');
    case 'playlists':
      return t('contextAllPlaylists');
    case 'insight':
      return title || t('contextInsightShortId', ctx.shortId);
    case 'notebook':
      return title || t('contextNotebookShortId', ctx.shortId);
    case 'page':
      return title || t('contextThisPage');
    case 'shared':
    case 'embedded':
      return t('contextPublicPage');
  }
}

/** True when `contextName` is the raw id (shown in a monospace font). */
export function isNamedById(ctx: PageContext, hints: PageHints): boolean {
  if (ctx.kind === 'recording') return contextName(ctx, hints) === ctx.recordingId;
  return ctx.kind === 'playlist' && contextName(ctx, hints) === ctx.shortId;
}

/** The project the page is in; null for public pages and legacy URLs without a project. */
export function contextProjectId(ctx: PageContext): number | null {
  return 'projectId' in ctx ? ctx.projectId : null;
}

/** 75 → "01:15", 3725 → "1:02:05": the player's own format. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const rest = `${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}
