import { type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { CollectionEntry, Membership } from '../messaging/collection-entries';
import type { NoteInput, RecordingChangeResult, Via } from '../messaging/collection-messages';
import type { SendMessage } from '../messaging/messages';
import { offersTryAgain } from '../platform/error-policy';
import { AppError, type SerializedError, toAppError } from '../platform/errors';
import { t } from '../platform/i18n';

/** The busy key of "Create collection"; never a short id (those are URL-safe). */
export const CREATE_OPTION = '\u0000create';

export interface PickerTarget {
  origin: string;
  projectId?: number;
  recordingId: string;
}

export type Notice = {
  kind: RecordingChangeResult['outcome'];
  shortId: string;
  name: string;
  via?: Via;
  /** Through a PostHog tab Hogmark opened in the background and closed. */
  quietTab?: true;
  actionId?: string;
  /** For a pick that waits (`pending`): the waiting change, and the background's sentence saying why. */
  pendingId?: string;
  message?: string;
  /** The note sent with the add: at which second it was written, or why it was not. */
  note?: { saved: true; second: number } | { saved: false; message: string };
};
export interface Failure {
  error: SerializedError;
  /** What "Try again" does; null where trying again cannot help. */
  retry: (() => Promise<void>) | null;
  retryLabel: string;
}

/** A write still unanswered after this long says so and offers Cancel. */
export const WAIT_NOTICE_MS = 3000;

/** A write PostHog has not answered for a while: the popup says so and offers to stop waiting. */
export interface Waiting {
  id: string;
  cancel: () => Promise<void>;
}

export interface CollectionChangesDeps {
  send: SendMessage;
  target: ReadonlySignal<PickerTarget | null>;
  /** The project the list belongs to; null until the first answer. */
  projectId: ReadonlySignal<number | null>;
  membership: Signal<Membership>;
  /** The playlist's name as listed, else `fallback`, else "Untitled". */
  nameOf: (shortId: string, fallback?: string) => string;
  /** A collection was created: list it first and select it. */
  onCreated: (entry: CollectionEntry) => void;
  /** Refetches the list (what "Reload" does after a collection vanished). */
  reload: () => Promise<void>;
  /** The tab the user picked over (its Firefox container is kept with a pick that waits). */
  askedFrom?: () => Promise<number | undefined>;
}

/**
 * The picker's writes: add, remove, undo and create-and-add, each optimistic where it can be, with
 * one request per collection in flight, and the notice or failure the popup shows afterwards.
 */
export function createCollectionChanges(deps: CollectionChangesDeps) {
  const { send, membership, nameOf } = deps;
  const busy = signal<ReadonlySet<string>>(new Set());
  const notice = signal<Notice | null>(null);
  const failure = signal<Failure | null>(null);
  const waiting = signal<Waiting | null>(null);

  const isBusy = (id: string) => busy.value.has(id);
  const setBusy = (id: string, on: boolean) => {
    const next = new Set(busy.value);
    if (on) next.add(id);
    else next.delete(id);
    busy.value = next;
  };

  function report(result: RecordingChangeResult, fallbackName = ''): void {
    membership.value = result.membership;
    notice.value = {
      kind: result.outcome,
      shortId: result.shortId,
      name: result.playlistName || nameOf(result.shortId, fallbackName),
      ...(result.via ? { via: result.via } : {}),
      ...(result.quietTab ? { quietTab: true as const } : {}),
      ...(result.actionId ? { actionId: result.actionId } : {}),
      ...(result.pendingId ? { pendingId: result.pendingId } : {}),
      ...(result.message ? { message: result.message } : {}),
      ...(result.note
        ? {
            note: result.note.saved
              ? { saved: true as const, second: result.note.second }
              : { saved: false as const, message: result.note.error.message },
          }
        : {}),
    };
  }

  /** What PostHog did is open: "Check again" reads the list and membership again, sending nothing. */
  function checkAgain(error: AppError): void {
    failure.value = { error: error.toJSON(), retry: deps.reload, retryLabel: t('checkAgain') };
  }

  function fail(error: unknown, retry: () => Promise<void>, shortId?: string): void {
    const appError = toAppError(error);
    if (appError.kind === 'outcome-unknown') {
      // Neither in nor out is known: the row shows neither until PostHog is asked again.
      const current = membership.value;
      if (shortId) membership.value = { ...current, unsure: [...(current.unsure ?? []), shortId] };
      // Where PostHog tells membership, asking again shows the truth. Where it never does (the
      // contract's servers), only sending again can settle it: adding and removing set a state, so
      // a second send changes nothing more than the first.
      if (current.complete) checkAgain(appError);
      else failure.value = { error: appError.toJSON(), retry, retryLabel: t('tryAgain') };
      return;
    }
    if (appError.kind === 'cancelled') {
      // Not made when last read, but PostHog may still be working on it: look again, do not resend.
      checkAgain(appError);
      return;
    }
    if (appError.kind === 'not-found' && shortId) {
      failure.value = {
        error: { ...appError.toJSON(), message: t('playlistGone', nameOf(shortId)) },
        retry: deps.reload,
        retryLabel: t('playlistReload'),
      };
      return;
    }
    // Where "Try again" can help: the `offerTryAgain` column of error-policy.ts.
    const retryable = offersTryAgain(appError.kind);
    failure.value = { error: appError.toJSON(), retry: retryable ? retry : null, retryLabel: t('tryAgain') };
  }

  /** Runs one write for `id` unless one is already in flight; `onError` undoes what it showed early. */
  async function guarded(
    id: string,
    write: () => Promise<void>,
    onError: (error: unknown) => void,
    cancel?: () => Promise<unknown>,
  ) {
    if (isBusy(id)) return;
    setBusy(id, true);
    failure.value = null;
    const slow = cancel
      ? setTimeout(() => {
          waiting.value = {
            id,
            cancel: async () => {
              if (waiting.value?.id === id) waiting.value = null;
              await cancel().catch(() => undefined);
            },
          };
        }, WAIT_NOTICE_MS)
      : undefined;
    try {
      await write();
    } catch (error) {
      onError(error);
    } finally {
      clearTimeout(slow);
      if (waiting.value?.id === id) waiting.value = null;
      setBusy(id, false);
    }
  }

  async function change(direction: 'add' | 'remove', shortId: string, note?: NoteInput): Promise<boolean> {
    const current = deps.target.value;
    const projectId = deps.projectId.value;
    if (!current || projectId === null || isBusy(shortId)) return false;
    const before = membership.value;
    const input = { projectId, shortId, recordingId: current.recordingId, ...(note ? { note } : {}) };
    let done = false;
    await guarded(
      shortId,
      async () => {
        // Optimistic: the row changes at once and goes back if PostHog refuses.
        const others = (ids: string[]) => ids.filter((id) => id !== shortId);
        const unsure = others(before.unsure ?? []);
        membership.value =
          direction === 'add'
            ? { ...before, holds: [...before.holds, shortId], lacks: others(before.lacks), unsure }
            : { ...before, holds: others(before.holds), lacks: [...before.lacks, shortId], unsure };
        const sent = await withTab(input);
        report(await send(direction === 'add' ? 'playlists/add' : 'playlists/remove', sent));
        done = true;
      },
      (error) => {
        membership.value = before;
        fail(error, () => change(direction, shortId, note).then(() => undefined), shortId);
      },
      () => send('playlists/cancel', { projectId, shortId, recordingId: current.recordingId }),
    );
    return done;
  }

  /** A write with the tab it was asked from: through a page's session it goes via that tab's container. */
  async function withTab<T extends object>(input: T): Promise<T & { tabId?: number }> {
    const tabId = await deps.askedFrom?.().catch(() => undefined);
    return tabId === undefined ? input : { ...input, tabId };
  }

  /** Whether the collection was created and the recording added (with `note`, when one is written). */
  async function createAndAdd(name: string, note?: NoteInput): Promise<boolean> {
    const current = deps.target.value;
    const projectId = deps.projectId.value;
    const trimmed = name.trim();
    if (!current || projectId === null || trimmed === '') return false;
    const input = { projectId, name: trimmed, recordingId: current.recordingId, ...(note ? { note } : {}) };
    let done = false;
    await guarded(
      CREATE_OPTION,
      async () => {
        const result = await send('playlists/create-and-add', await withTab(input));
        const created = result.playlist;
        deps.onCreated(created);
        // Created, but not added: Try again only adds (the collection exists now).
        const addToCreated = () => change('add', created.shortId, note).then(() => undefined);
        if (result.change) {
          report(result.change, created.name);
          done = true;
        } else if (result.error) fail(AppError.fromJSON(result.error), addToCreated, created.shortId);
        else {
          // The user stopped waiting before the add was sent.
          failure.value = {
            error: {
              ...new AppError('cancelled').toJSON(),
              message: t('playlistCreatedNotAdded', created.name),
            },
            retry: addToCreated,
            retryLabel: t('tryAgain'),
          };
        }
      },
      (error) => {
        const appError = toAppError(error);
        // Creating again could make a second collection: after an open outcome, only a read decides.
        if (appError.kind === 'outcome-unknown') checkAgain(appError);
        else fail(appError, () => createAndAdd(trimmed, note).then(() => undefined));
      },
      () => send('playlists/cancel', input),
    );
    return done;
  }

  async function undo(): Promise<void> {
    const last = notice.value;
    if (!last?.actionId) return;
    const actionId = last.actionId;
    const target = deps.target.value;
    const projectId = deps.projectId.value;
    await guarded(
      last.shortId,
      async () => report(await send('playlists/undo', { actionId }), last.name),
      (error) => fail(error, undo, last.shortId),
      // The undo of this recording's action (a link's action elsewhere has no Cancel here).
      target && projectId !== null
        ? () =>
            send('playlists/cancel', { projectId, shortId: last.shortId, recordingId: target.recordingId })
        : undefined,
    );
  }

  return {
    busy,
    notice,
    failure,
    waiting,
    change,
    createAndAdd,
    undo,
    /** Discard of a pick that waits: it is never made, and nothing is sent to PostHog. */
    async discardPending(): Promise<void> {
      const last = notice.value;
      if (last?.kind !== 'pending' || !last.pendingId) return;
      const { discarded } = await send('pending/discard', { id: last.pendingId });
      if (discarded) notice.value = null;
    },
    /** Adding where it already is: says so and sends nothing. */
    already(shortId: string): void {
      failure.value = null;
      notice.value = { kind: 'already', shortId, name: nameOf(shortId) };
    },
  };
}
export type CollectionChanges = ReturnType<typeof createCollectionChanges>;
