import { errorFromResponse } from '../../api/error-mapping';
import {
  addRecordingRoute,
  bulkDeleteRecordingRoute,
  removeRecordingRoute,
  type SessionRoute,
} from '../../api/session-routes';
import type { Via } from '../../messaging/playlist-messages';
import { AppError, isAppError } from '../../platform/errors';
import type { SessionAnswer } from '../session/session-bridge';
import type { PlaylistScope, PlaylistService } from './collections';
import type { KeyRefusals } from './key-refusals';

/** One write's route, as it goes: how it was sent, and whether through a tab Hogmark opened. */
export interface Attempt {
  via: Via;
  signal: AbortSignal;
  quietTab: boolean;
}

/** What a session answer that is not 2xx means; PostHog's "not signed in" answers read as signed out. */
export function sessionFailure(answer: SessionAnswer): AppError {
  if (answer.status === 0)
    return new AppError('network', { detail: 'the PostHog tab could not reach PostHog' });
  const error = errorFromResponse(
    { status: answer.status, statusText: '', headers: new Headers(), body: answer.body },
    '',
  );
  const signedOut = /credentials were not provided|not authenticated|csrf/i.test(error.detail ?? '');
  if (answer.status === 401 || (answer.status === 403 && signedOut)) {
    return new AppError('signed-out', { status: answer.status, detail: error.detail });
  }
  return error;
}

/**
 * Which way one add or removal goes: the key first (the contract's way); on PostHog's refusal of
 * personal keys, the same request through the user's signed-in PostHog tab, and every later one on
 * that origin through the tab directly (key-refusals.ts).
 */
export function createRecordingSender(deps: {
  playlists: PlaylistService;
  forward: (origin: string, route: SessionRoute, signal?: AbortSignal) => Promise<SessionAnswer>;
  keyRefusals: KeyRefusals;
  /** Origins where the key is known never to add or remove (PostHog Cloud's). */
  keyNeverAdds: (origin: string) => boolean;
}) {
  const { playlists, keyRefusals, keyNeverAdds } = deps;
  return async function send(
    scope: PlaylistScope,
    direction: 'add' | 'remove',
    shortId: string,
    recordingId: string,
    attempt: Attempt,
  ): Promise<Via> {
    const { origin } = scope.connection;
    // The key first, unless this PostHog is Cloud (it refuses every personal key here) or has
    // already refused it for these actions: then asking again only adds a request sure to fail.
    if (!keyNeverAdds(origin) && !(await keyRefusals.refuses(origin))) {
      const api = playlists.api(scope, attempt.signal);
      attempt.via = 'key';
      try {
        if (direction === 'add') await api.addRecording(shortId, recordingId);
        else await api.removeRecording(shortId, recordingId);
        return 'key' satisfies Via;
      } catch (error) {
        if (!isAppError(error) || error.kind !== 'key-not-allowed') throw error;
        await keyRefusals.remember(origin);
      }
    }
    // On Cloud (newest PostHog) a removal uses `bulk_delete`, which skips a recording already gone
    // instead of failing with a 500; older self-hosted PostHogs may lack it (see session-routes.ts).
    const remove = keyNeverAdds(origin) ? bulkDeleteRecordingRoute : removeRecordingRoute;
    const route = (direction === 'add' ? addRecordingRoute : remove)(scope.projectId, shortId, recordingId);
    attempt.via = 'session';
    const answer = await deps.forward(origin, route, attempt.signal);
    attempt.quietTab = answer.quiet === true;
    if (answer.status < 200 || answer.status > 299) throw sessionFailure(answer);
    return 'session' satisfies Via;
  };
}
