import type { ErrorKind } from './error-kinds';

/**
 * What Hogmark does after each kind of failure, in one table: every rule that picks a set of kinds
 * reads its trait here. Each row spells out every trait, so a new kind or a new trait does not
 * compile until each cell is decided; test/platform/error-policy.test.ts pins the table.
 */
export interface ErrorPolicy {
  /** Passing trouble, the same request may succeed later: `AppError.retryable` (pages offer "Try again"). */
  readonly retryable: boolean;
  /** The popup's collection row offers "Try again" (outcome-unknown, cancelled, not-found have their own). */
  readonly offerTryAgain: boolean;
  /** "Not now" rather than "no": a quick add or removal that fails so is kept pending and made later. */
  readonly keptPending: boolean;
  /** A write that failed so may have been applied: it is read back before being reported or sent again. */
  readonly outcomeUncertain: boolean;
  /** PostHog (or the way to it) was down or busy: a pending change's next try reads PostHog first. */
  readonly unreachable: boolean;
  /** Only signing in helps: the pending schedule does not try again on its own (a PostHog page load does). */
  readonly waitsForSignIn: boolean;
}

/** One row per kind of `ERROR_KINDS` (error-kinds.ts). */
export const ERROR_POLICY = {
  // from the API
  unauthorized: {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'missing-scope': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'key-not-allowed': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'project-forbidden': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  forbidden: {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'not-found': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'method-not-allowed': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  validation: {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  // PostHog refuses a throttled request before acting on it: nothing to read back.
  'rate-limited': {
    retryable: true,
    offerTryAgain: true,
    keptPending: true,
    outcomeUncertain: false,
    unreachable: true,
    waitsForSignIn: false,
  },
  // A 5xx may come after PostHog acted.
  server: {
    retryable: true,
    offerTryAgain: true,
    keptPending: true,
    outcomeUncertain: true,
    unreachable: true,
    waitsForSignIn: false,
  },
  // The answer was lost: PostHog may have acted before the connection dropped or the wait ran out.
  network: {
    retryable: true,
    offerTryAgain: true,
    keptPending: true,
    outcomeUncertain: true,
    unreachable: true,
    waitsForSignIn: false,
  },
  timeout: {
    retryable: true,
    offerTryAgain: true,
    keptPending: true,
    outcomeUncertain: true,
    unreachable: true,
    waitsForSignIn: false,
  },
  // PostHog answered, perhaps after acting, in a form that cannot be read.
  'invalid-response': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: true,
    unreachable: false,
    waitsForSignIn: false,
  },
  // from the extension itself
  'not-configured': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'invalid-input': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  // A PostHog tab (or signing in there) is all it takes: "not now" rather than "no".
  'no-session-tab': {
    retryable: false,
    offerTryAgain: true,
    keptPending: true,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'signed-out': {
    retryable: false,
    offerTryAgain: true,
    keptPending: true,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: true,
  },
  'bad-message': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  'permission-denied': {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  // Read back once already (that failed too): kept, and read back again before the next try.
  'outcome-unknown': {
    retryable: false,
    offerTryAgain: false,
    keptPending: true,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  cancelled: {
    retryable: false,
    offerTryAgain: false,
    keptPending: false,
    outcomeUncertain: false,
    unreachable: false,
    waitsForSignIn: false,
  },
  // Nothing is known of it, so neither is whether the write was made.
  unknown: {
    retryable: false,
    offerTryAgain: true,
    keptPending: false,
    outcomeUncertain: true,
    unreachable: false,
    waitsForSignIn: false,
  },
} as const satisfies Record<ErrorKind, ErrorPolicy>;

/** `AppError.retryable`: the same request may succeed later. */
export const isRetryable = (kind: ErrorKind): boolean => ERROR_POLICY[kind].retryable;

/** The popup's collection row offers "Try again" after a failure of this kind. */
export const offersTryAgain = (kind: ErrorKind): boolean => ERROR_POLICY[kind].offerTryAgain;

/** A quick add or removal that fails so is kept as a pending change. */
export const keepsAsPending = (kind: ErrorKind): boolean => ERROR_POLICY[kind].keptPending;

/** A write that fails so may have been applied all the same. */
export const leavesOutcomeUncertain = (kind: ErrorKind): boolean => ERROR_POLICY[kind].outcomeUncertain;

/** The failure says PostHog (or the way to it) was down or busy, not that the user is signed out. */
export const meansPostHogUnreachable = (kind: ErrorKind): boolean => ERROR_POLICY[kind].unreachable;

/** Trying again changes nothing until the user signs in (a PostHog page loading). */
export const waitsForSignIn = (kind: ErrorKind): boolean => ERROR_POLICY[kind].waitsForSignIn;
