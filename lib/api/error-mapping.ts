import { isHTTPError, isTimeoutError } from 'ky';
import { AppError, type ErrorKind, isAppError } from '../platform/errors';
import { ApiErrorBodySchema } from './schema/error-body';

/**
 * Turns an HTTP error answer into one AppError. PostHog's 403s share one envelope type, so the
 * kind comes from the detail text (reference §2); wording is compared case-insensitively because it
 * changed between versions.
 */

const MAX_DETAIL = 300;

const MISSING_SCOPE = /API key missing required scope '([^']+)'/i;
const KEY_NOT_ALLOWED = /does not support personal api key access/i;
const PROJECT_FORBIDDEN = [
  /API key does not have access to the requested (project|organization)/i,
  /scoped projects are only supported on project-based endpoints/i,
  /You don't have access to the project/i,
];
const EXPECTED_AVAILABLE = /Expected available in (\d+(?:\.\d+)?) seconds?/i;

export interface HttpFailure {
  status: number;
  statusText: string;
  headers: Headers;
  /** The parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** Removes the key (and anything shaped like a key or token) from text that leaves the client. */
export function redact(text: string, apiKey: string): string {
  let clean = apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
  // Personal keys, and the OAuth access and refresh tokens of a sign-in.
  clean = clean.replace(/\b(ph[xar])_[A-Za-z0-9]{6,}/g, '$1_[redacted]');
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL)}…` : clean;
}

function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return asText(value[0]);
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** `detail ?? error ?? statusText`, plus DRF's plain `{field: ["message"]}` shape. */
export function readErrorBody(body: unknown, statusText: string): { detail?: string; field?: string } {
  const parsed = ApiErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const detail = asText(parsed.data.detail) ?? asText(parsed.data.error);
    if (detail !== undefined) return { detail, field: parsed.data.attr ?? undefined };
    // Plain DRF validation: `{"name": ["This field is required."]}`.
    const entries = Object.entries(parsed.data);
    const [first] = entries;
    const envelope = ['type', 'code', 'attr'].some((key) => key in parsed.data);
    if (first && !envelope) {
      const field = first[0] === 'non_field_errors' ? undefined : first[0];
      return { field, detail: asText(first[1]) ?? (statusText || undefined) };
    }
  }
  if (typeof body === 'string' && body.trim() !== '' && !/^\s*</.test(body)) {
    return { detail: body.trim() };
  }
  return { detail: statusText || undefined };
}

/**
 * Seconds from `Retry-After` (seconds or HTTP date), else from PostHog's throttling detail. By hand:
 * ky reads only the header, and PostHog states its wait in the body ("Expected available in N seconds").
 */
export function retryAfterSeconds(
  headers: Headers,
  detail: string | undefined,
  now = Date.now(),
): number | undefined {
  const header = headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) return Number(header);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const match = detail ? EXPECTED_AVAILABLE.exec(detail) : null;
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

function kindFor403(detail: string): { kind: ErrorKind; scope?: string } {
  const scope = MISSING_SCOPE.exec(detail)?.[1];
  if (scope) return { kind: 'missing-scope', scope };
  if (KEY_NOT_ALLOWED.test(detail)) return { kind: 'key-not-allowed' };
  if (PROJECT_FORBIDDEN.some((pattern) => pattern.test(detail))) return { kind: 'project-forbidden' };
  return { kind: 'forbidden' };
}

function kindForStatus(status: number): ErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 405) return 'method-not-allowed';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  if (status >= 400) return 'validation';
  // 1xx/3xx that reached us as a final answer: nothing we can read.
  return 'invalid-response';
}

export function errorFromResponse(failure: HttpFailure, apiKey: string): AppError {
  const { status } = failure;
  const raw = readErrorBody(failure.body, failure.statusText);
  const detail = raw.detail === undefined ? undefined : redact(raw.detail, apiKey);
  const field = raw.field === undefined ? undefined : redact(raw.field, apiKey);
  let kind = kindForStatus(status);
  let scope: string | undefined;
  if (status === 403) ({ kind, scope } = kindFor403(raw.detail ?? ''));
  return new AppError(kind, {
    status,
    detail,
    ...(scope === undefined ? {} : { scope: redact(scope, apiKey) }),
    ...(kind === 'validation' && field ? { field } : {}),
    ...(kind === 'rate-limited' ? { retryAfterSeconds: retryAfterSeconds(failure.headers, raw.detail) } : {}),
    // A 503 may carry Retry-After (PostHog sets it when its database is unavailable).
    ...(kind === 'server' ? { retryAfterSeconds: retryAfterSeconds(failure.headers, undefined) } : {}),
  });
}

/** The one place a failure of a ky request becomes an AppError (ours pass through unchanged). */
export function appErrorFrom(error: unknown, apiKey: string): AppError {
  if (isAppError(error)) return error;
  if (isHTTPError(error)) {
    const { status, statusText, headers } = error.response;
    return errorFromResponse({ status, statusText, headers, body: errorBody(error.data) }, apiKey);
  }
  if (isTimeoutError(error)) return transportError('timeout', error, apiKey);
  // No answer: ky's NetworkError, a fetch failure ky does not recognise, a Cancel, a body cut short.
  return transportError('network', error, apiKey);
}

/** ky hands an error body over as text when it is not labelled JSON; PostHog's proxies label loosely. */
function errorBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data.trim() === '') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** A failure without an HTTP answer. The original error is not kept: it holds the request and its headers. */
export function transportError(kind: 'network' | 'timeout', error: unknown, apiKey: string): AppError {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const cause = new Error(redact(message, apiKey));
  return new AppError(kind, { cause });
}

export function invalidResponse(detail: string, status: number, apiKey: string): AppError {
  return new AppError('invalid-response', { status, detail: redact(detail, apiKey) });
}
