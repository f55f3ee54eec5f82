import { z } from 'zod/mini';
import { AppError } from '../platform/errors';
import { lazily } from '../platform/lazy';
import { projectPath, segment } from './paths';
import type { SessionRoute } from './recording-routes';

export {
  addRecordingRoute,
  removeRecordingRoute,
  type SessionMethod,
  type SessionRoute,
} from './recording-routes';

/**
 * PostHog's session-only `bulk_delete_recordings` for one recording: unlike the single DELETE (an
 * unhandled 500 when the recording is not there) it skips a missing id. Newest PostHog only: an
 * older one would read `bulk_delete` as a recording id and add it, so callers use it on Cloud.
 */
export function bulkDeleteRecordingRoute(
  projectId: number,
  shortId: string,
  recordingId: string,
): SessionRoute {
  return {
    method: 'POST',
    path: bulkPath(projectId, shortId, 'bulk_delete'),
    body: { session_recording_ids: [recordingId] },
  };
}

/** What PostHog's `bulk_add_recordings` and `bulk_delete_recordings` take in one request at most. */
export const BULK_RECORDINGS_LIMIT = 20;
/** The longest recording id a bulk body carries (PostHog's are 36-character UUIDs). */
export const BULK_RECORDING_ID_MAX = 200;

/**
 * PostHog's session-only `bulk_add_recordings`: 1 to 20 recordings in one request, answered with
 * `{success, added_count, total_requested}`. Newest PostHog only, like `bulk_delete` (an older one
 * would add a recording named `bulk_add`), so callers use it on Cloud.
 */
export function bulkAddRecordingsRoute(
  projectId: number,
  shortId: string,
  recordingIds: readonly string[],
): SessionRoute {
  const body = { session_recording_ids: [...recordingIds] };
  if (!isBulkBody(body)) throw new AppError('bad-message', { detail: 'invalid recording ids' });
  return { method: 'POST', path: bulkPath(projectId, shortId, 'bulk_add'), body };
}

function bulkPath(projectId: number, shortId: string, action: 'bulk_add' | 'bulk_delete'): string {
  return projectPath(
    projectId,
    'session_recording_playlists',
    segment(shortId, 'playlist id'),
    'recordings',
    action,
  );
}

// ——— notes: PostHog's comments on a recording (reference §4), session-only on older builds ———

/** The longest note Hogmark writes (PostHog's older player capped at 400; newer sets no cap). */
export const NOTE_MAX = 2000;
/** `item_id` is a CharField of 72. */
const ITEM_ID_MAX = 72;
/** `time_in_recording` as `Date.toISOString()` writes it: an absolute time, not a number of seconds. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const COMMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COMMENTS_ROUTE = new RegExp(`^/api/projects/${'[1-9][0-9]{0,15}'}/comments/(?:([0-9a-f-]{36})/)?$`);

/**
 * What PostHog's player sends to comment at a moment (`playerFrameCommentOverlayLogic`), nothing more:
 * the moment as an absolute time and, as its newer player writes beside it, as milliseconds into the
 * recording (`milliseconds_into_recording`, which the Discussions panel and Replay's Comments tab show).
 */
export interface NoteBody {
  content: string;
  scope: 'Replay';
  item_id: string;
  item_context: { time_in_recording: string; milliseconds_into_recording: number };
}

/** A note at `second` of a recording that started at `start`. */
export function noteBody(recordingId: string, text: string, start: Date, second: number): NoteBody {
  const milliseconds = second * 1000;
  return {
    content: text,
    scope: 'Replay',
    item_id: recordingId,
    item_context: {
      time_in_recording: new Date(start.getTime() + milliseconds).toISOString(),
      milliseconds_into_recording: milliseconds,
    },
  };
}

/** Exactly a `NoteBody`: its four keys, a note of 1 to NOTE_MAX characters, an ISO time and its milliseconds. */
export function isNoteBody(body: unknown): body is NoteBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { content, scope, item_id: itemId, item_context: context } = body as Record<string, unknown>;
  if (Object.keys(body).sort().join() !== 'content,item_context,item_id,scope') return false;
  if (typeof content !== 'string' || content.trim() === '' || content.length > NOTE_MAX) return false;
  if (scope !== 'Replay' || typeof itemId !== 'string' || itemId === '' || itemId.length > ITEM_ID_MAX)
    return false;
  if (UNSAFE_IN_ID.test(itemId)) return false;
  if (typeof context !== 'object' || context === null || Array.isArray(context)) return false;
  const { time_in_recording: time, milliseconds_into_recording: ms } = context as Record<string, unknown>;
  return (
    Object.keys(context).sort().join() === 'milliseconds_into_recording,time_in_recording' &&
    typeof time === 'string' &&
    ISO_TIME.test(time) &&
    Number.isSafeInteger(ms) &&
    (ms as number) >= 0
  );
}

/** A note on a recording, made through the tab where PostHog refuses the key on comments. */
export function createNoteRoute(projectId: number, body: NoteBody): SessionRoute {
  if (!isNoteBody(body)) throw new AppError('bad-message', { detail: 'invalid note' });
  return { method: 'POST', path: projectPath(projectId, 'comments'), body };
}

/** Undo of a note: PostHog deletes comments with `PATCH {deleted: true}` (DELETE answers 405). */
export function deleteNoteRoute(projectId: number, commentId: string): SessionRoute {
  if (!COMMENT_ID.test(commentId)) throw new AppError('bad-message', { detail: 'invalid note id' });
  return { method: 'PATCH', path: projectPath(projectId, 'comments', commentId), body: { deleted: true } };
}

