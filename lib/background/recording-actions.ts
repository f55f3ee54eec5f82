import { errorFromResponse } from '../api/error-mapping';
import { addRecordingRoute, removeRecordingRoute } from '../api/session-routes';
import { AppError, isAppError, toAppError } from '../errors';
import { t } from '../i18n';
import { canHoldRecordings, type PlaylistEntry } from '../playlist-entries';
import { holdingOf } from '../playlist-holding';
import type {
  CreateAndAddResult,
  RecordingChangeInput,
  RecordingChangeResult,
  Via,
} from '../playlist-messages';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../storage';
import { createKeyRefusals } from './key-refusals';
import type { PlaylistScope, PlaylistService } from './playlists';
import { type LastAction, lastActionItem } from './playlists-storage';
import type { SessionAnswer } from './session-bridge';

export interface RecordingActionsDeps {
  playlists: PlaylistService;
  /** The session bridge's `forward`: the request through a signed-in PostHog tab. */
  forward: (origin: string, route: ReturnType<typeof addRecordingRoute>) => Promise<SessionAnswer>;
  /** `browser.storage.session`: the last action, for Undo, and the origins that refused the key. */
  session: StorageAreaLike;
  newId?: () => string;
  now?: () => number;
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
  const running = new Map<string, { direction: Direction; done: Promise<RecordingChangeResult> }>();
  const creating = new Map<string, Promise<CreateAndAddResult>>();

  async function send(scope: PlaylistScope, direction: Direction, shortId: string, recordingId: string) {
    const { origin } = scope.connection;
    // The key first, unless this PostHog has already refused it for these actions: then asking
    // again only adds a request that is sure to fail.
    if (!(await keyRefusals.refuses(origin))) {
      const api = playlists.api(scope);
      try {
        if (direction === 'add') await api.addRecording(shortId, recordingId);
        else await api.removeRecording(shortId, recordingId);
        return 'key' satisfies Via;
      } catch (error) {
        if (!isAppError(error) || error.kind !== 'key-not-allowed') throw error;
        await keyRefusals.remember(origin);
      }
    }
    const route = (direction === 'add' ? addRecordingRoute : removeRecordingRoute)(
      scope.projectId,
      shortId,
      recordingId,
    );
    const answer = await deps.forward(origin, route);
    if (answer.status < 200 || answer.status > 299) throw sessionFailure(answer);
    return 'session' satisfies Via;
  }

  async function change(direction: Direction, input: RecordingChangeInput): Promise<RecordingChangeResult> {
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
    let via: Via;
    try {
      via = await send(scope, direction, shortId, recordingId);
    } catch (error) {
      // Deleted in PostHog meanwhile: it leaves the list, so nobody picks it again.
      if (isAppError(error) && error.kind === 'not-found') await playlists.drop(scope, shortId);
      throw error;
    }
    const membership = await playlists.recordOwn(scope, recordingId, shortId, direction === 'add');
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
  function guarded(direction: Direction, input: RecordingChangeInput): Promise<RecordingChangeResult> {
    const key = `${input.projectId}|${input.shortId}|${input.recordingId}`;
    const current = running.get(key);
    if (current?.direction === direction) return current.done;
    const done = (current?.done.catch(() => undefined) ?? Promise.resolve()).then(() =>
      change(direction, input),
    );
    running.set(key, { direction, done });
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
    add: (input: RecordingChangeInput) => guarded('add', input),
    /** For the settings service's `clearCaches`: another key or PostHog is asked with the key again. */
    forgetKeyRefusals: () => keyRefusals.clear(),
    remove: (input: RecordingChangeInput) => guarded('remove', input),
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
      return guarded(action.change === 'added' ? 'remove' : 'add', input);
    },

    /** Creates a collection and adds the recording; a second identical request joins the first. */
    createAndAdd(input: CreateAndAddInput): Promise<CreateAndAddResult> {
      const key = `${input.projectId}|${input.name.trim().toLowerCase()}|${input.recordingId}`;
      const current = creating.get(key);
      if (current) return current;
      const done = createAndAdd(input);
      creating.set(key, done);
      const forget = () => creating.delete(key);
      done.then(forget, forget);
      return done;
    },
  };

  /** A failed add keeps the new playlist: the error says why, and Try again only adds. */
  async function createAndAdd(input: CreateAndAddInput): Promise<CreateAndAddResult> {
    const scope = await playlists.scopeOf(input.projectId);
    const created = await playlists.api(scope).create({ name: input.name, type: 'collection' });
    const playlist = {
      shortId: created.short_id,
      name: created.name?.trim() || input.name,
      pinned: created.pinned,
      kind: 'collection' as const,
    };
    await playlists.upsert(scope, playlist);
    // A new playlist holds nothing: known without asking.
    await playlists.recordOwn(scope, input.recordingId, playlist.shortId, false);
    try {
      const result = await guarded('add', {
        projectId: scope.projectId,
        shortId: playlist.shortId,
        recordingId: input.recordingId,
      });
      return { playlist, change: result, error: null };
    } catch (error) {
      return { playlist, change: null, error: toAppError(error).toJSON() };
    }
  }
}
interface CreateAndAddInput {
  projectId: number;
  name: string;
  recordingId: string;
}
export type RecordingActions = ReturnType<typeof createRecordingActions>;
