import { projectPath, segment } from './paths';

/**
 * The only requests the background may hand to a content script to make with the page's PostHog
 * session (PostHog refuses personal API keys on them). Anything else is never forwarded.
 */
export type SessionMethod = 'POST' | 'DELETE';

export interface SessionRoute {
  method: SessionMethod;
  path: string;
  body?: unknown;
}

export function addRecordingRoute(projectId: number, shortId: string, recordingId: string): SessionRoute {
  return { method: 'POST', path: recordingPath(projectId, shortId, recordingId), body: {} };
}

export function removeRecordingRoute(projectId: number, shortId: string, recordingId: string): SessionRoute {
  return { method: 'DELETE', path: recordingPath(projectId, shortId, recordingId) };
}

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
    path: projectPath(
      projectId,
      'session_recording_playlists',
      segment(shortId, 'playlist id'),
      'recordings',
      'bulk_delete',
    ),
    body: { session_recording_ids: [recordingId] },
  };
}

function recordingPath(projectId: number, shortId: string, recordingId: string): string {
  return projectPath(
    projectId,
    'session_recording_playlists',
    segment(shortId, 'playlist id'),
    'recordings',
    segment(recordingId, 'recording id'),
  );
}

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
  return decoded !== '' && decoded !== '.' && decoded !== '..' && encodeURIComponent(decoded) === encoded;
}

export function isSessionForwardable(method: unknown, path: unknown): boolean {
  if (typeof method !== 'string' || typeof path !== 'string') return false;
  // Belt and braces: even an escaped-looking `..` is never forwarded.
  if (path.includes('..')) return false;
  if (method !== 'POST' && method !== 'DELETE') return false;
  const match = RECORDING_ROUTE.exec(path);
  if (!match) return false;
  const [, shortId = '', recordingId = ''] = match;
  // PostHog's bulk routes shadow these names: only `bulk_delete` is sent, and only as POST.
  if (recordingId === 'bulk_add' || (recordingId === 'bulk_delete' && method !== 'POST')) return false;
  return isCanonicalSegment(shortId) && isCanonicalSegment(recordingId);
}
