import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';
import { RecordingMetaSchema } from './insight';
import { UserSummarySchema } from './user';

/**
 * Contract §2.5 plus what PostHog really sends: synthetic playlists (negative ids, `synthetic-*`
 * short ids, null `created_by`/`created_at`), `type`, `recordings_counts`, nullable names.
 */
export const PlaylistSchema = lazily(() =>
  z.looseObject({
    id: z.int(),
    short_id: z.string().check(z.minLength(1)),
    name: z._default(z.nullable(z.string()), null),
    derived_name: z.nullish(z.string()),
    description: z.nullish(z.string()),
    pinned: z._default(z.boolean(), false),
    created_at: z.nullish(z.string()),
    created_by: z.nullish(UserSummarySchema),
    deleted: z._default(z.boolean(), false),
    filters: z.optional(z.unknown()),
    last_modified_at: z.nullish(z.string()),
    last_modified_by: z.nullish(UserSummarySchema),
    recordings_counts: z.nullish(z.record(z.string(), z.unknown())),
    type: z.nullish(z.string()),
    is_synthetic: z.nullish(z.boolean()),
  }),
);
export type Playlist = z.infer<typeof PlaylistSchema>;

export interface PlaylistInput {
  name?: string;
  derived_name?: string;
  description?: string;
  pinned?: boolean;
  deleted?: boolean;
  filters?: unknown;
  /** PostHog requires it on create ("collection" or "filters"); the contract does not list it. */
  type?: 'collection' | 'filters';
}

export interface CollectionListFilter {
  created_by?: number;
  /**
   * The contract's filter. The newest PostHog ignores it (its `list` reads no `short_id`) and answers
   * every playlist: look one up with `get(shortId)`, never by listing with this.
   */
  short_id?: string;
  /**
   * PostHog only (reference §10.4): the playlists holding this recording. A server that does not
   * know the parameter ignores it and lists every playlist, so an answer proves nothing by itself.
   */
  session_recording_id?: string;
  /** PostHog only: name or derived name contains this (case-insensitive); others ignore it. */
  search?: string;
}

/** PostHog's answer to `GET …/recordings/`: recordings, not a playlist (reference §10.5). */
export const PlaylistRecordingsSchema = lazily(() =>
  z.looseObject({
    results: z.array(z.looseObject({ id: z.string().check(z.minLength(1)) })),
    has_next: z.nullish(z.boolean()),
  }),
);

/** The same answer read for each recording's metadata (what a review doc says of it). */
export const PlaylistRecordingsMetaSchema = lazily(() =>
  z.looseObject({
    results: z.array(RecordingMetaSchema),
    has_next: z.nullish(z.boolean()),
  }),
);

/** What adding a recording returns: the contract's playlist, or PostHog's `{success: true}`. */
export const RecordingChangeSuccessSchema = lazily(() => z.looseObject({ success: z.literal(true) }));
