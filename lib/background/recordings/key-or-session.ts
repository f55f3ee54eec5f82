import { errorFromResponse } from '../../api/error-mapping';
import { addRecordingRoute, bulkDeleteRecordingRoute, removeRecordingRoute } from '../../api/session-routes';
import type { Via } from '../../messaging/collection-messages';
import { AppError, isAppError } from '../../platform/errors';
import type { OriginTraits } from '../../posthog/origins';
import type { CollectionScope, CollectionService } from '../collections/collections';
import type { KeptFor, SessionAnswer, SessionForward } from '../session/session-bridge';
import type { KeyRefusals } from './key-refusals';

/** The traits of an origin that decide how a recording is added to or removed from a collection. */
export type CollectionWriteTraits = Pick<
  OriginTraits,
  'keyRefusedForCollectionWrites' | 'hasBulkRecordingRoutes'
>;

/** One write's route, as it goes: how it was sent, and whether through a tab Hogmark opened. */
export interface Attempt {
  via: Via;
  signal: AbortSignal;
  quietTab: boolean;
  /** A kept change: made through a page's session only as its PostHog user, from its container. */
  keptFor?: KeptFor;
}

/**
 * What a session answer that is not 2xx means: PostHog's "not signed in" answers read as signed out;
 * its CSRF refusal (403 "CSRF Failed: …", DRF's `SessionAuthentication.enforce_csrf`), which comes only
 * to a signed-in session and stands after the tab read its token again, as `csrf-refused`.
 */
export function sessionFailure(answer: SessionAnswer): AppError {
  if (answer.status === 0)
    return new AppError('network', { detail: 'the PostHog tab could not reach PostHog' });
  const error = errorFromResponse(
    { status: answer.status, statusText: '', headers: new Headers(), body: answer.body },
    '',
  );
  const detail = error.detail ?? '';
  if (answer.status === 403 && /^CSRF Failed:/.test(detail)) {
    return new AppError('csrf-refused', { status: 403, detail });
  }
  const signedOut = /credentials were not provided|not authenticated/i.test(detail);
  if (answer.status === 401 || (answer.status === 403 && signedOut)) {
    return new AppError('signed-out', { status: answer.status, detail: error.detail });
  }
  return error;
}

/**
 * Which way one add or removal goes: where PostHog refuses personal keys for it (Cloud), through the
 * user's signed-in PostHog tab directly; elsewhere the key first (the contract's way), and on
 * PostHog's refusal the same request through the tab, as every later one on that origin
 * (key-refusals.ts).
 */
export function createRecordingSender(deps: {
  playlists: CollectionService;
  forward: SessionForward;
  keyRefusals: KeyRefusals;
  /** What the origin is known to do (lib/posthog/origins.ts): refuse keys here, have bulk routes. */
  traits: (origin: string) => CollectionWriteTraits;
}) {
  const { playlists, keyRefusals } = deps;
  return async function send(
    scope: CollectionScope,
    direction: 'add' | 'remove',
    shortId: string,
    recordingId: string,
    attempt: Attempt,
  ): Promise<Via> {
    const { origin } = scope.connection;
    const traits = deps.traits(origin);
    // The key first, unless this PostHog refuses every personal key here (Cloud) or has already
    // refused it for these actions: then asking again only adds a request sure to fail.
    if (!traits.keyRefusedForCollectionWrites && !(await keyRefusals.refuses(origin))) {
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
    // Where PostHog has `bulk_delete` (Cloud), a removal uses it: it skips a recording already gone
    // instead of failing with a 500; older self-hosted PostHogs may lack it (see session-routes.ts).
    const remove = traits.hasBulkRecordingRoutes ? bulkDeleteRecordingRoute : removeRecordingRoute;
    const route = (direction === 'add' ? addRecordingRoute : remove)(scope.projectId, shortId, recordingId);
    attempt.via = 'session';
    const answer = await deps.forward(origin, route, attempt.signal, attempt.keptFor);
    attempt.quietTab = answer.quiet === true;
    if (answer.status < 200 || answer.status > 299) throw sessionFailure(answer);
    return 'session' satisfies Via;
  };
}
