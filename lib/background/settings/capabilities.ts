import type { Capabilities } from '../../messaging/messages';
import { type MessageKey, t } from '../../platform/i18n';

/** The scopes each feature needs, most specific first (the first one missing is reported). */
const REQUIRED_SCOPES: Readonly<Record<keyof Capabilities, readonly string[]>> = {
  // PostHog refuses every personal key on add/remove (`modify_recordings` has no scope in
  // session_recording_playlist_api.py), so the key only lists collections and the signed-in session
  // adds: reading is all the key needs. Creating one is the viewset's `create`, hence `:write`.
  addToPlaylist: ['session_recording_playlist:read'],
  createCollection: ['session_recording_playlist:write'],
  pin: ['dashboard:write'],
  shareLinks: ['sharing_configuration:read', 'dashboard:read'],
  // The sharing route takes the numeric id, which only the insight read gives (reference §5).
  insightLinks: ['sharing_configuration:read', 'insight:read'],
  recordingLinks: ['sharing_configuration:read'],
  notebookNames: ['notebook:read'],
  recordingFaces: ['session_recording:read'],
  // Older PostHog refuses keys on comments (scope INTERNAL); then the signed-in tab writes them.
  recordingNotes: ['comment:write'],
  // The person first (`persons/`), then their recordings (`session_recordings/`).
  personRecordings: ['person:read', 'session_recording:read'],
};

/** PostHog's rule (`posthog/scopes.py`): `*` grants everything and `x:write` implies `x:read`. */
export function hasScope(scopes: readonly string[], needed: string): boolean {
  if (scopes.includes('*') || scopes.includes(needed)) return true;
  return needed.endsWith(':read') && scopes.includes(`${needed.slice(0, -':read'.length)}:write`);
}

/** A capability that still works another way when the scope is missing says so in its fix. */
function withFix(check: Capabilities['pin'], key: MessageKey): Capabilities['pin'] {
  return check.ok ? check : { ...check, fix: t(key, check.missingScope ?? '?') };
}

/** `sign-in`: a scope is added by signing in again with more access, not in PostHog's key settings. */
export function capabilitiesFor(
  scopes: readonly string[],
  credential: 'key' | 'sign-in' = 'key',
): Capabilities {
  const fixKey = credential === 'sign-in' ? 'signInMissingScope' : 'errorMissingScope';
  const check = (needed: readonly string[]) => {
    const missingScope = needed.find((scope) => !hasScope(scopes, scope));
    return missingScope === undefined
      ? { ok: true }
      : { ok: false, missingScope, fix: t(fixKey, missingScope) };
  };
  return {
    addToPlaylist: check(REQUIRED_SCOPES.addToPlaylist),
    pin: check(REQUIRED_SCOPES.pin),
    shareLinks: check(REQUIRED_SCOPES.shareLinks),
    createCollection: check(REQUIRED_SCOPES.createCollection),
    insightLinks: check(REQUIRED_SCOPES.insightLinks),
    recordingLinks: check(REQUIRED_SCOPES.recordingLinks),
    notebookNames: check(REQUIRED_SCOPES.notebookNames),
    recordingFaces: check(REQUIRED_SCOPES.recordingFaces),
    recordingNotes: withFix(check(REQUIRED_SCOPES.recordingNotes), 'capabilityNotesFix'),
    personRecordings: check(REQUIRED_SCOPES.personRecordings),
  };
}
