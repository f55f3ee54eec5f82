import { randomBytes } from 'node:crypto';
import type { OAuthStore } from './oauth/model';
import type { KeyName } from './types';

/** The in-memory world of one local PostHog. Seeds build it; routes read and change it. */
export interface User {
  id: number;
  uuid: string;
  distinctId: string;
  firstName: string;
  lastName: string;
  email: string;
  roleAtOrganization: string | null;
  dateJoined: string;
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
  /** `Organization.allow_publicly_shared_resources`: off, PostHog opens no public link of the organisation. */
  allowPubliclySharedResources: boolean;
  /** Keys of `available_product_features`; the switch above counts only with `organization_security_settings`. */
  productFeatures: string[];
}

export interface Project {
  id: number;
  uuid: string;
  name: string;
  apiToken: string;
  /** `app_urls` (the toolbar's authorised URLs) and `recording_domains`, on `GET /api/projects/{id}/`. */
  appUrls?: string[];
  recordingDomains?: string[];
}

export interface Tile {
  id: number;
  insight: { id: number; shortId: string; name: string; description: string } | null;
  text: { id: number; body: string } | null;
  color: string | null;
}

export interface Dashboard {
  id: number;
  projectId: number;
  name: string | null;
  description: string;
  pinned: boolean;
  createdAt: string;
  createdBy: number | null;
  lastAccessedAt: string | null;
  deleted: boolean;
  creationMode: 'default' | 'template' | 'duplicate' | 'unlisted';
  tags: string[];
  restrictionLevel: 21 | 37;
  filters: unknown;
  tiles: Tile[];
  useTemplate: string;
  useDashboard: number | null;
}

export interface Collaborator {
  id: string;
  dashboardId: number;
  userId: number;
  level: 21 | 37;
  addedAt: string;
  updatedAt: string;
}

/** What a sharing configuration shares (`SharingConfiguration.dashboard` / `.insight` / `.recording`). */
export type SharingTarget =
  | { kind: 'dashboard'; id: number }
  | { kind: 'insight'; id: number }
  /** `SessionRecording.get_or_build(session_id, team)`: any id, no existence check. */
  | { kind: 'recording'; projectId: number; id: string };

export const sharingKey = (target: SharingTarget): string =>
  target.kind === 'recording' ? `recording:${target.projectId}:${target.id}` : `${target.kind}:${target.id}`;

export interface Sharing {
  target: SharingTarget;
  createdAt: string;
  enabled: boolean;
  accessToken: string;
  settings: Record<string, unknown>;
  /** PostHog's `password_required` (posthog flavor; the org is taken to have the password feature). */
  passwordRequired?: boolean;
}

export interface Playlist {
  id: number;
  shortId: string;
  projectId: number;
  name: string | null;
  derivedName: string | null;
  description: string;
  pinned: boolean;
  createdAt: string;
  createdBy: number | null;
  deleted: boolean;
  filters: unknown;
  lastModifiedAt: string;
  lastModifiedBy: number | null;
  type: 'collection' | 'filters';
  /** Session ids held by a collection (the item table). */
  recordingIds: string[];
}

/** PostHog's `Insight` (no query results: the stand-in calculates nothing). */
export interface Insight {
  id: number;
  shortId: string;
  projectId: number;
  name: string | null;
  /** The frontend's `summarizeInsight` of the query, saved by PostHog as `derived_name`. */
  derivedName: string | null;
  description: string;
  query: unknown;
  tags: string[];
  favorited: boolean;
  saved: boolean;
  createdAt: string;
  createdBy: number | null;
  lastModifiedAt: string;
  lastModifiedBy: number | null;
  deleted: boolean;
}

/** PostHog's `Notebook` (`products/notebooks`). */
export interface Notebook {
  id: string;
  shortId: string;
  projectId: number;
  title: string | null;
  content: unknown;
  textContent: string;
  version: number;
  deleted: boolean;
  createdAt: string;
  createdBy: number | null;
  lastModifiedAt: string;
  lastModifiedBy: number | null;
}

