import type { PendingChange, PendingNotice } from '../lib/messaging/pending-messages';
import { noticeSentence } from '../lib/messaging/pending-notice';
import { type MessageKey, t, tCount } from '../lib/platform/i18n';
import { playlistLink } from '../lib/posthog/links';
import { recordingName } from '../lib/posthog/recording-names';
import type { PendingStore } from '../lib/stores/pending-changes';

function whyKey(change: PendingChange): MessageKey {
  if (change.reason === 'signed-out') return 'pendingWhySignedOut';
  if (change.reason === 'sign-in-again') return 'pendingWhySignInAgain';
  if (change.reason === 'other-user') return 'pendingWhyOtherUser';
  if (change.reason === 'no-session-tab') return 'pendingWhyNoTab';
  return 'pendingWhyLater';
}

/** A waiting change needs the user only when PostHog wants a sign-in or a tab: one link does it. */
const needsPostHog = (change: PendingChange) =>
  change.reason === 'signed-out' || change.reason === 'no-session-tab' || change.reason === 'other-user';

function ChangeRow(props: { change: PendingChange; store: PendingStore }) {
  const { change, store } = props;
  const busy = store.busy.value;
  const row = t(
    change.direction === 'add' ? 'pendingAddRow' : 'pendingRemoveRow',
    recordingName(change.face, change.recordingId),
    change.playlistName,
  );
  return (
    <li class="pending-change">
      <p class="pending-what" title={`${row} (${change.recordingId})`}>
        {row}
      </p>
      <div class="pending-why">
        <p class="muted">{t(whyKey(change))}</p>
        <button
          type="button"
          disabled={busy !== null}
          aria-busy={busy === change.id}
          aria-label={t('pendingRetry')}
          onClick={() => void store.retry(change.id)}
        >
          {t('pendingRetryShort')}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void store.discard(change.id)}>
          {t('pendingDiscard')}
        </button>
        {needsPostHog(change) ? (
          <a class="button" href={playlistLink(change)} target="_blank" rel="noreferrer">
            {t('pendingOpenPostHog')}
          </a>
        ) : null}
      </div>
    </li>
  );
}

function NoticeRow(props: { notice: PendingNotice; store: PendingStore }) {
  const { notice, store } = props;
  const undo = store.undos.value[notice.id];
  const sentence =
    undo?.phase === 'done'
      ? t('pendingUndone', recordingName(notice.face, notice.recordingId), notice.playlistName)
      : noticeSentence(notice);
  const canUndo = store.canUndo(notice);
  return (
    <li class={notice.outcome === 'applied' ? 'pending-notice' : 'pending-notice is-failed'}>
      <p class={notice.outcome === 'applied' ? 'success' : 'error'}>{sentence}</p>
      {undo?.phase === 'failed' ? <p class="error">{undo.message}</p> : null}
      <div class="playlist-actions">
        {canUndo ? (
          <button type="button" disabled={undo?.phase === 'running'} onClick={() => void store.undo(notice)}>
            {t('playlistUndo')}
          </button>
        ) : null}
        <button type="button" onClick={() => store.dismiss(notice.id)}>
          {t('dismiss')}
        </button>
      </div>
    </li>
  );
}

/**
 * Changes PostHog could not take yet, with "Retry now" and "Discard", and what became of earlier
 * ones. Nothing at all when there is neither.
 */
export function PendingChanges(props: { store: PendingStore }) {
  const { store } = props;
  const changes = store.changes.value;
  const notices = store.notices.value;
  if (changes.length === 0 && notices.length === 0) return null;
  return (
    <section class="pending" aria-labelledby={changes.length > 0 ? 'pending-heading' : undefined}>
      {notices.length > 0 ? (
        <ul class="pending-list" role="status">
          {notices.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} store={store} />
          ))}
        </ul>
      ) : null}
      {changes.length > 0 ? (
        <>
          <h2 id="pending-heading">{tCount('pendingHeading', changes.length)}</h2>
          <ul class="pending-list is-waiting">
            {changes.map((change) => (
              <ChangeRow key={change.id} change={change} store={store} />
            ))}
          </ul>
        </>
      ) : null}
      {store.error.value ? (
        <p class="error" role="alert">
          {store.error.value}
        </p>
      ) : null}
    </section>
  );
}
