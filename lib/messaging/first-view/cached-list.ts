import type { CollectionEntry, Membership } from '../collection-entries';
import type { CollectionList } from '../collection-messages';

/** One (origin, project): lists and preferences never leak from one PostHog or project to another. */
export const scopeKey = (origin: string, projectId: number) => `${origin}|${projectId}`;
/** Membership facts are kept per scope and recording. */
export const factsKey = (scope: string, recordingId: string) => `${scope}|${recordingId}`;

/** The parts of the stored collection cache, preferences and membership facts a list is made from. */
export interface CachedCollections {
  scope: string;
  fetchedAt: number;
  playlists: CollectionEntry[];
}
export interface ScopePrefsView {
  lastUsed?: string;
  recent: string[];
}
export interface RecordingFactsView {
  key: string;
  server: { holds: string[]; at: number } | null;
  own: Record<string, { holds: boolean; at: number }>;
}

/** PostHog's complete answer, then Hogmark's own changes made after it. */
export function mergeMembership(facts: RecordingFactsView | undefined): Membership {
  const server = facts?.server ?? null;
  const holds = new Set(server?.holds ?? []);
  const lacks = new Set<string>();
  for (const [shortId, own] of Object.entries(facts?.own ?? {})) {
    if (server && own.at < server.at) continue;
    if (own.holds) {
      holds.add(shortId);
      lacks.delete(shortId);
    } else {
      holds.delete(shortId);
      lacks.add(shortId);
    }
  }
  return { complete: server !== null, holds: [...holds], lacks: [...lacks] };
}

/** The membership kept for one recording of one scope. */
export const membershipIn = (all: { recordings: readonly RecordingFactsView[] }, key: string): Membership =>
  mergeMembership(all.recordings.find((entry) => entry.key === key));

/** The preferences of one scope. */
export const prefsIn = (all: { scopes: Readonly<Record<string, ScopePrefsView>> }, scope: string) =>
  all.scopes[scope] ?? { recent: [] };

/** `playlists/list` as the cache answers it: the scope's cached list (if any), its preferences, membership. */
export function collectionListOf(
  projectId: number,
  cache: CachedCollections | null,
  prefs: ScopePrefsView,
  membership: Membership | null,
): CollectionList {
  return {
    projectId,
    fetchedAt: cache?.fetchedAt ?? null,
    playlists: cache?.playlists ?? [],
    ...(prefs.lastUsed ? { lastUsed: prefs.lastUsed } : {}),
    recent: prefs.recent,
    membership,
  };
}
