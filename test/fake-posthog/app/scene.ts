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
  /** The person column of the recordings list. */
  person: string;
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
  /** `/shared/:token` and `/embedded/:token` of a dashboard (the exporter). */
  | { kind: 'shared'; name: string; tiles: DashboardTileData[] }
  /** Any other app URL: a scene the stand-in does not draw. */
  | { kind: 'other'; projectId: number };

export interface AppOptions {
  /** How long a scene's data takes to "arrive"; null: until `fakePostHog.finishLoading()`. */
  sceneLoadMs: number | null;
}

/** The request header the app sends to get a URL's SceneData as JSON (in-app navigation). */
export const SCENE_HEADER = 'x-fake-posthog-scene';
