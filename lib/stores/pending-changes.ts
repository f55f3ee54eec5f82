import { signal } from '@preact/signals';
import type { PopupOpen, SendMessage } from '../messaging/messages';
import type { PendingNotice, PendingState } from '../messaging/pending-messages';
import { serializeError } from '../platform/errors';

/** A notice's Undo (for a waiting add that has since been made): running, done, or why not. */
export type NoticeUndo = { phase: 'running' } | { phase: 'done' } | { phase: 'failed'; message: string };

/**
 * The popup's view of changes waiting to be made (pending-queue.ts in the background): the list
 * with "Retry now" and "Discard", and what became of earlier ones, with Undo for a made add.
 */
export function createPendingStore(deps: { send: SendMessage }) {
  const changes = signal<PendingState['changes']>([]);
  const notices = signal<PendingNotice[]>([]);
  /** The change whose button is running ('all' for Retry all), or null. */
  const busy = signal<string | null>(null);
  const error = signal<string | null>(null);
  const undos = signal<Readonly<Record<string, NoticeUndo>>>({});
  /** The picker's own last-action notice (with its Undo), so a made add is not offered twice. */
  let pickerUndo: { recordingId: string; shortId: string } | null = null;

  function take(state: PendingState): void {
    changes.value = state.changes;
    const known = new Set(notices.value.map((notice) => notice.id));
    const fresh = state.notices.filter((notice) => !known.has(notice.id));
    if (fresh.length > 0) notices.value = [...notices.value, ...fresh];
  }

  async function run(id: string, action: () => Promise<void>): Promise<void> {
    if (busy.value !== null) return;
    busy.value = id;
    error.value = null;
    try {
      await action();
    } catch (failure) {
      error.value = serializeError(failure).message;
    } finally {
      busy.value = null;
    }
  }

  return {
    changes,
    notices,
    busy,
    error,
    undos,

    /** From `popup/open`'s answer. */
    open(answer: PopupOpen): void {
      const last = answer.session.lastAction;
      pickerUndo = last?.change === 'added' ? { recordingId: last.recordingId, shortId: last.shortId } : null;
      if (answer.pending) take(answer.pending);
    },

    /** Undo belongs on a made add, unless the picker's notice already offers it for that add. */
    canUndo(notice: PendingNotice): boolean {
      if (notice.outcome !== 'applied' || notice.direction !== 'add') return false;
      if (undos.value[notice.id]?.phase === 'done') return false;
      return !(pickerUndo?.recordingId === notice.recordingId && pickerUndo.shortId === notice.shortId);
    },

    retry: (id?: string) =>
      run(id ?? 'all', async () => take(await deps.send('pending/retry', id === undefined ? {} : { id }))),

    discard: (id: string) =>
      run(id, async () => {
        const { state } = await deps.send('pending/discard', { id });
        take(state);
      }),

    /** Undo of an add that was waiting and has been made: one removal, like the picker's. */
    async undo(notice: PendingNotice): Promise<void> {
      if (undos.value[notice.id]?.phase === 'running') return;
      undos.value = { ...undos.value, [notice.id]: { phase: 'running' } };
      let next: NoticeUndo;
      try {
        const { projectId, shortId, recordingId } = notice;
        await deps.send('playlists/remove', { projectId, shortId, recordingId });
        next = { phase: 'done' };
      } catch (failure) {
        next = { phase: 'failed', message: serializeError(failure).message };
      }
      undos.value = { ...undos.value, [notice.id]: next };
    },

    dismiss(id: string): void {
      notices.value = notices.value.filter((notice) => notice.id !== id);
    },
  };
}
export type PendingStore = ReturnType<typeof createPendingStore>;
