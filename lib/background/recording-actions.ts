import { errorFromResponse } from '../api/error-mapping';
import type { Playlist } from '../api/schema/playlist';
import { addRecordingRoute, bulkDeleteRecordingRoute, removeRecordingRoute } from '../api/session-routes';
import { canHoldRecordings, type PlaylistEntry } from '../messaging/playlist-entries';
import { holdingOf } from '../messaging/playlist-holding';
import type {
  CreateAndAddInput,
  CreateAndAddResult,
  RecordingChangeInput,
  RecordingChangeResult,
  Via,
} from '../messaging/playlist-messages';
import { AppError, isAppError, toAppError } from '../platform/errors';
import { t } from '../platform/i18n';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../platform/storage';
import { isCloudOrigin } from '../posthog/origins';
import { createKeyRefusals } from './key-refusals';
import type { PlaylistScope, PlaylistService } from './playlists';
import { type LastAction, lastActionItem } from './playlists-storage';
import { settleWrite } from './write-outcome';

const CLOCK_SKEW_MS = 2 * 60_000;

const recordingWriteKey = (input: RecordingChangeInput) =>
  `${input.projectId}|${input.shortId}|${input.recordingId}`;
const createWriteKey = (input: CreateAndAddInput) =>
  `${input.projectId}|${input.name.trim().toLowerCase()}|${input.recordingId}`;

/** Where an action was made from, when not from the popup (see `LastAction.page`). */
export type ActionPage = NonNullable<LastAction['page']>;

import type { SessionAnswer } from './session-bridge';

export interface RecordingActionsDeps {
  playlists: PlaylistService;
  /** The session bridge's `forward`: the request through a signed-in PostHog tab. */
  forward: (
    origin: string,
    route: ReturnType<typeof addRecordingRoute>,
    signal?: AbortSignal,
  ) => Promise<SessionAnswer>;
  /** `browser.storage.session`: the last action, for Undo, and the origins that refused the key. */
  session: StorageAreaLike;
  newId?: () => string;
  now?: () => number;
  /** Origins where the key is known never to add or remove (default: PostHog Cloud's). */
  keyNeverAdds?: (origin: string) => boolean;
}

type Direction = 'add' | 'remove';

/** How long the popup keeps offering Undo for the last action. */
export const UNDO_WINDOW_MS = 15 * 60 * 1000;

export const displayName = (name: string) => name || t('playlistUntitled');

/** What a session answer that is not 2xx means; not signed in reads as "no signed-in tab". */
export function sessionFailure(answer: SessionAnswer): AppError {
  if (answer.status === 0)
    return new AppError('network', { detail: 'the PostHog tab could not reach PostHog' });
  const error = errorFromResponse(
    { status: answer.status, statusText: '', headers: new Headers(), body: answer.body },
    '',
  );
  const signedOut = /credentials were not provided|not authenticated|csrf/i.test(error.detail ?? '');
  if (answer.status === 401 || (answer.status === 403 && signedOut)) {
    return new AppError('no-session-tab', { status: answer.status, detail: error.detail });
  }
  return error;
}

/**
 * Adding and removing a recording: the key first (the contract's way); on PostHog's refusal of
 * personal keys, the same request through the user's signed-in PostHog tab (DESIGN.md), and every
 * later one on that origin goes through the tab directly (see key-refusals.ts). One request
 * per (playlist, recording) at a time: a second identical click joins the first.
 */
