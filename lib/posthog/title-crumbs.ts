/**
 * PostHog's tab titles as crumbs, shared by the content script (collections and dashboards,
 * lib/content/page-title.ts) and the background (insights, notebooks and other pages, page-titles.ts).
 * PostHog titles a page with its breadcrumbs reversed, then "PostHog" (`breadcrumbsLogic.documentTitle`).
 * Imports nothing at run time: the content script stays small.
 */

/** The longest name a hint carries; a longer one is cut, not refused. */
const MAX_NAME_LENGTH = 200;

/**
 * What a title says while the item is not there: "Unnamed" (`sessionRecordingsPlaylistSceneLogic`,
 * notebooks, flags), "..." (`dashboardLogic`), and the not-found stages. A collection really named
 * "Unnamed" is named by Hogmark's cached list instead.
 */
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

/** "PostHog", and the name self-hosted demo instances carry. */
const APP_NAMES: ReadonlySet<string> = new Set(['posthog', 'posthog demo']);

export const isNotAName = (name: string) => name === '' || NOT_A_NAME.has(name.toLowerCase());

export const cutName = (name: string) =>
  name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name;

/**
 * The crumbs of a PostHog title, most specific first, without the app's name; null for a title of
 * another shape. Older self-hosted versions put the product after the scene ("<name> • Playlists •
 * Replay • PostHog"): that crumb is dropped.
 */
export function titleCrumbs(title: string | undefined): string[] | null {
  const parts = (title ?? '').replace(/\s+/g, ' ').trim().split(/ ?• ?/);
  if (parts.length < 2 || !APP_NAMES.has(parts.at(-1)?.toLowerCase() ?? '')) return null;
  const crumbs = parts.slice(0, -1).map((crumb) => crumb.trim());
  return crumbs.length > 2 && crumbs.at(-1)?.toLowerCase() === 'replay' ? crumbs.slice(0, -1) : crumbs;
}

/**
 * The name before a scene word (`<name> • <scene> • PostHog`), or undefined when the title is not
 * that scene's. A name may itself contain the separator, so everything before the scene word is it.
 */
export function nameBeforeScene(
  crumbs: readonly string[],
  scene: (word: string) => boolean,
): string | undefined {
  if (crumbs.length < 2 || !scene(crumbs.at(-1)?.toLowerCase() ?? '')) return undefined;
  const name = crumbs.slice(0, -1).join(' • ').trim();
  return isNotAName(name) ? undefined : cutName(name);
}
