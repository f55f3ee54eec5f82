import { nameBeforeScene, titleCrumbs } from '../posthog/title-crumbs';

/** Pages whose name PostHog puts in the tab title; the only ones a title hint is sent for. */
export type TitledKind = 'dashboard' | 'playlist';

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
  const crumbs = titleCrumbs(title);
  const kind = SCENE_WORDS.get(crumbs?.at(-1)?.toLowerCase() ?? '');
  const name = crumbs && kind ? nameBeforeScene(crumbs, () => true) : undefined;
  return kind && name ? { name, kind } : null;
}
