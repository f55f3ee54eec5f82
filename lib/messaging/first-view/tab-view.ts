import { type PageContext, parsePageContext } from '../../posthog/context';
import type { PageHints } from '../../posthog/page-hints';
import { nameFromTitle } from '../../posthog/page-titles';

export interface TabView {
  context: PageContext | null;
  hints: PageHints;
}

/** Pages whose name is not in their URL, but is in a list Hogmark caches. */
export const NAMED_BY_CACHE: ReadonlySet<PageContext['kind']> = new Set(['playlist', 'dashboard']);

/**
 * What a tab shows: the URL decides the page (a content script's claim never does); the hints its
 * content script sent count only for the URL they were sent from; the tab's title names the page
 * when they do not. `unnamed`: a collection or dashboard page still without a name, which only
 * Hogmark's cached lists can give (the background's part).
 */
export function tabViewOf(
  tab: { url?: string; title?: string } | undefined,
  appOrigins: readonly string[],
  stored: { url: string; hints: PageHints },
): TabView & { unnamed: boolean } {
  const current = tab?.url;
  if (!current) return { context: null, hints: {}, unnamed: false };
  const context = parsePageContext(current, appOrigins);
  const hints = context && stored.url === current ? stored.hints : {};
  const titled = context && !hints.title?.trim() ? nameFromTitle(context, tab?.title) : undefined;
  if (titled) return { context, hints: { ...hints, title: titled }, unnamed: false };
  const unnamed = context !== null && !hints.title?.trim() && NAMED_BY_CACHE.has(context.kind);
  return { context, hints, unnamed };
}
