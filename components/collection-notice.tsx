import { type MessageKey, t } from '../lib/platform/i18n';
import { formatClock } from '../lib/posthog/context-labels';
import type { Waiting } from '../lib/stores/collection-changes';
import type { Failure, Notice } from '../lib/stores/collection-picker';

const SENTENCES: Record<Notice['kind'], MessageKey> = {
  added: 'playlistAddedTo',
  removed: 'playlistRemovedFrom',
  already: 'playlistAlreadyIn',
  'not-there': 'playlistNotIn',
  pending: 'pendingAddLater',
};

/** What the last action did ("Added to Checkout bugs · Undo"), or what went wrong and what to do. */
export function CollectionNotice(props: {
  notice: Notice | null;
  failure: Failure | null;
  /** A write PostHog has not answered for a few seconds. */
  waiting: Waiting | null;
  busy: boolean;
  postHogUrl: string | null;
  onUndo: () => void;
  onRemove: (shortId: string) => void;
  /** Discard of a pick that waits. */
  onDiscard?: () => void;
}) {
  const { notice, failure, busy, waiting } = props;
  if (waiting) {
    return (
      <div class="playlist-notice" role="status">
        <p>{t('stillWaiting')}</p>
        <button type="button" onClick={() => void waiting.cancel()}>
          {t('stopWaiting')}
        </button>
      </div>
    );
  }
  if (failure) {
    return (
      <div class="playlist-failure" role="alert">
        <p class="error">{failure.error.message}</p>
        <div class="playlist-actions">
          {failure.retry ? (
            <button type="button" onClick={() => void failure.retry?.()}>
              {failure.retryLabel}
            </button>
          ) : null}
          {(failure.error.kind === 'no-session-tab' || failure.error.kind === 'signed-out') &&
          props.postHogUrl ? (
            <a class="button" href={props.postHogUrl} target="_blank" rel="noreferrer">
              {t('playlistOpenInPostHog')}
            </a>
          ) : null}
        </div>
      </div>
    );
  }
  if (!notice) return <div class="playlist-notice" role="status" />;
  const note = notice.note;
  const sentence =
    note?.saved && notice.kind === 'added'
      ? t('playlistAddedToWithNote', notice.name, formatClock(note.second))
      : note?.saved && notice.kind === 'already'
        ? t('playlistAlreadyInNoteAdded', notice.name, formatClock(note.second))
        : notice.kind === 'pending' && notice.message
          ? notice.message
          : t(SENTENCES[notice.kind], notice.name);
  // How it was sent is a detail: a tooltip, never part of the sentence.
  const how = notice.quietTab
    ? t('playlistViaQuietTab')
    : notice.via === 'session'
      ? t('playlistViaSession')
      : undefined;
  const undoable = notice.actionId && (notice.kind === 'added' || notice.kind === 'removed');
  return (
    <div class="playlist-notice" role="status">
      {/* One line: "✓ Added to Onboarding · note at 01:15 · Undo". */}
      <p class={notice.kind === 'added' || notice.kind === 'removed' ? 'success' : ''} title={how}>
        {/* Followed by "· Undo", the sentence's own full stop would stand in the middle of the line. */}
        <span class="playlist-notice-sentence">{undoable ? sentence.replace(/\.$/, '') : sentence}</span>
        {undoable ? (
          <>
            {' · '}
            <button type="button" class="playlist-notice-undo" disabled={busy} onClick={props.onUndo}>
              {t('playlistUndo')}
            </button>
          </>
        ) : null}
      </p>
      {note && !note.saved ? <p class="error">{t('noteNotSaved', note.message)}</p> : null}
      {notice.kind === 'pending' && notice.pendingId ? (
        <div class="playlist-actions">
          <button type="button" onClick={props.onDiscard}>
            {t('pendingDiscard')}
          </button>
          {props.postHogUrl ? (
            <a class="button" href={props.postHogUrl} target="_blank" rel="noreferrer">
              {t('playlistOpenInPostHog')}
            </a>
          ) : null}
        </div>
      ) : null}
      {notice.kind === 'already' ? (
        <button type="button" disabled={busy} onClick={() => props.onRemove(notice.shortId)}>
          {t('playlistRemove')}
        </button>
      ) : null}
    </div>
  );
}
