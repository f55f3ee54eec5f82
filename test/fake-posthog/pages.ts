import type { AppOptions, DashboardTileData, RecordingData, SceneData } from './app/scene';
import type { Reply } from './http';
import { appPage, notFoundPage } from './page-layout';
import { personDisplay, personEmail, recordingPerson } from './serializers/recordings';
import type { Dashboard, Recording, State, User } from './state';

export interface PageRequest {
  state: State;
  url: URL;
  user: User | undefined;
  /** The app asked for the URL's scene as JSON (in-app navigation) instead of the HTML page. */
  sceneOnly?: boolean;
  options?: Partial<AppOptions>;
}

const DEFAULT_OPTIONS: AppOptions = { sceneLoadMs: 100 };

function recordingData(state: State, recording: Recording): RecordingData {
  const person = recordingPerson(state, recording);
  return {
    id: recording.id,
    durationSeconds: recording.durationSeconds,
    startMs: Date.parse(recording.startTime),
    url: recording.startUrl,
    person: personDisplay(person),
    personEmail: personEmail(person) ?? null,
  };
}

const projectRecordings = (state: State, projectId: number): RecordingData[] =>
  state.recordings.filter((r) => r.projectId === projectId).map((r) => recordingData(state, r));

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const visibleDashboards = (state: State, projectId: number): Dashboard[] =>
  [...state.dashboards.values()].filter(
    (d) => d.projectId === projectId && !d.deleted && d.creationMode !== 'unlisted',
  );

const tilesOf = (dashboard: Dashboard): DashboardTileData[] =>
  dashboard.tiles.flatMap((tile) => (tile.insight ? [{ name: tile.insight.name }] : []));

/**
 * `/replay/:tab` values that are tabs of the Replay scene (`ReplayTabs`) or pages of their own (the
 * kiosk, `urls.replayKiosk()` in products/replay/manifest.tsx), not recording ids.
 */
const REPLAY_TABS = new Set([
  'home',
  'recent',
  'playlists',
  'templates',
  'settings',
  'file-playback',
  'kiosk',
]);

/** App URL forms from `products/replay/manifest.tsx` and `scenes/urls.ts`, with or without `/project/<p>`. */
const ROUTES: Array<[RegExp, (m: RegExpExecArray, projectId: number, state: State) => SceneData]> = [
  [
    /^\/replay\/(?:home|recent)\/?$/,
    (_m, projectId, state) => ({
      kind: 'replay-home',
      projectId,
      recordings: projectRecordings(state, projectId),
    }),
  ],
  [
    /^\/replay\/playlists\/?$/,
    (_m, projectId, state) => ({
      kind: 'collections',
      projectId,
      collections: state.playlists
        .filter((p) => p.projectId === projectId && !p.deleted)
        .slice(0, 100)
        .map((p) => ({ shortId: p.shortId, name: p.name || p.derivedName || 'Unnamed' })),
    }),
  ],
  [
    /^\/replay\/playlists\/([^/]+)\/?$/,
    (m, projectId, state) => {
      const shortId = decode(m[1] ?? '');
      const playlist = state.playlists.find(
        (p) => p.projectId === projectId && p.shortId === shortId && !p.deleted,
      );
      const held = playlist?.recordingIds ?? [];
      return {
        kind: 'collection',
        projectId,
        shortId,
        name: playlist ? playlist.name || playlist.derivedName || null : null,
        recordings: held.flatMap((id) => {
          const recording = state.recordings.find((r) => r.id === id);
          return recording ? [recordingData(state, recording)] : [];
        }),
      };
    },
  ],
  [
    /^\/replay\/([^/]+)\/?$/,
    (m, projectId, state) => {
      const id = decode(m[1] ?? '');
      if (REPLAY_TABS.has(id)) return { kind: 'other', projectId };
      const recording = state.recordings.find((r) => r.id === id && r.projectId === projectId);
      return {
        kind: 'recording',
        projectId,
        id,
        recording: recording ? recordingData(state, recording) : null,
      };
    },
  ],
  [
    /^\/dashboard\/?$/,
    (_m, projectId, state) => ({
      kind: 'dashboards',
      projectId,
      dashboards: visibleDashboards(state, projectId).map((d) => ({ id: d.id, name: d.name ?? '' })),
    }),
  ],
  [
    /^\/dashboard\/(\d+)(?:\/.*)?$/,
    (m, projectId, state) => {
      const id = Number(m[1]);
      const dashboard = state.dashboards.get(id);
      const shown = dashboard && dashboard.projectId === projectId && !dashboard.deleted ? dashboard : null;
      return {
        kind: 'dashboard',
        projectId,
        id,
        found: !!shown,
        name: shown?.name ?? '',
        tiles: shown ? tilesOf(shown) : [],
      };
    },
  ],
  [
    // `insightSceneLogic` urlToAction `/insights/:shortId(/:mode)(/:itemId)`; `new` is a new insight.
    /^\/insights\/([^/]+)(?:\/.*)?$/,
    (m, projectId, state) => {
      const shortId = decode(m[1] ?? '');
      if (shortId === 'new' || shortId === 'quick-start') return { kind: 'other', projectId };
      const insight = state.insights.find(
        (i) => i.projectId === projectId && i.shortId === shortId && !i.deleted,
      );
      return {
        kind: 'insight',
        projectId,
        shortId,
        found: !!insight,
        name: insight ? insight.name || insight.derivedName || '' : '',
      };
    },
  ],
  [
    /^\/notebooks\/([^/]+)\/?$/,
    (m, projectId, state) => {
      const shortId = decode(m[1] ?? '');
      const notebook = state.notebooks.find(
        (n) => n.projectId === projectId && n.shortId === shortId && !n.deleted,
      );
      return { kind: 'notebook', projectId, shortId, found: !!notebook, title: notebook?.title ?? null };
    },
  ],
  [
    /^\/feature_flags\/?$/,
    (_m, projectId, state) => ({
      kind: 'feature-flags',
      projectId,
      flags: state.featureFlags
        .filter((f) => f.projectId === projectId && !f.deleted)
        .map((f) => ({ id: f.id, key: f.key })),
    }),
  ],
  [
    /^\/feature_flags\/(\d+)\/?$/,
    (m, projectId, state) => {
      const id = Number(m[1]);
      const flag = state.featureFlags.find((f) => f.id === id && f.projectId === projectId && !f.deleted);
      return { kind: 'feature-flag', projectId, id, found: !!flag, key: flag?.key ?? '' };
    },
  ],
];

