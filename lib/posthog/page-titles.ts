import type { PageContext } from './context';

/**
 * The names PostHog's tab titles give insights, notebooks and other project pages, read in the
 * background from the tab's title (Hogmark has the host permission of its PostHog, so `tabs.get`
 * gives it): the content script stays as small as it is. PostHog titles a page with its breadcrumbs
 * reversed, then "PostHog" (`breadcrumbsLogic.documentTitle`): "Weekly signups • Product analytics
 * • PostHog" (`insightSceneLogic`; "Insights" in older versions), "Release notes • Notebooks •
 * PostHog" (`notebookSceneLogic`), "new-checkout • Feature Flags • PostHog" (`featureFlagLogic`).
 */

const MAX_NAME_LENGTH = 200;

const SCENE_WORDS: Readonly<Record<'insight' | 'notebook', ReadonlySet<string>>> = {
  insight: new Set(['product analytics', 'insights', 'insight']),
  notebook: new Set(['notebooks', 'notebook']),
};

/** What a title says while the item is not there: loading stages and not-found pages. */
const NOT_A_NAME: ReadonlySet<string> = new Set([
  'unnamed',
  '...',
  '…',
  'loading...',
  'not found',
  'could not load',
  'insight not found',
  'notebook not found',
  'feature flag not found',
]);

/** "PostHog" and the name self-hosted demo instances carry. */
const APP_NAMES: ReadonlySet<string> = new Set(['posthog', 'posthog demo']);

const cut = (name: string) =>
  name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name;

/**
 * The page's name from its tab title, or undefined when the title does not name it (still loading,
 * another page's title, not PostHog's shape). An insight or notebook title must carry its scene
 * word; any other page is named by all its crumbs ("new-checkout • Feature Flags").
 */
export function nameFromTitle(context: PageContext, title: string | undefined): string | undefined {
  if (context.kind !== 'insight' && context.kind !== 'notebook' && context.kind !== 'page') return undefined;
  const parts = (title ?? '').replace(/\s+/g, ' ').trim().split(/ ?• ?/);
  if (parts.length < 2 || !APP_NAMES.has(parts.at(-1)?.toLowerCase() ?? '')) return undefined;
  const crumbs = parts.slice(0, -1);
  if (context.kind === 'page') {
    const name = crumbs.join(' • ').trim();
    return name === '' || NOT_A_NAME.has(crumbs[0]?.trim().toLowerCase() ?? '') ? undefined : cut(name);
  }
  if (crumbs.length < 2 || !SCENE_WORDS[context.kind].has(crumbs.at(-1)?.toLowerCase() ?? ''))
    return undefined;
  const name = crumbs.slice(0, -1).join(' • ').trim();
  return name === '' || NOT_A_NAME.has(name.toLowerCase()) ? undefined : cut(name);
}
