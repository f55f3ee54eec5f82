import type { PendingChange, PendingNotice, PendingState } from '../pending-messages';

/** Notices older than this are dropped unseen. */
export const NOTICE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A kept change as stored: what the popup is shown, plus the queue's own bookkeeping. */
export type StoredChangeView = PendingChange & { inFlight: boolean; uncertain: boolean; lastTriedAt: number };

export function publicChange(change: StoredChangeView): PendingChange {
  const { inFlight: _inFlight, uncertain: _uncertain, lastTriedAt: _lastTriedAt, ...shown } = change;
  return shown;
}

/** What the popup is told: the changes waiting, and what became of the others while still recent. */
export function pendingStateOf(
  value: { changes: readonly StoredChangeView[]; notices: readonly PendingNotice[] },
  now: number,
): PendingState {
  return {
    changes: value.changes.map(publicChange),
    notices: value.notices.filter((notice) => now - notice.at < NOTICE_TTL_MS),
  };
}
