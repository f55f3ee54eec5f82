import { canHoldRecordings, holdingOf } from '../../messaging/collection-holding';
import type {
  CreateAndAddInput,
  CreateAndAddResult,
  RecordingChangeInput,
  RecordingChangeResult,
  Via,
} from '../../messaging/collection-messages';
import { recentAction as recentOf, UNDO_WINDOW_MS } from '../../messaging/first-view/popup-open';
import { AppError, isAppError, serializeError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import { settleWrite } from '../../platform/write-outcome';
import { originTraits } from '../../posthog/origins';
import { createCollectionAndAdd } from '../collections/collection-create';
import { type LastAction, lastActionItem } from '../collections/collection-store';
import type { CollectionService } from '../collections/collections';
import { type KeptFor, type SessionForward, sessionOf } from '../session/session-bridge';
import { type Attempt, type CollectionWriteTraits, createRecordingSender } from './key-or-session';
import { createKeyRefusals } from './key-refusals';
import type { RecordingNotes, SavedNote } from './recording-notes';

const recordingWriteKey = (input: RecordingChangeInput) =>
  `${input.projectId}|${input.shortId}|${input.recordingId}`;
const createWriteKey = (input: CreateAndAddInput) =>
  `${input.projectId}|${input.name.trim().toLowerCase()}|${input.recordingId}`;

/** Where an action was made from, when not from the popup (see `LastAction.page`). */
export type ActionPage = NonNullable<LastAction['page']>;

export interface RecordingActionsDeps {
  playlists: CollectionService;
  /** The session bridge's `forward`: the request through a signed-in PostHog tab. */
  forward: SessionForward;
  /** `browser.storage.session`: the last action, for Undo, and the origins that refused the key. */
  session: StorageAreaLike;
  newId?: () => string;
  now?: () => number;
  /**
   * What an origin is known to do (default: `originTraits`, lib/posthog/origins.ts): where keys are
   * refused for these writes the session goes first, and where bulk routes exist undo uses them.
   */
  originTraits?: (origin: string) => CollectionWriteTraits;
  /** Notes written with an add (recording-notes.ts); without it a note is refused. */
  notes?: RecordingNotes;
  /**
   * Whose session a change asked from a tab goes through (the session room's `askedFrom`): the
   * Firefox container of that tab when it is on the PostHog origin, and whether it is in a private
   * window (then only a private PostHog tab makes it).
   */
  askedIn?: (tabId: number, origin: string) => Promise<KeptFor>;
}

type Direction = 'add' | 'remove';

/** How long the popup keeps offering Undo for the last action. */
export { UNDO_WINDOW_MS };

export const displayName = (name: string) => name || t('playlistUntitled');

/** What the answer says of a note: written at its second, or why not. */
function noteResult(note: SavedNote | { error: unknown } | undefined): Pick<RecordingChangeResult, 'note'> {
  if (!note) return {};
  if ('id' in note) return { note: { saved: true, second: note.second, via: note.via } };
  return { note: { saved: false, error: serializeError(note.error) } };
}

/**
 * Adding and removing a recording: where PostHog is known to refuse personal keys for it (Cloud,
 * `originTraits`), through the user's signed-in PostHog tab directly (DESIGN.md). Elsewhere the key
 * first (the contract's way); on PostHog's refusal of personal keys, the same request through the
 * tab, and every later one on that origin through the tab directly (see key-refusals.ts). One
 * request per (collection, recording) at a time: a second identical click joins the first.
 */
export function createRecordingActions(deps: RecordingActionsDeps) {
  const { playlists } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  // This service alone writes the last action: memory spares the popup's first paint a read.
  const lastAction = memoizeItemStore(createItemStore(deps.session, lastActionItem));
  const keyRefusals = createKeyRefusals(deps.session);
  const running = new Map<
    string,
    { direction: Direction; done: Promise<RecordingChangeResult>; controller: AbortController; whose: string }
  >();
  const creating = new Map<string, { done: Promise<CreateAndAddResult>; controller: AbortController }>();

  const send = createRecordingSender({
    playlists,
    forward: deps.forward,
    keyRefusals,
    traits: deps.originTraits ?? originTraits,
  });

  async function askedFrom(tabId: number | undefined, origin: string): Promise<KeptFor | undefined> {
    if (tabId === undefined || !deps.askedIn) return undefined;
    return sessionOf(await deps.askedIn(tabId, origin).catch(() => undefined));
  }

  async function change(
    direction: Direction,
    input: RecordingChangeInput,
    signal: AbortSignal,
    page?: ActionPage,
    keptFor?: KeptFor,
  ): Promise<RecordingChangeResult> {
    const { shortId, recordingId } = input;
    const scope = await playlists.scopeOf(input.projectId);
    // At once (each a storage read in a woken worker): whose session, the collection, its membership,
    // and whether this PostHog refused the key; the collection gone from PostHog leaves the list.
    const [through, entry, before] = await Promise.all([
      keptFor ?? askedFrom(input.tabId, scope.connection.origin),
      playlists.entry(scope, shortId).catch(async (error: unknown) => {
        if (isAppError(error) && error.kind === 'not-found') await playlists.drop(scope, shortId);
        throw error;
      }),
      playlists.membership(scope, recordingId),
      keyRefusals.refuses(scope.connection.origin).catch(() => false),
    ]);
    const playlistName = entry.name;
    if (!canHoldRecordings(entry)) {
      throw new AppError('invalid-input', {
        detail: t(entry.kind === 'filters' ? 'playlistIsSavedFilter' : 'playlistIsSynthetic'),
      });
    }
    const holding = holdingOf(before, shortId);
    if (direction === 'add' && holding === 'in') {
      const note = await withNote(scope, input, signal, through);
      return { outcome: 'already', shortId, playlistName, membership: before, ...noteResult(note) };
    }
    if (direction === 'remove' && holding === 'out') {
      return { outcome: 'not-there', shortId, playlistName, membership: before };
    }
    const wanted = direction === 'add';
    const attempt: Attempt = {
      via: 'key',
      signal,
      quietTab: false,
      ...(through ? { keptFor: through } : {}),
    };
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
    if (direction === 'add') await playlists.markUsed(scope, shortId, playlistName);
    const note = direction === 'add' ? await withNote(scope, input, signal, through) : undefined;
    const savedNote = note && 'id' in note ? note : undefined;
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
      ...(through?.container ? { container: through.container } : {}),
      ...(through?.private ? { private: true as const } : {}),
      ...(savedNote ? { note: { id: savedNote.id, via: savedNote.via, second: savedNote.second } } : {}),
    };
    await lastAction.set({ version: 1, action });
    return {
      outcome: action.change,
      shortId,
      playlistName,
      via,
      ...(attempt.quietTab ? { quietTab: true as const } : {}),
      actionId: action.id,
      membership,
      ...noteResult(note),
    };
  }

  /** The note of an add, written once the add stands; a note that fails leaves the add as it is. */
  async function withNote(
    scope: Awaited<ReturnType<CollectionService['scopeOf']>>,
    input: RecordingChangeInput,
    signal: AbortSignal,
    keptFor: KeptFor | undefined,
  ): Promise<SavedNote | { error: unknown } | undefined> {
    if (!input.note) return undefined;
    try {
      if (!deps.notes) throw new AppError('invalid-input', { detail: 'notes are not available here' });
      return await deps.notes.save(scope, input.recordingId, input.note, signal, keptFor);
    } catch (error) {
      return { error };
    }
  }

  /** Joins an identical request in flight as the same session (`keptFor`); any other one waits for it. */
  function guarded(
    direction: Direction,
    input: RecordingChangeInput,
    page?: ActionPage,
    keptFor?: KeptFor,
  ): Promise<RecordingChangeResult> {
    const key = recordingWriteKey(input);
    const current = running.get(key);
    const whose = JSON.stringify([keptFor?.user, keptFor?.container, keptFor?.private]);
    if (current?.direction === direction && current.whose === whose) return current.done;
    const controller = new AbortController();
    const done = (current?.done.catch(() => undefined) ?? Promise.resolve()).then(() =>
      change(direction, input, controller.signal, page, keptFor),
    );
    running.set(key, { direction, done, controller, whose });
    const forget = () => {
      if (running.get(key)?.done === done) running.delete(key);
    };
    done.then(forget, forget);
    return done;
  }

  const recentAction = async (): Promise<LastAction | null> =>
    recentOf((await lastAction.get()).action, now());

  return {
    /** `page`: the tab and page a recording link's menu was used on (popup adds have none). */
    add: (input: RecordingChangeInput, page?: ActionPage, keptFor?: KeptFor) =>
      guarded('add', input, page, keptFor),
    /** For `clearCaches` (another key or PostHog, Forget key): the key is tried again; no undo offered. */
    forget: () => Promise.all([keyRefusals.clear(), lastAction.remove()]).then(() => undefined),
    /** `keptFor`: a kept change, made through a page's session only as its user, from its container. */
    remove: (input: RecordingChangeInput, keptFor?: KeptFor) => guarded('remove', input, undefined, keptFor),
    cancel,
    recentAction,

    /** The opposite of the last action, if it is still the last one and recent (its note deleted first). */
    async undo(actionId: string): Promise<RecordingChangeResult> {
      const action = await recentAction();
      if (!action || action.id !== actionId) {
        throw new AppError('invalid-input', { detail: t('playlistUndoExpired') });
      }
      const scope = await playlists.scopeOf(action.projectId);
      if (scope.connection.origin !== action.origin) {
        throw new AppError('invalid-input', { detail: t('playlistUndoExpired') });
      }
      // Undone through a session of the container (and window kind) the action was made in, as it was made.
      const through = sessionOf(action);
      if (action.note && deps.notes) {
        await deps.notes.remove(scope, action.note, new AbortController().signal, through);
        await lastAction.set({ version: 1, action: { ...action, note: undefined } });
      }
      const input = { projectId: action.projectId, shortId: action.shortId, recordingId: action.recordingId };
      // The undo belongs where the action did: undoing a link's add keeps it on that page.
      return guarded(action.change === 'added' ? 'remove' : 'add', input, action.page, through);
    },

    /** Creates a collection and adds the recording; a second identical request joins the first. */
    createAndAdd(input: CreateAndAddInput): Promise<CreateAndAddResult> {
      const key = createWriteKey(input);
      const current = creating.get(key);
      if (current) return current.done;
      const controller = new AbortController();
      const done = createCollectionAndAdd(
        { playlists, now, add: (adding) => guarded('add', adding), cancel },
        input,
        controller.signal,
      );
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
}
export type RecordingActions = ReturnType<typeof createRecordingActions>;
