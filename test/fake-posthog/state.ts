import { randomBytes } from 'node:crypto';
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

export interface Sharing {
  dashboardId: number;
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

export interface Recording {
  id: string;
  projectId: number;
  /** What the stand-in page shows as the recording's title. */
  title: string;
  distinctId: string;
  startTime: string;
  durationSeconds: number;
  startUrl: string;
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
  sharing: Map<number, Sharing>;
  playlists: Playlist[];
  recordings: Recording[];
  keys: ApiKey[];
  sessions: Map<string, Session>;
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

export const findPlaylist = (state: State, projectId: number, shortId: string): Playlist | undefined =>
  state.playlists.find((playlist) => playlist.projectId === projectId && playlist.shortId === shortId);

/** Only an owner (or an admin, which no seeded user is) may change restriction and edit restricted boards. */
export function privilegeLevel(state: State, dashboard: Dashboard, userId: number): 21 | 37 {
  if (dashboard.restrictionLevel === 21 || dashboard.createdBy === userId) return 37;
  const explicit = state.collaborators.find((c) => c.dashboardId === dashboard.id && c.userId === userId);
  return explicit?.level ?? 21;
}
