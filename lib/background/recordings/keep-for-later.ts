import type { NoteInput, QuickAddResult } from '../../messaging/collection-messages';
import type { ErrorKind } from '../../platform/error-policy';
import { toAppError } from '../../platform/errors';
import { type MessageKey, t } from '../../platform/i18n';
import type { PendingChanges } from '../pending/pending-queue';
import { keepsPending } from '../pending/pending-store';
import type { CollectionScope, CollectionService } from './collections';
import { displayName } from './recording-actions';

/** What a kept change's sentence says waits: a sign-in, a PostHog tab, or PostHog itself. */
const PENDING_SENTENCES: Partial<Record<ErrorKind, Record<'add' | 'remove', MessageKey>>> = {
  'signed-out': { add: 'pendingAddSignedOut', remove: 'pendingRemoveSignedOut' },
  'no-session-tab': { add: 'pendingAddNoTab', remove: 'pendingRemoveNoTab' },
  network: { add: 'pendingAddLater', remove: 'pendingRemoveLater' },
};

/** The result of keeping a change: waiting (with its id), cancelled out by the opposite one, or not kept. */
export type KeptResult = Pick<QuickAddResult, 'outcome' | 'playlistName' | 'message' | 'pendingId'>;

/**
 * A change PostHog could not take now is kept and made later (pending/pending-queue.ts), from any
 * surface (the shortcut, a link's menu, the in-page button, the popup and the picker window); null
 * when the failure is a "no" that waiting will not change. A note waits with its add.
 */
export async function keepChangeForLater(
  deps: { pending?: PendingChanges; playlists: CollectionService },
  scope: CollectionScope,
  input: { shortId: string; recordingId: string; direction: 'add' | 'remove'; note?: NoteInput },
  error: unknown,
): Promise<KeptResult | null> {
  if (!deps.pending || !keepsPending(error)) return null;
  const cached = await deps.playlists.list({ projectId: scope.projectId, source: 'cache' }).catch(() => null);
  const name = cached?.playlists.find((entry) => entry.shortId === input.shortId)?.name ?? '';
  const playlistName = displayName(name);
  const { direction, note, ...ids } = input;
  const target = {
    origin: scope.connection.origin,
    projectId: scope.projectId,
    ...ids,
    playlistName,
    ...(note ? { note } : {}),
  };
  const kept = await deps.pending.keep(target, direction, error);
  if ('cancelledOut' in kept) {
    return { outcome: 'already', playlistName, message: t('pendingCancelledOut', playlistName) };
  }
  const why = PENDING_SENTENCES[toAppError(error).kind] ?? PENDING_SENTENCES.network;
  const key = why?.[direction] ?? 'pendingAddLater';
  return { outcome: 'pending', playlistName, pendingId: kept.kept.id, message: t(key, playlistName) };
}
