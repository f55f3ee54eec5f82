/**
 * What a PostHog id in a URL may look like: shared by the URL parser (context.ts) and the schema of
 * the contexts it returns (context-schema.ts), which each import this instead of each other.
 */

/**
 * Path words PostHog uses for its own pages and routes; never an id, in any case (reference §12).
 * `kiosk` is the replay kiosk page (`urls.replayKiosk()`, products/replay/manifest.tsx), and
 * `bulk_add` / `bulk_delete` are the collection's bulk routes (session_recording_playlist_api.py):
 * a recording by that id would send an add to the wrong endpoint.
 */
const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'new',
  'home',
  'playlists',
  'settings',
  'configuration',
  'options',
  'templates',
  'file-playback',
  'recent',
  'kiosk',
  'bulk_add',
  'bulk_delete',
]);

export function isReservedWord(segment: string): boolean {
  return RESERVED_WORDS.has(segment.toLowerCase());
}

// Real session ids are UUIDs, but old SDKs made others, so anything goes except what would change the
// meaning of a URL or an API path built from it: separators, dot segments, control characters and
// lone surrogates (which cannot be percent-encoded).
const UNSAFE_IN_RECORDING_ID = /[/?#\p{Cc}]|[\uD800-\uDFFF]/u;

export function isRecordingId(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..' && !UNSAFE_IN_RECORDING_ID.test(id) && !isReservedWord(id);
}

/**
 * A session id PostHog's capture takes today: at most 70 ASCII letters, digits and hyphens
 * (`rust/capture/src/events/recordings.rs` → `process_replay_events`, `InvalidSessionId`); the SDKs
 * send UUIDs (v7 on web). Stricter than `isRecordingId`, which still opens an old SDK's recording in
 * the user's own tab: ids gathered from a page the user did not write must be this.
 */
export function isCapturedSessionId(id: string): boolean {
  return /^[A-Za-z0-9-]{1,70}$/.test(id) && !isReservedWord(id);
}

/** Real short ids are 8 alphanumerics; synthetic ones are `synthetic-<slug>`. */
export function isPlaylistShortId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,32}$/.test(id) && !isReservedWord(id);
}

/**
 * Insight and notebook short ids: `generate_short_id` makes 8 alphanumerics (posthog/utils.py); the
 * notebook model allows 12. Path words (`new`, …) are never one, nor the notebook route `scratchpad`
 * (`products/notebooks/manifest.tsx`), which PostHog keeps for its own scratch notebook.
 */
export function isItemShortId(id: string): boolean {
  return /^[A-Za-z0-9]{1,12}$/.test(id) && !isReservedWord(id) && id.toLowerCase() !== 'scratchpad';
}

/** Sharing tokens are `secrets.token_urlsafe` output. */
export function isAccessToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(token);
}
