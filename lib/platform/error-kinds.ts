/**
 * Every kind of failure Hogmark names, on its own so that the error class (errors.ts) and the
 * serialised form (serialized-error.ts) both import it instead of each other.
 */
export const ERROR_KINDS = [
  // from the API
  'unauthorized',
  'missing-scope',
  'key-not-allowed',
  'project-forbidden',
  'forbidden',
  'not-found',
  'method-not-allowed',
  'validation',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'invalid-response',
  // from the extension itself
  'not-configured',
  /** A value refused before any request was sent; `detail` is the sentence saying what to enter. */
  'invalid-input',
  'no-session-tab',
  /** PostHog answered the session request as signed out (or the tab had no session to send). */
  'signed-out',
  'bad-message',
  'permission-denied',
  /** A write may or may not have been applied, and reading it back failed too. */
  'outcome-unknown',
  /** The user stopped waiting and reading back showed nothing was changed. */
  'cancelled',
  'unknown',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];
