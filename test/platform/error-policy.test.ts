import { describe, expect, it } from 'vitest';
import {
  ERROR_KINDS,
  ERROR_POLICY,
  type ErrorKind,
  type ErrorTrait,
  hasTrait,
  isRetryable,
  keepsAsPending,
  leavesOutcomeUncertain,
  meansPostHogUnreachable,
  offersTryAgain,
  pickWaits,
  waitsForSignIn,
} from '../../lib/platform/error-policy';
import { AppError, writeMayHaveApplied } from '../../lib/platform/errors';

const Y = true;
const N = false;

/**
 * Today's rules, pinned: a change to the policy table must change this one too, on purpose.
 * Columns: retryable, offerTryAgain, keptPending, outcomeUncertain, unreachable, waitsForSignIn,
 * pickWaits.
 */
const PINNED: ReadonlyArray<[ErrorKind, boolean, boolean, boolean, boolean, boolean, boolean, boolean]> = [
  ['unauthorized', N, N, N, N, N, N, N],
  ['missing-scope', N, N, N, N, N, N, N],
  ['key-not-allowed', N, N, N, N, N, N, N],
  ['project-forbidden', N, N, N, N, N, N, N],
  ['forbidden', N, N, N, N, N, N, N],
  ['not-found', N, N, N, N, N, N, N],
  ['method-not-allowed', N, N, N, N, N, N, N],
  ['validation', N, N, N, N, N, N, N],
  ['rate-limited', Y, Y, Y, N, Y, N, Y],
  ['server', Y, Y, Y, Y, Y, N, Y],
  ['network', Y, Y, Y, Y, Y, N, Y],
  ['timeout', Y, Y, Y, Y, Y, N, Y],
  ['invalid-response', N, N, N, Y, N, N, N],
  ['not-configured', N, N, N, N, N, N, N],
  ['invalid-input', N, N, N, N, N, N, N],
  ['no-session-tab', N, Y, Y, N, N, N, Y],
  ['signed-out', N, Y, Y, N, N, Y, Y],
  ['other-user', N, N, Y, N, N, Y, N],
  ['private-window', N, Y, N, N, N, N, N],
  ['csrf-refused', N, Y, N, N, N, N, N],
  ['sign-in-again', N, N, Y, N, N, Y, Y],
  ['oauth-unavailable', N, N, N, N, N, N, N],
  ['sign-in-cancelled', N, N, N, N, N, N, N],
  ['sign-in-state-mismatch', N, N, N, N, N, N, N],
  ['sign-in-code-expired', N, N, N, N, N, N, N],
  ['registration-throttled', N, N, N, N, N, N, N],
  ['sign-in-unsupported', N, N, N, N, N, N, N],
  ['clock-skew', N, N, N, N, N, N, N],
  ['pending-full', N, N, N, N, N, N, N],
  ['bad-message', N, N, N, N, N, N, N],
  ['permission-denied', N, N, N, N, N, N, N],
  ['outcome-unknown', N, N, Y, N, N, N, Y],
  ['cancelled', N, N, N, N, N, N, N],
  ['unknown', N, Y, N, Y, N, N, N],
];

describe('ERROR_POLICY', () => {
  it('pins a row for every kind there is, and no other', () => {
    expect(PINNED.map(([kind]) => kind)).toEqual([...ERROR_KINDS]);
    expect(Object.keys(ERROR_POLICY).sort()).toEqual([...ERROR_KINDS].sort());
  });

  it.each(PINNED)(
    '%s: retryable %s, offers Try again %s, kept pending %s, outcome uncertain %s, unreachable %s, waits for sign-in %s, a pick waits %s',
    (kind, retryable, offerTryAgain, keptPending, outcomeUncertain, unreachable, signIn, pick) => {
      const traits = {
        retryable,
        offerTryAgain,
        keptPending,
        outcomeUncertain,
        unreachable,
        waitsForSignIn: signIn,
        pickWaits: pick,
      };
      expect([...ERROR_POLICY[kind]].sort()).toEqual(
        Object.entries(traits)
          .filter(([, on]) => on)
          .map(([trait]) => trait)
          .sort(),
      );
      expect(isRetryable(kind)).toBe(retryable);
      expect(offersTryAgain(kind)).toBe(offerTryAgain);
      expect(keepsAsPending(kind)).toBe(keptPending);
      expect(leavesOutcomeUncertain(kind)).toBe(outcomeUncertain);
      expect(meansPostHogUnreachable(kind)).toBe(unreachable);
      expect(waitsForSignIn(kind)).toBe(signIn);
      expect(pickWaits(kind)).toBe(pick);
    },
  );

  it.each(ERROR_KINDS)('%s: AppError.retryable and writeMayHaveApplied read the table', (kind) => {
    const error = new AppError(kind);
    expect(error.retryable).toBe(hasTrait(kind, 'retryable'));
    expect(error.toJSON().retryable).toBe(hasTrait(kind, 'retryable'));
    expect(AppError.fromJSON(error.toJSON()).retryable).toBe(hasTrait(kind, 'retryable'));
    expect(writeMayHaveApplied(error)).toBe(hasTrait(kind, 'outcomeUncertain'));
  });

  it.each(ERROR_KINDS)('%s: the traits agree with each other', (kind) => {
    const has = (trait: ErrorTrait) => hasTrait(kind, trait);
    // "Try again" is offered wherever trying the same request again may help.
    if (has('retryable')) expect(has('offerTryAgain')).toBe(true);
    // Only a kept change has a next try to read first, or a schedule to wait on.
    if (has('unreachable')) expect(has('keptPending')).toBe(true);
    if (has('waitsForSignIn')) expect(has('keptPending')).toBe(true);
  });
});
