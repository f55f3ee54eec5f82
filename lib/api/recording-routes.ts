import { projectPath, segment } from './paths';

// No schema runtime here: the worker's wake script (lib/wake/) builds an add with these.

/**
 * The only requests the background may hand to a content script to make with the page's PostHog
 * session (PostHog refuses personal API keys on them). Anything else is never forwarded.
 */
export type SessionMethod = 'GET' | 'POST' | 'DELETE' | 'PATCH';

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

function recordingPath(projectId: number, shortId: string, recordingId: string): string {
  return projectPath(
    projectId,
    'session_recording_playlists',
    segment(shortId, 'playlist id'),
    'recordings',
    segment(recordingId, 'recording id'),
  );
}
