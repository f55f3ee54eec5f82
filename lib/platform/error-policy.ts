/**
 * Every kind of failure Hogmark names and what each makes it do, in one table: every rule that picks
 * a set of kinds reads its trait here, and test/platform/error-policy.test.ts pins the table. The
 * error class (errors.ts) and the serialised form (serialized-error.ts) both read the kinds from here.
 * The traits:
 * - `retryable`: passing trouble, the same request may succeed later (`AppError.retryable`; pages
 *   offer "Try again").
 * - `offerTryAgain`: the popup's collection row offers "Try again" (outcome-unknown, cancelled and
 *   not-found have their own answers).
 * - `keptPending`: "not now" rather than "no": a quick add or removal that fails so is kept pending
 *   and made later.
 * - `outcomeUncertain`: a write that failed so may have been applied; it is read back before being
 *   reported or sent again.
 * - `unreachable`: PostHog (or the way to it) was down or busy; a pending change's next try reads
 *   PostHog first.
 * - `waitsForSignIn`: only signing in helps; the pending schedule does not try again on its own (a
 *   PostHog page loading does).
 * - `pickWaits`: PostHog cannot take it now (signed out, no PostHog tab, offline, down, busy, or its
 *   answer lost and not readable back), so a pick in the popup or the picker window waits as pending
 *   rather than failing; a write that may have been made is read back first, and an unknown outcome
 *   the user had stopped waiting for does not wait (write-outcome.ts, `stoppedWaiting`).
 */
export type ErrorTrait =
  | 'retryable'
  | 'offerTryAgain'
  | 'keptPending'
  | 'outcomeUncertain'
  | 'unreachable'
  | 'waitsForSignIn'
  | 'pickWaits';

/** One row per kind of failure, in the order the kinds are listed, with the traits that apply to it. */
export const ERROR_POLICY = {
  // from the API: refused before PostHog acted, and asking again gives the same answer
  unauthorized: [],
  'missing-scope': [],
  'key-not-allowed': [],
  'project-forbidden': [],
  forbidden: [],
  'not-found': [],
  'method-not-allowed': [],
  validation: [],
  // PostHog refuses a throttled request before acting on it: nothing to read back.
  'rate-limited': ['retryable', 'offerTryAgain', 'keptPending', 'unreachable', 'pickWaits'],
  // A 5xx may come after PostHog acted; a lost answer may come after it acted too.
  server: ['retryable', 'offerTryAgain', 'keptPending', 'outcomeUncertain', 'unreachable', 'pickWaits'],
  network: ['retryable', 'offerTryAgain', 'keptPending', 'outcomeUncertain', 'unreachable', 'pickWaits'],
  timeout: ['retryable', 'offerTryAgain', 'keptPending', 'outcomeUncertain', 'unreachable', 'pickWaits'],
  // PostHog answered, perhaps after acting, in a form that cannot be read.
  'invalid-response': ['outcomeUncertain'],
  // from the extension itself
  'not-configured': [],
  /** A value refused before any request was sent; `detail` is the sentence saying what to enter. */
  'invalid-input': [],
  // A PostHog tab (or signing in there) is all it takes: "not now" rather than "no".
  'no-session-tab': ['offerTryAgain', 'keptPending', 'pickWaits'],
  /** PostHog answered the session request as signed out. */
  'signed-out': ['offerTryAgain', 'keptPending', 'waitsForSignIn', 'pickWaits'],
  /**
   * A change kept for later met a PostHog tab signed in as another user: not made, and it waits for
   * a sign-in as the user it was kept for (session-bridge.ts, `asUser`).
   */
  'other-user': ['keptPending', 'waitsForSignIn'],
  /**
   * A change asked in a private window found no private PostHog tab: it never goes through a normal
   * window's session, and private browsing keeps nothing for later.
   */
  'private-window': ['offerTryAgain'],
  /**
   * PostHog's CSRF check refused the session request (its token missing or out of date) even after
   * the tab read the token again: signed in, so not `signed-out`; refused before PostHog acted.
   */
  'csrf-refused': ['offerTryAgain'],
  // signing in with PostHog (OAuth)
  /**
   * PostHog refused the sign-in's refresh for good (`invalid_grant`: revoked, or gone unused): like a
   * signed-out session, what the user asked waits until they sign in again.
   */
  'sign-in-again': ['keptPending', 'waitsForSignIn', 'pickWaits'],
  /** This PostHog has no "Sign in with PostHog" (no OAuth metadata, or no way to register). */
  'oauth-unavailable': [],
  /** The sign-in window was closed, or the user said no on PostHog's consent page. */
  'sign-in-cancelled': [],
  /** The answer to a sign-in carried another `state` than the one sent: ignored. */
  'sign-in-state-mismatch': [],
  /** The code of a sign-in was already used, or expired (300 s) before it was exchanged. */
  'sign-in-code-expired': [],
  /** PostHog throttles registrations per address (60 a minute): a later sign-in gets through. */
  'registration-throttled': [],
  /** This browser has no sign-in window for extensions (`identity.launchWebAuthFlow`; Firefox for Android). */
  'sign-in-unsupported': [],
  /** A token PostHog just gave was refused as expired: this computer's clock is off. */
  'clock-skew': [],
  /** So many changes already wait that a new one is not kept (pending-store.ts, MAX_PENDING). */
  'pending-full': [],
  'bad-message': [],
  'permission-denied': [],
  /**
   * A write may or may not have been applied, and reading it back failed too: kept, and read back
   * again before the next try.
   */
  'outcome-unknown': ['keptPending', 'pickWaits'],
  /** The user stopped waiting and reading back showed nothing was changed. */
  cancelled: [],
  // Nothing is known of it, so neither is whether the write was made.
  unknown: ['offerTryAgain', 'outcomeUncertain'],
} as const satisfies Record<string, readonly ErrorTrait[]>;

export type ErrorKind = keyof typeof ERROR_POLICY;
/** Every kind, in the table's order (the kinds are the table's rows, written once). */
export const ERROR_KINDS = Object.keys(ERROR_POLICY) as [ErrorKind, ...ErrorKind[]];

/** Whether `trait` applies to failures of `kind`. */
export const hasTrait = (kind: ErrorKind, trait: ErrorTrait): boolean =>
  (ERROR_POLICY[kind] as readonly ErrorTrait[]).includes(trait);

/** `AppError.retryable`: the same request may succeed later. */
export const isRetryable = (kind: ErrorKind): boolean => hasTrait(kind, 'retryable');

/** The popup's collection row offers "Try again" after a failure of this kind. */
export const offersTryAgain = (kind: ErrorKind): boolean => hasTrait(kind, 'offerTryAgain');

/** A quick add or removal that fails so is kept as a pending change. */
export const keepsAsPending = (kind: ErrorKind): boolean => hasTrait(kind, 'keptPending');

/** A write that fails so may have been applied all the same. */
export const leavesOutcomeUncertain = (kind: ErrorKind): boolean => hasTrait(kind, 'outcomeUncertain');

/** The failure says PostHog (or the way to it) was down or busy, not that the user is signed out. */
export const meansPostHogUnreachable = (kind: ErrorKind): boolean => hasTrait(kind, 'unreachable');

/** Trying again changes nothing until the user signs in (a PostHog page loading). */
export const waitsForSignIn = (kind: ErrorKind): boolean => hasTrait(kind, 'waitsForSignIn');

/** A pick in the popup that fails so waits as pending (recordings-handlers.ts). */
export const pickWaits = (kind: ErrorKind): boolean => hasTrait(kind, 'pickWaits');
