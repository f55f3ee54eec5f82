import { z } from 'zod/mini';
import { NOTICE_TTL_MS, publicChange } from '../../messaging/first-view/pending-state';
import { STORED } from '../../messaging/first-view/stored-names';
import {
  PendingChangeSchema,
  type PendingNotice,
  PendingNoticeSchema,
  type PendingState,
  type PendingTarget,
} from '../../messaging/pending-messages';
import type { ErrorKind } from '../../platform/error-policy';
import { keepsAsPending, waitsForSignIn } from '../../platform/error-policy';
import { toAppError } from '../../platform/errors';
import { lazily } from '../../platform/lazy';
import type { StoredItem } from '../../platform/storage';

/**
 * What pending-queue.ts keeps, and the rules it keeps it by: which misses wait (the kinds are
 * decided in lib/platform/error-policy.ts), and how long.
 */

/**
 * Whether a change that failed so is kept and made later: a failure that says "not now" rather than
 * "no" (signed out, no PostHog tab to make the request through, offline, PostHog down or busy, or an
 * answer lost on the way, read back before the next try). The `keptPending` column of error-policy.ts.
 */
export const keepsPending = (error: unknown): boolean => keepsAsPending(toAppError(error).kind);

/** The retry schedule after the n-th failed try: 30 s, 1, 2, 5, 10 min, then every 30 min. */
const BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];

/** When the schedule tries again after `attempts` misses; null: only a sign-in helps (signed out). */
export function nextTryAt(now: number, attempts: number, reason: ErrorKind): number | null {
  // Trying again changes nothing until the user signs in (a PostHog page loading).
  if (waitsForSignIn(reason)) return null;
  return now + (BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? 0);
}
/** A change still not made after a day is given up, and the user told. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * Changes kept at most: more is no real use (a bulk add is 100 recordings) and the store is read on
 * every popup open. The next one is refused in one sentence (`pending-full`) rather than kept.
 */
export const MAX_PENDING = 200;
/** A PostHog page loading tries that origin's changes, but not one tried this recently. */
export const PAGE_TRIGGER_GAP_MS = 2_000;
export { NOTICE_TTL_MS, publicChange };
/**
 * Notices kept at most, the newest: one for each change that can be waiting. They are dropped once
 * the popup has shown them; unseen, after a week (what the popup would no longer show) or when newer
 * ones push them out, so the store never grows while the popup stays closed.
 */
export const MAX_NOTICES = MAX_PENDING;

/** The notices still worth keeping at `now`: those the popup would show, the newest `MAX_NOTICES`. */
export const keptNotices = (notices: readonly PendingNotice[], now: number): PendingNotice[] =>
  notices.filter((notice) => now - notice.at < NOTICE_TTL_MS).slice(-MAX_NOTICES);

const StoredChangeSchema = lazily(() =>
  z.extend(PendingChangeSchema, {
    /** A request was on its way when the worker last stopped: PostHog is read before anything is sent. */
    inFlight: z.boolean(),
    /** The last try may have been made although its answer was lost: read back before sending again. */
    uncertain: z.boolean(),
    lastTriedAt: z.number(),
  }),
);
export type StoredChange = z.infer<typeof StoredChangeSchema>;

const PendingStoreSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    changes: z.array(StoredChangeSchema),
    notices: z.array(PendingNoticeSchema),
  }),
);
export type PendingStore = z.infer<typeof PendingStoreSchema>;

/** In the trusted area: it survives the worker stopping and the browser restarting. */
export const pendingItem: StoredItem<PendingStore> = {
  key: STORED.pending.key,
  version: STORED.pending.version,
  schema: PendingStoreSchema,
  fallback: () => ({ version: 1, changes: [], notices: [] }),
  migrations: {},
};

export const sameTarget = (a: PendingTarget, b: PendingTarget) =>
  a.origin === b.origin &&
  a.projectId === b.projectId &&
  a.shortId === b.shortId &&
  a.recordingId === b.recordingId;

export function toState(value: PendingStore): PendingState {
  return { changes: value.changes.map(publicChange), notices: value.notices };
}
