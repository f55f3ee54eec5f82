import { z } from 'zod/mini';
import type { Playlist } from '../api/schema/playlist';
import { lazily } from '../platform/lazy';

/**
 * What the popup needs of a collection, small enough to cache 10,000 of them and send them in one
 * message: the short id, the name to show, whether it is pinned, and whether it can hold recordings.
 */
export const PLAYLIST_KINDS = ['collection', 'filters', 'synthetic'] as const;
export type PlaylistKind = (typeof PLAYLIST_KINDS)[number];

export const CollectionEntrySchema = lazily(() =>
  z.object({
    shortId: z.string().check(z.minLength(1), z.maxLength(100)),
    /** `name || derived_name`; empty when PostHog has neither (the UI says "Untitled"). */
    name: z.string().check(z.maxLength(500)),
    pinned: z.boolean(),
    /** collection: a hand-picked list that holds recordings; filters: a saved search; synthetic: PostHog's own. */
    kind: z.enum(PLAYLIST_KINDS),
  }),
);
export type CollectionEntry = z.infer<typeof CollectionEntrySchema>;

/**
 * Which playlists hold one recording. `complete`: PostHog answered for every playlist, so the ones
 * not in `holds` lack it. Otherwise `holds`/`lacks` are only what Hogmark itself did.
 */
export const MembershipSchema = lazily(() =>
  z.object({
    complete: z.boolean(),
    holds: z.array(z.string()),
    lacks: z.array(z.string()),
    /** Collections a write went to whose outcome nobody could read: neither in nor out until asked again. */
    unsure: z.optional(z.array(z.string())),
  }),
);
export type Membership = z.infer<typeof MembershipSchema>;

function hasFilters(filters: unknown): boolean {
  return typeof filters === 'object' && filters !== null && Object.keys(filters).length > 0;
}

/**
 * PostHog sends `type`; the contract does not. Without it a playlist with saved filters is a saved
 * search (PostHog refuses a collection with filters), and one without is a collection.
 */
export function kindOf(playlist: Playlist): PlaylistKind {
  if (playlist.is_synthetic === true || playlist.id < 0 || playlist.short_id.startsWith('synthetic-')) {
    return 'synthetic';
  }
  if (playlist.type === 'filters') return 'filters';
  if (playlist.type === 'collection') return 'collection';
  return hasFilters(playlist.filters) ? 'filters' : 'collection';
}

export function toCollectionEntry(playlist: Playlist): CollectionEntry {
  return {
    shortId: playlist.short_id,
    name: (playlist.name?.trim() || playlist.derived_name?.trim() || '').slice(0, 500),
    pinned: playlist.pinned,
    kind: kindOf(playlist),
  };
}
