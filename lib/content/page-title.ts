/** Pages whose name PostHog puts in the tab title; the only ones a title hint is sent for. */
export type TitledKind = 'dashboard' | 'playlist';

/** The hint schema caps titles at 200 characters; a longer name is cut, not refused. */
const MAX_NAME_LENGTH = 200;

/**
 * The breadcrumb PostHog puts right after the item's name (`breadcrumbsLogic.documentTitle`: the
 * scene's crumbs reversed, then "PostHog"): "Collections" (`sessionRecordingsPlaylistSceneLogic`;
 * "Playlists" before the rename), "Dashboards" (`dashboardLogic`), and the singular scene words of
 * older self-hosted versions. A recording's title names only its session id, which the URL already
 * has, so it is never read.
 */
const SCENE_WORDS: ReadonlyMap<string, TitledKind> = new Map([
  ['collections', 'playlist'],
  ['playlists', 'playlist'],
  ['playlist', 'playlist'],
  ['dashboards', 'dashboard'],
  ['dashboard', 'dashboard'],
]);

/**
 * What the title says while the data is not there: `sessionRecordingsPlaylistSceneLogic` shows
 * "Unnamed" until the collection loads, `dashboardLogic` "..." (then "Not found" or "Could not load").
 * A collection really named "Unnamed" is named by Hogmark's cached list instead.
 */
const NOT_A_NAME: ReadonlySet<string> = new Set([
  'unnamed',
  '...',
  '…',
  'loading...',
  'not found',
  'could not load',
]);

export interface PageTitle {
  name: string;
  kind: TitledKind;
}

/**
 * `"<name> • Collections • PostHog"` / `"<name> • Dashboards • PostHog"` → the name and the kind of
 * page it names; null for every other shape ("PostHog" before the app has drawn, list pages, loading
 * stages, recordings), so no guess is ever sent.
 */
export function parsePageTitle(title: string): PageTitle | null {
  const parts = title.replace(/\s+/g, ' ').trim().split(/ ?• ?/);
  const app = parts.at(-1)?.toLowerCase();
  // "PostHog Demo": the name demo instances carry.
  if (parts.length < 3 || (app !== 'posthog' && app !== 'posthog demo')) return null;
  let crumbs = parts.slice(0, -1);
  // Older self-hosted versions put the product after the scene: "<name> • Playlists • Replay • PostHog".
  if (crumbs.length > 2 && crumbs.at(-1)?.toLowerCase() === 'replay') crumbs = crumbs.slice(0, -1);
  const kind = SCENE_WORDS.get(crumbs.at(-1)?.toLowerCase() ?? '');
  // A name may itself contain the separator, so everything before the scene word is the name.
  const name = crumbs.slice(0, -1).join(' • ').trim();
  if (!kind || name === '' || NOT_A_NAME.has(name.toLowerCase())) return null;
  return { name: name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name, kind };
}
