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
    case 'shared':
      // exporter.html includes head.html's <title>PostHog</title>; the name is only in og:title.
      return SHELL_TITLE;
    case 'other':
      return SHELL_TITLE;
  }
}