/** A feature flag, for the app page only (no flags API). */
export interface FeatureFlag {
  id: number;
  projectId: number;
  key: string;
  name: string;
  deleted: boolean;
}

export interface Recording {
  id: string;
  projectId: number;
  /** What the stand-in page shows as the recording's title. */
  title: string;
  distinctId: string;
  startTime: string;
  durationSeconds: number;
  startUrl: string;
  /** `active_seconds` (default 40 % of the duration) and `console_error_count` (default 0). */
  activeSeconds?: number;
  consoleErrorCount?: number;
  /** Users who watched it (`SessionRecordingViewed`): `viewed` for them, their emails in others' `viewers`. */
  viewedBy?: number[];
  /**
   * `all_urls` of its replay events (every href the recording saw; default `[startUrl]`). A path
   * (`/demo-site/shop/`) stands for that path on whatever origin the request reached this server at,
   * the demo customer site's (`demo-site.ts`).
   */
  allUrls?: string[];
  /** `$current_url` of the session's `$pageview` events, what older servers filter on (default `allUrls`). */
  pageviewUrls?: string[];
}

/** A person of a project (`posthog/models/person`), as far as a recording's `person` needs one. */
export interface Person {
  id: number;
  uuid: string;
  projectId: number;
  distinctIds: string[];
  properties: Record<string, unknown>;
  createdAt: string;
  /** `last_seen_at` of the persons list (null where no event set it). */
  lastSeenAt?: string | null;
  isIdentified?: boolean;
}

/** PostHog's `Comment` (`posthog/models/comment/comment.py`); recordings' notes have scope `Replay`. */
export interface Comment {
  id: string;
  projectId: number;
  content: string | null;
  richContent: unknown;
  version: number;
  createdAt: string;
  createdBy: number | null;
  deleted: boolean;
  itemId: string | null;
  itemContext: unknown;
  scope: string;
  sourceComment: string | null;
  isTask: boolean;
}

export interface ApiKey {
  name: KeyName;
  id: string;
  label: string;
  value: string;
  scopes: string[];
  scopedTeams: number[];
  userId: number;
  createdAt: string;
}

export interface Session {
  userId: number;
  csrfToken: string;
}

export interface State {
  organization: Organization;
  users: User[];
  projects: Project[];
  dashboards: Map<number, Dashboard>;
  collaborators: Collaborator[];
  /** Keyed by `sharingKey(target)`. */
  sharing: Map<string, Sharing>;
  playlists: Playlist[];
  recordings: Recording[];
  persons: Person[];
  comments: Comment[];
  insights: Insight[];
  notebooks: Notebook[];
  featureFlags: FeatureFlag[];
  keys: ApiKey[];
  sessions: Map<string, Session>;
  /** PostHog's OAuth applications, codes and tokens (`oauth/`). */
  oauth: OAuthStore;
  nextId: { dashboard: number; tile: number; insight: number; playlist: number };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}

/** `secrets.token_urlsafe(22)`: 30 characters of [A-Za-z0-9_-]. */
export function randomShareToken(): string {
  return randomBytes(22).toString('base64url');
}

export const now = (): string => new Date().toISOString();

export const findUser = (state: State, id: number | null): User | undefined =>
  id === null ? undefined : state.users.find((user) => user.id === id);

export const dashboardSharing = (state: State, dashboardId: number): Sharing | undefined =>
  state.sharing.get(sharingKey({ kind: 'dashboard', id: dashboardId }));

export const findPlaylist = (state: State, projectId: number, shortId: string): Playlist | undefined =>
  state.playlists.find((playlist) => playlist.projectId === projectId && playlist.shortId === shortId);

/** Only an owner (or an admin, which no seeded user is) may change restriction and edit restricted boards. */
export function privilegeLevel(state: State, dashboard: Dashboard, userId: number): 21 | 37 {
  if (dashboard.restrictionLevel === 21 || dashboard.createdBy === userId) return 37;
  const explicit = state.collaborators.find((c) => c.dashboardId === dashboard.id && c.userId === userId);
  return explicit?.level ?? 21;
}