/** The two note routes and the body each takes, exactly. */
function isNoteRequestAllowed(method: unknown, path: string, body: unknown): boolean {
  const match = COMMENTS_ROUTE.exec(path);
  // Stryker disable next-line BooleanLiteral: never reached, the one caller has matched COMMENTS_ROUTE already
  if (!match) return false;
  const commentId = match[1];
  if (commentId === undefined) return method === 'POST' && isNoteBody(body);
  return (
    method === 'PATCH' &&
    COMMENT_ID.test(commentId) &&
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).join() === 'deleted' &&
    (body as { deleted?: unknown }).deleted === true
  );
}

const BULK_ACTIONS: ReadonlySet<string> = new Set(['bulk_add', 'bulk_delete']);
const UNSAFE_IN_ID = /\p{Cc}/u;

const PROJECT = '[1-9][0-9]{0,15}';
// What encodeURIComponent can produce; the canonical-form check below does the rest.
const ENCODED = "[A-Za-z0-9\\-_.!~*'()%]+";
const RECORDING_ROUTE = new RegExp(
  `^/api/projects/${PROJECT}/session_recording_playlists/(${ENCODED})/recordings/(${ENCODED})/$`,
);

/** True only for a segment exactly as `segment()` would have produced it. */
function isCanonicalSegment(encoded: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return false;
  }
  // Stryker disable next-line StringLiteral,ConditionalExpression: `''` cannot match the route's `+`; a `..` is refused already, as such by `includes('..')`, escaped by the canonical form
  if (decoded === '' || decoded === '..') return false;
  return decoded !== '.' && encodeURIComponent(decoded) === encoded;
}

export function isSessionForwardable(method: unknown, path: unknown): boolean {
  // A method that is not text is refused below, with every one but POST and DELETE.
  if (typeof path !== 'string') return false;
  // Belt and braces: even an escaped-looking `..` is never forwarded.
  if (path.includes('..')) return false;
  if (method !== 'POST' && method !== 'DELETE') return false;
  const match = RECORDING_ROUTE.exec(path);
  if (!match) return false;
  // Stryker disable next-line StringLiteral: never used, both groups are required by the route's pattern
  const [, shortId = '', recordingId = ''] = match;
  // PostHog's bulk routes shadow these names: they are sent only as POST.
  if (BULK_ACTIONS.has(recordingId) && method !== 'POST') return false;
  return isCanonicalSegment(shortId) && isCanonicalSegment(recordingId);
}

/** `{session_recording_ids: [1 to 20 ids]}` and nothing else, as PostHog's bulk routes read it. */
function isBulkBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const ids = (body as { session_recording_ids?: unknown }).session_recording_ids;
  return (
    keys.length === 1 &&
    // Stryker disable next-line ConditionalExpression: with any other one key, `ids` is undefined and not an array
    keys[0] === 'session_recording_ids' &&
    Array.isArray(ids) &&
    ids.length >= 1 &&
    ids.length <= BULK_RECORDINGS_LIMIT &&
    ids.every(
      (id) =>
        typeof id === 'string' &&
        id.length >= 1 &&
        id.length <= BULK_RECORDING_ID_MAX &&
        !UNSAFE_IN_ID.test(id),
    )
  );
}

/**
 * The body each forwardable route takes, exactly: the bulk routes their list of ids, a single add
 * `{}` (or none), a single removal none. Checked with the path wherever a request is forwarded.
 */
export function isSessionBodyAllowed(method: unknown, path: unknown, body: unknown): boolean {
  if (typeof path !== 'string') return false;
  // Stryker disable next-line StringLiteral: for a path not on the route, any text that is not a bulk action reads the same
  const action = RECORDING_ROUTE.exec(path)?.[2] ?? '';
  if (BULK_ACTIONS.has(action)) return isBulkBody(body);
  if (method === 'DELETE') return body === undefined;
  return (
    body === undefined ||
    (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0)
  );
}

/**
 * Who the page's session is (PostHog's `UserViewSet.retrieve` with `@me`): read before a change kept
 * for later is made through a page, which must be signed in as the PostHog user it was kept for.
 */
export const CURRENT_USER_ROUTE: SessionRoute = { method: 'GET', path: '/api/users/@me/' };

/** The whole check of one request: an allow-listed route with the body it takes. */
export function isSessionRequestAllowed(route: { method: unknown; path: unknown; body?: unknown }): boolean {
  if (route.method === 'GET') return route.path === CURRENT_USER_ROUTE.path && route.body === undefined;
  if (typeof route.path === 'string' && !route.path.includes('..') && COMMENTS_ROUTE.test(route.path)) {
    return isNoteRequestAllowed(route.method, route.path, route.body);
  }
  return (
    isSessionForwardable(route.method, route.path) &&
    isSessionBodyAllowed(route.method, route.path, route.body)
  );
}

/** PostHog's answer to `bulk_add`: how many of the ids were not in the collection before. */
export const BulkAddAnswerSchema = lazily(() =>
  z.looseObject({
    success: z.literal(true),
    added_count: z.int().check(z.nonnegative()),
    total_requested: z.int().check(z.nonnegative()),
  }),
);
export type BulkAddAnswer = z.infer<typeof BulkAddAnswerSchema>;
