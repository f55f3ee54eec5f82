import type { ApiKey } from './state';
import type { KeyInfo, KeyName } from './types';

/** Scope objects this stand-in knows (a subset of PostHog's `API_SCOPE_OBJECTS`). */
export const SCOPE_OBJECTS = [
  'dashboard',
  'insight',
  'organization',
  'project',
  'query',
  'session_recording',
  'session_recording_playlist',
  'sharing_configuration',
  'user',
] as const;

const READ_SCOPES = SCOPE_OBJECTS.map((object) => `${object}:read`);
/** Every read and write scope but the playlist write, and the newest PostHog's `comment` scopes. */
const ALL_BUT_PLAYLIST_WRITE = [
  ...SCOPE_OBJECTS.flatMap((object) =>
    object === 'session_recording_playlist' ? [`${object}:read`] : [`${object}:read`, `${object}:write`],
  ),
  'comment:read',
  'comment:write',
];

/**
 * Every read scope of `readOnly` but `session_recording:read`, plus `comment:read` and `comment:write`:
 * it can note a recording (a comment names it by its id) but not read the recording's metadata.
 */
const NO_RECORDING_READ = [
  ...READ_SCOPES.filter((scope) => scope !== 'session_recording:read'),
  'comment:read',
  'comment:write',
];

/**
 * Every read scope but `sharing_configuration:read`, plus `notebook:read` (which no older key carries):
 * it can see dashboards, insights, notebooks and recordings but not whether they are shared.
 */
const READ_BUT_SHARING = [
  ...SCOPE_OBJECTS.filter((object) => object !== 'sharing_configuration').map((object) => `${object}:read`),
  'notebook:read',
];

/** Fixed values so docs, the demo and test fixtures can name them. Ana (user 1) owns them all. */
const KEY_TABLE: Record<KeyName, Omit<ApiKey, 'name' | 'userId'>> = {
  all: {
    id: '01900000-0000-7000-8000-00000000a001',
    label: 'Hogmark (all scopes)',
    value: 'phx_tDCUWRmxuX08nthDDUolxCEpDlDcWUAWxA5eK3u5NY5',
    scopes: ['*'],
    scopedTeams: [],
    createdAt: '2025-01-02T10:00:00.000Z',
  },
  readOnly: {
    id: '01900000-0000-7000-8000-00000000a002',
    label: 'Hogmark (read only)',
    value: 'phx_CPJOhcRX57kdArJEK12jbfcTxE755EM6QbBOVjr5ulq',
    scopes: READ_SCOPES,
    scopedTeams: [],
    createdAt: '2025-01-02T10:01:00.000Z',
  },
  projectScoped: {
    id: '01900000-0000-7000-8000-00000000a003',
    label: 'Hogmark (project 1 only)',
    value: 'phx_iSqH4Q5TjniDWScKIyjOY7hsNhO15PflgtgH98rtug1',
    scopes: ['*'],
    scopedTeams: [1],
    createdAt: '2025-01-02T10:02:00.000Z',
  },
  noPlaylistWrite: {
    id: '01900000-0000-7000-8000-00000000a004',
    label: 'Hogmark (no playlist write)',
    value: 'phx_Kk6nAC8UVJ9yjMokopHM0pmgeuXsnTTDZXn3pGxUoWN',
    scopes: ALL_BUT_PLAYLIST_WRITE,
    scopedTeams: [],
    createdAt: '2025-01-02T10:03:00.000Z',
  },
  noSharingRead: {
    id: '01900000-0000-7000-8000-00000000a005',
    label: 'Hogmark (no sharing read)',
    value: 'phx_nS8rDq4LmVw2ZcYt6HbJpKf3XeUa9GiRo1TyMnQ0sLd',
    scopes: READ_BUT_SHARING,
    scopedTeams: [],
    createdAt: '2025-01-02T10:04:00.000Z',
  },
  noRecordingRead: {
    id: '01900000-0000-7000-8000-00000000a006',
    label: 'Hogmark (no recording read)',
    value: 'phx_Rq7NoRec0rdR3adVb2KxW9mHs4LpZt6JyCe1GaUf8Dn',
    scopes: NO_RECORDING_READ,
    scopedTeams: [],
    createdAt: '2025-01-02T10:05:00.000Z',
  },
};

export const KEY_NAMES = Object.keys(KEY_TABLE) as KeyName[];

export function seedKeys(ownerId: number): ApiKey[] {
  return KEY_NAMES.map((name) => ({
    name,
    userId: ownerId,
    ...KEY_TABLE[name],
    scopes: [...KEY_TABLE[name].scopes],
  }));
}

export function keyInfo(key: ApiKey): KeyInfo {
  return { value: key.value, scopes: [...key.scopes], scopedTeams: [...key.scopedTeams], label: key.label };
}

/** `:write` implies `:read`; `*` grants everything. */
export function hasScope(granted: readonly string[], required: string): boolean {
  if (granted.includes('*') || granted.includes(required)) return true;
  const [object, action] = required.split(':');
  return action === 'read' && granted.includes(`${object}:write`);
}
