/**
 * Document titles: `breadcrumbsLogic.documentTitle` — the scene's breadcrumbs that have a name, reversed,
 * then "PostHog", joined by " • ". Each scene logic's `breadcrumbs` selector gives the crumbs.
 */
import type { SceneData } from './scene';

/** The title the server's HTML carries before the app has drawn a scene. */
export const SHELL_TITLE = 'PostHog';

function documentTitle(crumbs: ReadonlyArray<string | null>): string {
  return [...crumbs.filter((name): name is string => !!name).reverse(), 'PostHog'].join(' • ');
}

/** The title while the scene's data is loading (`loaded` false) and once it has arrived. */
export function sceneTitle(scene: SceneData, loaded: boolean): string {
  switch (scene.kind) {
    case 'recording':
      // sessionRecordingDetailLogic: from the URL's id, so no loading stage.
      return documentTitle(['Replay', scene.id]);
    case 'replay-home':
      // sessionReplaySceneLogic: the Home tab has no "Replay" crumb; its name is "Recordings".
      return documentTitle(['Recordings']);
    case 'collections':
      return documentTitle(['Replay', 'Collections']);
    case 'collection':
      // sessionRecordingsPlaylistSceneLogic: playlist?.name || playlist?.derived_name || 'Unnamed'.
      return documentTitle(['Collections', loaded ? (scene.name ?? 'Unnamed') : 'Unnamed']);
    case 'dashboards':
      return documentTitle(['Dashboards']);
    case 'dashboard': {
      // dashboardLogic: the name once loaded, 'Not found' on a 404, '...' while loading.
      const name = !loaded ? '...' : scene.found ? scene.name : 'Not found';
      return documentTitle(['Dashboards', name]);
    }
    case 'insight':
      // insightSceneLogic: "Product analytics", then insightLogic.insightName (name || derived name),
      // empty while the insight loads and when none is found.
      return documentTitle(['Product analytics', loaded && scene.found ? scene.name : null]);
    case 'notebook': {
      // notebookSceneLogic: notebook?.title || 'Unnamed'; null while loading; 'Notebook not found'.
      const name = !loaded ? null : scene.found ? scene.title || 'Unnamed' : 'Notebook not found';
      return documentTitle(['Notebooks', name]);
    }
    case 'feature-flags':
      // featureFlagsLogic.
      return documentTitle(['Feature flags']);
    case 'feature-flag':
      // featureFlagLogic: featureFlag.key || 'Unnamed' (NEW_FLAG's empty key while loading or missing).
      return documentTitle(['Feature Flags', loaded && scene.found ? scene.key || 'Unnamed' : 'Unnamed']);
    case 'shared':
      // exporter.html includes head.html's <title>PostHog</title>; the name is only in og:title.
      return SHELL_TITLE;
    case 'other':
      return SHELL_TITLE;
  }
}
