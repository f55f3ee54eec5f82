import type { Reply } from './http';

/** PostHog's flat error envelope (drf-exceptions-hog): one object, first error only. */
export interface ErrorBody {
  type: string;
  code: string;
  detail: string;
  attr: string | null;
}

export function errorReply(status: number, body: ErrorBody, headers?: Record<string, string>): Reply {
  return { status, json: body, headers };
}

/** Thrown from anywhere in a handler; the server answers with its reply. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}

const auth = (code: string, detail: string): ErrorBody => ({
  type: 'authentication_error',
  code,
  detail,
  attr: null,
});

export const notAuthenticated = (): Reply =>
  errorReply(401, auth('not_authenticated', 'Authentication credentials were not provided.'));

export const authenticationFailed = (source: 'Authorization header' | 'query string'): Reply =>
  errorReply(401, auth('authentication_failed', `Personal API key found in request ${source} is invalid.`));

/** `OAuthAccessTokenAuthentication`'s refusals (`posthog/auth.py`). */
export const accessTokenRefused = (detail: string): Reply =>
  errorReply(401, auth('authentication_failed', detail));

export const permissionDenied = (detail: string): Reply => errorReply(403, auth('permission_denied', detail));

export const notFound = (detail = 'Not found.'): Reply =>
  errorReply(404, { type: 'invalid_request', code: 'not_found', detail, attr: null });

export const methodNotAllowed = (method: string): Reply =>
  errorReply(405, {
    type: 'invalid_request',
    code: 'method_not_allowed',
    detail: `Method "${method}" not allowed.`,
    attr: null,
  });

export const parseError = (message: string): Reply =>
  errorReply(400, {
    type: 'invalid_request',
    code: 'parse_error',
    detail: `JSON parse error - ${message}`,
    attr: null,
  });

export const validationError = (detail: string, attr: string | null = null, code = 'invalid_input'): Reply =>
  errorReply(400, { type: 'validation_error', code, detail, attr });

export const serverError = (): Reply =>
  errorReply(500, { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null });

export function throttled(seconds: number, withRetryAfter: boolean): Reply {
  const unit = seconds === 1 ? 'second' : 'seconds';
  return errorReply(
    429,
    {
      type: 'throttled_error',
      code: 'throttled',
      detail: `Request was throttled. Expected available in ${seconds} ${unit}.`,
      attr: null,
    },
    withRetryAfter ? { 'retry-after': String(seconds) } : undefined,
  );
}

export const fail = (reply: Reply): never => {
  throw new ApiFailure(reply);
};
