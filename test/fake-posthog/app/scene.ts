/**
 * What the server tells the stand-in's app about one URL: the data PostHog's scene logics would load.
 * Shared by the server (`../pages.ts`, which builds it) and the app bundle (which draws it).
 */

export interface RecordingData {
  id: string;
  durationSeconds: number;
  /** The recording's start, epoch ms (the UTC / Device timestamp formats show start + position). */
  startMs: number;
  /** What the meta bar shows as the page the user was on. */
  url: string;
  /** The person as PostHog's `asDisplay` shows it (the list's person column, the meta bar's lettermark). */
  person: string;
  /** The person's `email` property, which `PersonIcon` hands to `ProfilePicture`; null without one. */
  personEmail: string | null;
}

export interface DashboardTileData {
  name: string;
}

export type SceneData =
  /** `/replay/:id`: one player (`sessionRecordingDetailLogic`). `recording` null → RecordingNotFound. */
  | { kind: 'recording'; projectId: number; id: string; recording: RecordingData | null }
  /** `/replay/home`: the recordings list beside the player (`sessionReplaySceneLogic`, tab Home). */
  | { kind: 'replay-home'; projectId: number; recordings: RecordingData[] }
  /** `/replay/playlists`: the collections list. */
  | { kind: 'collections'; projectId: number; collections: Array<{ shortId: string; name: string }> }
  /** `/replay/playlists/:short_id`: one collection; `name` null → not found. Pinned recordings first. */
  | {
      kind: 'collection';
      projectId: number;
      shortId: string;
      name: string | null;
      recordings: RecordingData[];
    }
  | {
      kind: 'dashboards';
      projectId: number;
      dashboards: Array<{ id: number; name: string }>;
    }
  /** `/dashboard/:id`: `name` is '' for an unnamed dashboard; `found` false → "Not found". */
  | {
      kind: 'dashboard';
      projectId: number;
      id: number;
      found: boolean;
      name: string;
      tiles: DashboardTileData[];
    }
  /**
   * `/shared/:token` and `/embedded/:token` (the exporter): a dashboard, an insight or a recording.
   * `name` is the `og:title` (sharing.py `asset_title` with `add_og_tags`); null for a recording.
   */
  | { kind: 'shared'; name: string | null; tiles: DashboardTileData[] }
  /** `/insights/:short_id[/edit|…]`: `name` is `insightName` (name || derived name); `found` false → NotFound. */
  | { kind: 'insight'; projectId: number; shortId: string; found: boolean; name: string }
  /** `/notebooks/:short_id`: `title` null → "Unnamed"; `found` false → NotFound. */
  | { kind: 'notebook'; projectId: number; shortId: string; found: boolean; title: string | null }
  /** `/feature_flags`: the flags list. */
  | { kind: 'feature-flags'; projectId: number; flags: Array<{ id: number; key: string }> }
  /** `/feature_flags/:id`: `key` '' while unknown; `found` false → NotFound. */
  | { kind: 'feature-flag'; projectId: number; id: number; found: boolean; key: string }
  /** Any other app URL: a scene the stand-in does not draw. */
  | { kind: 'other'; projectId: number };

export interface AppOptions {
  /** How long a scene's data takes to "arrive"; null: until `fakePostHog.finishLoading()`. */
  sceneLoadMs: number | null;
}

/** The request header the app sends to get a URL's SceneData as JSON (in-app navigation). */
export const SCENE_HEADER = 'x-fake-posthog-scene';