export function createRecordingActions(deps: RecordingActionsDeps) {
  const { playlists } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  // This service alone writes the last action: memory spares the popup's first paint a read.
  const lastAction = memoizeItemStore(createItemStore(deps.session, lastActionItem));
  const keyRefusals = createKeyRefusals(deps.session);
  const keyNeverAdds = deps.keyNeverAdds ?? isCloudOrigin;
  const running = new Map<
    string,
    { direction: Direction; done: Promise<RecordingChangeResult>; controller: AbortController }
  >();
  const creating = new Map<string, { done: Promise<CreateAndAddResult>; controller: AbortController }>();

  async function send(
    scope: PlaylistScope,
    direction: Direction,
    shortId: string,
    recordingId: string,
    attempt: { via: Via; signal: AbortSignal },
  ) {
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
    if (answer.status < 200 || answer.status > 299) throw sessionFailure(answer);
    return 'session' satisfies Via;
  }

  async function change(
    direction: Direction,
    input: RecordingChangeInput,
    signal: AbortSignal,
    page?: ActionPage,
  ): Promise<RecordingChangeResult> {
    const { shortId, recordingId } = input;
    const scope = await playlists.scopeOf(input.projectId);
    let entry: PlaylistEntry;
    try {
      entry = await playlists.entry(scope, shortId);
    } catch (error) {
      if (isAppError(error) && error.kind === 'not-found') await playlists.drop(scope, shortId);
      throw error;
    }
    const playlistName = entry.name;
    if (!canHoldRecordings(entry)) {
      throw new AppError('invalid-input', {
        detail: t(entry.kind === 'filters' ? 'playlistIsSavedFilter' : 'playlistIsSynthetic'),
      });
    }
    const before = await playlists.membership(scope, recordingId);
    const holding = holdingOf(before, shortId);
    if (direction === 'add' && holding === 'in') {
      return { outcome: 'already', shortId, playlistName, membership: before };
    }
    if (direction === 'remove' && holding === 'out') {
      return { outcome: 'not-there', shortId, playlistName, membership: before };
    }
    const wanted = direction === 'add';
    const attempt: { via: Via; signal: AbortSignal } = { via: 'key', signal };
    let via: Via;
    try {
      via = await settleWrite({
        write: () => send(scope, direction, shortId, recordingId, attempt),
        // The answer was lost (or a single DELETE failed on a recording already gone): ask PostHog.
        readBack: async () => {
          const holds = await playlists.holds(scope, shortId, recordingId);
          return holds === undefined ? 'unknown' : holds === wanted ? 'applied' : 'not-applied';
        },
        applied: async () => attempt.via,
        cancelled: () => signal.aborted,
        onReadBack: async (found) => {
          if (found === 'not-applied') await playlists.recordOwn(scope, recordingId, shortId, !wanted);
        },
      });
    } catch (error) {
      // Deleted in PostHog meanwhile: it leaves the list, so nobody picks it again.
      if (isAppError(error) && error.kind === 'not-found') await playlists.drop(scope, shortId);
      throw error;
    }
    const membership = await playlists.recordOwn(scope, recordingId, shortId, wanted);
    if (direction === 'add') await playlists.markUsed(scope, shortId);
    const action: LastAction = {
      id: newId(),
      origin: scope.connection.origin,
      projectId: scope.projectId,
      recordingId,
      shortId,
      playlistName,
      change: direction === 'add' ? 'added' : 'removed',
      via,
      at: now(),
      ...(page ? { page } : {}),
    };
    await lastAction.set({ version: 1, action });
    return {
      outcome: action.change,
      shortId,
      playlistName,
      via,
      actionId: action.id,
      membership,
    };
  }

  /** Joins an identical request in flight; an opposite one waits for it. */
  function guarded(
    direction: Direction,
    input: RecordingChangeInput,
    page?: ActionPage,
  ): Promise<RecordingChangeResult> {
    const key = recordingWriteKey(input);
    const current = running.get(key);
    if (current?.direction === direction) return current.done;
    const controller = new AbortController();
    const done = (current?.done.catch(() => undefined) ?? Promise.resolve()).then(() =>
      change(direction, input, controller.signal, page),
    );
    running.set(key, { direction, done, controller });
    const forget = () => {
      if (running.get(key)?.done === done) running.delete(key);
    };
    done.then(forget, forget);
    return done;
  }

  async function recentAction(): Promise<LastAction | null> {
    const { action } = await lastAction.get();
    return action && now() - action.at <= UNDO_WINDOW_MS ? action : null;
  }

  return {
    /** `page`: the tab and page a recording link's menu was used on (popup adds have none). */
    add: (input: RecordingChangeInput, page?: ActionPage) => guarded('add', input, page),
    /** For the settings service's `clearCaches`: another key or PostHog is asked with the key again. */
    forgetKeyRefusals: () => keyRefusals.clear(),
    remove: (input: RecordingChangeInput) => guarded('remove', input),
    cancel,
    recentAction,

    /** The opposite of the last action, if it is still the last one and recent. */
    async undo(actionId: string): Promise<RecordingChangeResult> {
      const action = await recentAction();
      if (!action || action.id !== actionId) {
        throw new AppError('invalid-input', { detail: t('playlistUndoExpired') });
      }
      const connection = (await playlists.scopeOf(action.projectId)).connection;
      if (connection.origin !== action.origin) {
        throw new AppError('invalid-input', { detail: t('playlistUndoExpired') });
      }
      const input = { projectId: action.projectId, shortId: action.shortId, recordingId: action.recordingId };
      // The undo belongs where the action did: undoing a link's add keeps it on that page.
      return guarded(action.change === 'added' ? 'remove' : 'add', input, action.page);
    },

    /** Creates a collection and adds the recording; a second identical request joins the first. */
    createAndAdd(input: CreateAndAddInput): Promise<CreateAndAddResult> {
      const key = createWriteKey(input);
      const current = creating.get(key);
      if (current) return current.done;
      const controller = new AbortController();
      const done = createAndAdd(input, controller.signal);
      creating.set(key, { done, controller });
      const forget = () => creating.delete(key);
      done.then(forget, forget);
      return done;
    },
  };

  /**
   * The user stopped waiting for an add, a removal or a create-and-add: the request is abandoned,
   * and PostHog is asked what it did before the write's promise settles (made, cancelled, or
   * unknown). False when nothing was running.
   */
  function cancel(input: RecordingChangeInput | CreateAndAddInput): boolean {
    const current =
      'name' in input ? creating.get(createWriteKey(input)) : running.get(recordingWriteKey(input));
    if (!current || current.controller.signal.aborted) return false;
    current.controller.abort();
    return true;
  }

  /**
   * A failed add keeps the new playlist: the error says why, and Try again only adds. A Cancel while
   * the collection is being created sends nothing more: `change` and `error` are then both null
   * when PostHog turns out to have created it.
   */
  async function createAndAdd(input: CreateAndAddInput, signal: AbortSignal): Promise<CreateAndAddResult> {
    const scope = await playlists.scopeOf(input.projectId);
    const known = new Set((await playlists.cachedShortIds(scope)) ?? []);
    const startedAt = now();
    let found: Playlist | undefined;
    const created = await settleWrite({
      write: () => playlists.api(scope, signal).create({ name: input.name, type: 'collection' }),
      // The answer was lost: a collection of that name that was not there before is this one.
      readBack: async () => {
        const page = await playlists.api(scope).list({ search: input.name, limit: 100 });
        // Without a list from before, only one created since the click counts (minutes of clock skew).
        const isNew = (item: Playlist) =>
          known.size > 0
            ? !known.has(item.short_id)
            : Date.parse(item.created_at ?? '') >= startedAt - CLOCK_SKEW_MS;
        found = page.results.find(
          (item) =>
            (item.name ?? '').trim() === input.name.trim() && item.is_synthetic !== true && isNew(item),
        );
        if (found) return 'applied';
        return known.size > 0 && page.count <= page.results.length ? 'not-applied' : 'unknown';
      },
      applied: async () => found as Playlist,
      cancelled: () => signal.aborted,
    });
    const playlist = {
      shortId: created.short_id,
      name: created.name?.trim() || input.name,
      pinned: created.pinned,
      kind: 'collection' as const,
    };
    await playlists.upsert(scope, playlist);
    // A new playlist holds nothing: known without asking.
    await playlists.recordOwn(scope, input.recordingId, playlist.shortId, false);
    if (signal.aborted) return { playlist, change: null, error: null };
    const adding = { projectId: scope.projectId, shortId: playlist.shortId, recordingId: input.recordingId };
    // From here, Cancel stops the add.
    const stopAdding = () => cancel(adding);
    signal.addEventListener('abort', stopAdding);
    try {
      return { playlist, change: await guarded('add', adding), error: null };
    } catch (error) {
      return { playlist, change: null, error: toAppError(error).toJSON() };
    } finally {
      signal.removeEventListener('abort', stopAdding);
    }
  }
}
export type RecordingActions = ReturnType<typeof createRecordingActions>;
