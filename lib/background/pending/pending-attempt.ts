import type { PendingChange, PendingNotice } from '../../messaging/pending-messages';
import { meansPostHogUnreachable } from '../../platform/error-policy';
import { type AppError, toAppError } from '../../platform/errors';
import { GIVE_UP_AFTER_MS, keepsPending, nextTryAt, publicChange, type StoredChange } from './pending-store';

/** What one try of one change leaves: the change to keep (null: none), and what to tell the user. */
export type AttemptOutcome = { keep: StoredChange | null; notice?: PendingNotice };

/** One try of one change, made with `apply`; the store's next entry for it comes back. */
export function createAttempt(deps: {
  apply: (change: PendingChange, options: { checkFirst: boolean }) => Promise<void>;
  now: () => number;
  newId: () => string;
}) {
  const { now, newId } = deps;
  return async function attempt(change: StoredChange): Promise<AttemptOutcome> {
    const {
      inFlight: _f,
      uncertain: _u,
      lastTriedAt: _l,
      attempts: _a,
      nextAt: _n,
      reason: _r,
      ...target
    } = change;
    const tried = { ...change, attempts: change.attempts + 1, lastTriedAt: now() };
    try {
      // After a miss that says PostHog was unreachable, PostHog is read first as well: while it is
      // still down that read fails cheaply, before any write (or quiet PostHog tab) is tried.
      const checkFirst = change.uncertain || meansPostHogUnreachable(change.reason);
      await deps.apply(publicChange(change), { checkFirst });
      return { keep: null, notice: { ...target, id: newId(), outcome: 'applied', at: now() } };
    } catch (failure) {
      const error: AppError = toAppError(failure);
      const givingUp = !keepsPending(error) || now() - change.at >= GIVE_UP_AFTER_MS;
      if (givingUp) {
        const failed = {
          outcome: 'failed' as const,
          reason: error.kind,
          message: error.userMessage().slice(0, 500),
        };
        return { keep: null, notice: { ...target, id: newId(), ...failed, at: now() } };
      }
      return {
        keep: {
          ...tried,
          reason: error.kind,
          nextAt: nextTryAt(now(), tried.attempts, error.kind),
          uncertain: change.uncertain || error.kind === 'outcome-unknown',
        },
      };
    }
  };
}
