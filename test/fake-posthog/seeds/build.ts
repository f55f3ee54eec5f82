import type { Dashboard, Insight, Notebook, Playlist, Sharing, State, Tile } from '../state';
import { sharingKey } from '../state';

/** Small builders so seeds read as data. They take ids from `state.nextId` unless told. */
export function addDashboard(
  state: State,
  fields: Partial<Dashboard> & Pick<Dashboard, 'id' | 'projectId' | 'name'>,
  tileNames: readonly string[] = [],
): Dashboard {
  const dashboard: Dashboard = {
    description: '',
    pinned: false,
    createdAt: '2025-01-10T09:00:00.000Z',
    createdBy: 1,
    lastAccessedAt: null,
    deleted: false,
    creationMode: 'default',
    tags: [],
    restrictionLevel: 21,
    filters: {},
    useTemplate: '',
    useDashboard: null,
    ...fields,
    tiles: fields.tiles ?? tileNames.map((name) => insightTile(state, name)),
  };
  state.dashboards.set(dashboard.id, dashboard);
  state.nextId.dashboard = Math.max(state.nextId.dashboard, dashboard.id + 1);
  return dashboard;
}

export function insightTile(state: State, name: string, description = ''): Tile {
  const insightId = state.nextId.insight++;
  return {
    id: state.nextId.tile++,
    insight: { id: insightId, shortId: `ins${String(insightId).padStart(5, '0')}`, name, description },
    text: null,
    color: null,
  };
}

export function textTile(state: State, body: string): Tile {
  const id = state.nextId.tile++;
  return { id, insight: null, text: { id, body }, color: null };
}

export function addPlaylist(
  state: State,
  fields: Partial<Playlist> & Pick<Playlist, 'id' | 'shortId' | 'projectId' | 'name'>,
): Playlist {
  const createdAt = fields.createdAt ?? '2025-02-11T08:30:00.000Z';
  const playlist: Playlist = {
    derivedName: null,
    description: '',
    pinned: false,
    createdAt,
    createdBy: 1,
    deleted: false,
    filters: {},
    lastModifiedAt: createdAt,
    lastModifiedBy: fields.createdBy ?? 1,
    type: 'collection',
    recordingIds: [],
    ...fields,
  };
  state.playlists.push(playlist);
  state.nextId.playlist = Math.max(state.nextId.playlist, playlist.id + 1);
  return playlist;
}

/** A saved sharing configuration (PATCHed once in PostHog, so its token is stable). */
export function share(state: State, config: Sharing): Sharing {
  state.sharing.set(sharingKey(config.target), config);
  return config;
}

export function addInsight(
  state: State,
  fields: Partial<Insight> & Pick<Insight, 'id' | 'shortId' | 'projectId' | 'name' | 'derivedName'>,
): Insight {
  const createdAt = fields.createdAt ?? '2025-02-12T09:00:00.000Z';
  const insight: Insight = {
    description: '',
    query: null,
    tags: [],
    favorited: false,
    saved: true,
    createdAt,
    createdBy: 1,
    lastModifiedAt: createdAt,
    lastModifiedBy: fields.createdBy ?? 1,
    deleted: false,
    ...fields,
  };
  // `nextId.insight` (dashboard tiles' insights) is left alone: seeded ids sit well above it.
  state.insights.push(insight);
  return insight;
}

export function addNotebook(
  state: State,
  fields: Partial<Notebook> & Pick<Notebook, 'id' | 'shortId' | 'projectId' | 'title'>,
): Notebook {
  const createdAt = fields.createdAt ?? '2025-02-14T09:00:00.000Z';
  const notebook: Notebook = {
    content: { type: 'doc', content: [] },
    textContent: '',
    version: 1,
    deleted: false,
    createdAt,
    createdBy: 1,
    lastModifiedAt: createdAt,
    lastModifiedBy: fields.createdBy ?? 1,
    ...fields,
  };
  state.notebooks.push(notebook);
  return notebook;
}
