import { z } from 'zod';
import { UserSummarySchema } from './user';

/**
 * Contract §2.5 plus what PostHog really sends: synthetic playlists (negative ids, `synthetic-*`
 * short ids, null `created_by`/`created_at`), `type`, `recordings_counts`, nullable names.
 */
export const PlaylistSchema = z.looseObject({
  id: z.int(),
  short_id: z.string().min(1),
  name: z.string().nullable().default(null),
  derived_name: z.string().nullish(),
  description: z.string().nullish(),
  pinned: z.boolean().default(false),
  created_at: z.string().nullish(),
  created_by: UserSummarySchema.nullish(),
  deleted: z.boolean().default(false),
  filters: z.unknown().optional(),
  last_modified_at: z.string().nullish(),
  last_modified_by: UserSummarySchema.nullish(),
  recordings_counts: z.record(z.string(), z.unknown()).nullish(),
  type: z.string().nullish(),
  is_synthetic: z.boolean().nullish(),
});
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

export interface PlaylistListFilter {
  created_by?: number;
  short_id?: string;
  /**
   * PostHog only (reference §10.4): the playlists holding this recording. A server that does not
   * know the parameter ignores it and lists every playlist, so an answer proves nothing by itself.
   */
  session_recording_id?: string;
}

/** PostHog's answer to `GET …/recordings/`: recordings, not a playlist (reference §10.5). */
export const PlaylistRecordingsSchema = z.looseObject({
  results: z.array(z.looseObject({ id: z.string().min(1) })),
  has_next: z.boolean().nullish(),
});

/** What adding a recording returns: the contract's playlist, or PostHog's `{success: true}`. */
export const RecordingChangeSuccessSchema = z.looseObject({ success: z.literal(true) });