/**
 * `SharingViewerPageViewSet.retrieve`: an enabled configuration's dashboard, insight (`asset_title` =
 * name or derived name) or recording ("Session Recording", no og tags). A deleted object opens nothing.
 */
function sharedScene(state: State, token: string): SceneData | null {
  const config = [...state.sharing.values()].find((c) => c.enabled && c.accessToken === token);
  const target = config?.target;
  if (target?.kind === 'dashboard') {
    const dashboard = state.dashboards.get(target.id);
    if (!dashboard || dashboard.deleted) return null;
    return { kind: 'shared', name: dashboard.name ?? '', tiles: tilesOf(dashboard) };
  }
  if (target?.kind === 'insight') {
    const insight = state.insights.find((i) => i.id === target.id);
    if (!insight || insight.deleted) return null;
    return { kind: 'shared', name: insight.name || insight.derivedName || '', tiles: [] };
  }
  if (target?.kind === 'recording') return { kind: 'shared', name: null, tiles: [] };
  return null;
}

/** The scene PostHog would show at `url`, or null for a share token that opens nothing. */
export function sceneFor(state: State, url: URL): SceneData | null {
  const path = url.pathname;
  const shared = /^\/(?:shared|embedded)\/([^/.]+)\/?$/.exec(path);
  if (shared) return sharedScene(state, shared[1] ?? '');
  const prefixed = /^\/project\/(\d+)(\/.*)?$/.exec(path);
  const projectId = prefixed ? Number(prefixed[1]) : (state.projects[0]?.id ?? 1);
  const rest = prefixed ? (prefixed[2] ?? '/') : path;
  for (const [pattern, build] of ROUTES) {
    const match = pattern.exec(rest);
    if (match) return build(match, projectId, state);
  }
  return { kind: 'other', projectId };
}

export function renderPage(request: PageRequest): Reply {
  const scene = sceneFor(request.state, request.url);
  if (request.sceneOnly)
    return scene ? { status: 200, json: scene } : { status: 404, json: { detail: 'Not found.' } };
  if (!scene) return notFoundPage();
  return appPage(scene, { ...DEFAULT_OPTIONS, ...request.options });
}
