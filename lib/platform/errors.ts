import type { ErrorKind } from './error-policy';
import { isRetryable, leavesOutcomeUncertain } from './error-policy';
import { t, tCount } from './i18n';
import type { SerializedError } from './serialized-error';

export { ERROR_KINDS, type ErrorKind } from './error-policy';
export type { SerializedError } from './serialized-error';

export interface AppErrorInit {
  status?: number;
  scope?: string;
  field?: string;
  /** The server's own words, kept for the UI's "details" and for logs. Never contains the key. */
  detail?: string;
  retryAfterSeconds?: number;
  /** `other-user`: who the PostHog tab is signed in as (their email, as PostHog tells that tab). */
  signedInAs?: string;
  cause?: unknown;
}

/**
 * One error family for the whole extension. API failures, extension-level refusals and
 * "nothing we can do here" situations all become an AppError with a kind, so every layer
 * (client, background, message boundary, UI) speaks the same language.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorKind;
  /** The same request may succeed later (error-policy.ts); pages offer "Try again" on it. */
  readonly retryable: boolean;
  readonly status?: number;
  readonly scope?: string;
  readonly field?: string;
  readonly detail?: string;
  readonly retryAfterSeconds?: number;
  readonly signedInAs?: string;

  constructor(kind: ErrorKind, init: AppErrorInit = {}) {
    super(
      init.detail ? `${kind}: ${init.detail}` : kind,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.kind = kind;
    this.retryable = isRetryable(kind);
    this.status = init.status;
    this.scope = init.scope;
    this.field = init.field;
    this.detail = init.detail;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.signedInAs = init.signedInAs;
  }

  /** One sentence saying what happened and what to do. */
  userMessage(): string {
    return userMessageFor(this);
  }

  toJSON(): SerializedError {
    return {
      kind: this.kind,
      message: this.userMessage(),
      retryable: this.retryable,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.scope === undefined ? {} : { scope: this.scope }),
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds }),
      ...(this.signedInAs === undefined ? {} : { signedInAs: this.signedInAs }),
    };
  }

  static fromJSON(data: SerializedError): AppError {
    return new AppError(data.kind, data);
  }
}

/**
 * Whether a write that failed so may have been applied all the same: PostHog may have acted before the
 * answer was lost (timeout, dropped connection), failed after acting (5xx), or acted and sent an
 * unreadable answer. Every other failure means PostHog did not apply it (refusals are decided before
 * any change). The kinds are the `outcomeUncertain` column of error-policy.ts.
 */
export function writeMayHaveApplied(error: AppError): boolean {
  return leavesOutcomeUncertain(error.kind);
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Anything thrown becomes an AppError; unknown failures keep no message that could leak data. */
export function toAppError(value: unknown): AppError {
  if (isAppError(value)) return value;
  return new AppError('unknown', { cause: value });
}

/** What a store keeps and shows of anything thrown: the serialised AppError. */
export function serializeError(value: unknown): SerializedError {
  return toAppError(value).toJSON();
}

type Snake<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}_${Snake<Tail>}` : S;
/** The kinds whose sentence is the fixed message `error_<kind>` (the others take substitutions). */
type OwnMessageKind = Exclude<
  ErrorKind,
  'missing-scope' | 'validation' | 'invalid-input' | 'rate-limited' | 'server'
>;

/** message key per kind; substitutions come from the error's fields. */
function userMessageFor(error: AppError): string {
  switch (error.kind) {
    case 'missing-scope':
      return t('errorMissingScope', error.scope ?? '?');
    case 'validation':
      return error.field
        ? t('errorValidationField', error.field, error.detail ?? '')
        : t('errorValidation', error.detail ?? '');
    case 'invalid-input':
      return error.detail || t('error_invalid_input');
    case 'rate-limited':
      return error.retryAfterSeconds === undefined
        ? t('errorRateLimited')
        : tCount('errorRateLimitedSeconds', Math.ceil(error.retryAfterSeconds));
    case 'server':
      return t('errorServer', error.status ?? 500);
    case 'other-user':
      return error.signedInAs ? t('errorOtherUserNamed', error.signedInAs) : t('error_other_user');
    default:
      // The type proves every other kind has its `error_<kind>` message.
      return t(`error_${error.kind.replaceAll('-', '_')}` as `error_${Snake<OwnMessageKind>}`);
  }
}
