import type { NoteInput, QuickAddResult } from '../../messaging/collection-messages';
import type { ErrorKind } from '../../platform/error-policy';
import { toAppError } from '../../platform/errors';
import { type MessageKey, t } from '../../platform/i18n';
import { type FaceName, recordingName } from '../../posthog/recording-names';
import type { CollectionScope, CollectionService } from '../collections/collections';
import type { PendingChanges } from '../pending/pending-queue';
import { keepsPending } from '../pending/pending-store';
import { displayName } from './recording-actions';

/** What a kept change's sentence says waits: a sign-in, a PostHog tab, or PostHog itself. */
const PENDING_SENTENCES: Partial<Record<ErrorKind, Record<'add' | 'remove', MessageKey>>> = {
  'signed-out': { add: 'pendingAddSignedOut', remove: 'pendingRemoveSignedOut' },
  'sign-in-again': { add: 'pendingAddSignInAgain', remove: 'pendingRemoveSignInAgain' },
  'other-user': { add: 'pendingAddOtherUser', remove: 'pendingRemoveOtherUser' },
  'no-session-tab': { add: 'pendingAddNoTab', remove: 'pendingRemoveNoTab' },
  network: { add: 'pendingAddLater', remove: 'pendingRemoveLater' },
  'rate-limited': { add: 'pendingAddBusy', remove: 'pendingRemoveBusy' },
  'outcome-unknown': { add: 'pendingAddUnknown', remove: 'pendingRemoveUnknown' },
};
/** The same sentences naming the recording, for surfaces that do not show it beside them. */
const NAMED_SENTENCES: Partial<Record<ErrorKind, Record<'add' | 'remove', MessageKey>>> = {
  'signed-out': { add: 'pendingAddSignedOutNamed', remove: 'pendingRemoveSignedOutNamed' },
  'sign-in-again': { add: 'pendingAddSignInAgainNamed', remove: 'pendingRemoveSignInAgainNamed' },
  'other-user': { add: 'pendingAddOtherUserNamed', remove: 'pendingRemoveOtherUserNamed' },
  'no-session-tab': { add: 'pendingAddNoTabNamed', remove: 'pendingRemoveNoTabNamed' },
  network: { add: 'pendingAddLaterNamed', remove: 'pendingRemoveLaterNamed' },
  'rate-limited': { add: 'pendingAddBusyNamed', remove: 'pendingRemoveBusyNamed' },
  'outcome-unknown': { add: 'pendingAddUnknownNamed', remove: 'pendingRemoveUnknownNamed' },
};

/** The result of keeping a change: waiting (with its id), cancelled out by the opposite one, or not kept. */
export type KeptResult = Pick<QuickAddResult, 'outcome' | 'playlistName' | 'message' | 'pendingId'>;

/**
 * A change PostHog could not take now is kept and made later (pending/pending-queue.ts), from any
 * surface (the shortcut, a link's menu, the in-page button, the popup and the picker window); null
 * when the failure is a "no" that waiting will not change. A note waits with its add, and who the
 * recording is (when PostHog said) with the change, to name it in the pending list. `named`: the
 * sentence names the recording (surfaces without the popup's header above them).
 */
export async function keepChangeForLater(
  deps: {
    pending?: PendingChanges;
    playlists: CollectionService;
    /** The key's owner (PostHog's user uuid): the change is made later only as them. */
    keyOwner?: () => Promise<string | undefined>;
    /** A tab's Firefox container: the change is made later only from a tab of it. */
    containerOf?: (tabId: number) => Promise<string | undefined>;
    /** Whether a tab is in a private window: nothing asked there is kept on disk. */
    privateTab?: (tabId: number) => Promise<boolean>;
  },
  scope: CollectionScope,
  input: {
    shortId: string;
    recordingId: string;
    direction: 'add' | 'remove';
    note?: NoteInput;
    face?: FaceName | null;
    /** The tab the user asked from (the popup's, the shortcut's, the in-page button's). */
    tabId?: number | undefined;
  },
  error: unknown,
  named = false,
): Promise<KeptResult | null> {
  if (!deps.pending || !keepsPending(error)) return null;
  // Private browsing leaves nothing behind: a change asked there is not kept (its failure is said).
  if (input.tabId !== undefined && (await deps.privateTab?.(input.tabId).catch(() => false))) return null;
  const cached = await deps.playlists.list({ projectId: scope.projectId, source: 'cache' }).catch(() => null);
  const name = cached?.playlists.find((entry) => entry.shortId === input.shortId)?.name ?? '';
  const playlistName = displayName(name);
  const { direction, note, face, tabId, ...ids } = input;
  const user = await deps.keyOwner?.().catch(() => undefined);
  const container = tabId === undefined ? undefined : await deps.containerOf?.(tabId).catch(() => undefined);
  const target = {
    origin: scope.connection.origin,
    projectId: scope.projectId,
    ...ids,
    playlistName,
    ...(note ? { note } : {}),
    ...(face ? { face: { person: face.person, startTime: face.startTime } } : {}),
    ...(user ? { user } : {}),
    ...(container ? { container } : {}),
  };
  const kept = await deps.pending.keep(target, direction, error);
  if ('cancelledOut' in kept) {
    return { outcome: 'already', playlistName, message: t('pendingCancelledOut', playlistName) };
  }
  const sentences = named ? NAMED_SENTENCES : PENDING_SENTENCES;
  const failure = toAppError(error);
  const why = sentences[failure.kind] ?? sentences.network;
  const key = why?.[direction] ?? 'pendingAddLater';
  // Who PostHog is signed in as there, when it is not the key's owner.
  const signedInAs = failure.signedInAs ?? t('anotherPostHogUser');
  const message = t(key, playlistName, recordingName(face, input.recordingId), signedInAs);
  return { outcome: 'pending', playlistName, pendingId: kept.kept.id, message };
}
