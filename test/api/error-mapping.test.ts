import { beforeAll, describe, expect, it } from 'vitest';
import { errorFromResponse, retryAfterSeconds } from '../../lib/api/error-mapping';
import type { ErrorKind } from '../../lib/platform/errors';
import { installEnglishTranslator } from '../support/i18n';
import { KEY } from './support';

beforeAll(installEnglishTranslator);

const hog = (
  detail: string,
  type = 'authentication_error',
  code = 'permission_denied',
  attr: string | null = null,
) => ({
  type,
  code,
  detail,
  attr,
});

interface Row {
  name: string;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  kind: ErrorKind;
  scope?: string;
  field?: string;
  seconds?: number;
  detail?: string;
}

const rows: Row[] = [
  {
    name: 'no credentials',
    status: 401,
    body: hog('Authentication credentials were not provided.', 'authentication_error', 'not_authenticated'),
    kind: 'unauthorized',
  },
  {
    name: 'invalid key',
    status: 401,
    body: hog('Personal API key found in request Authorization header is invalid.'),
    kind: 'unauthorized',
  },
  {
    name: 'missing scope',
    status: 403,
    body: hog("API key missing required scope 'session_recording_playlist:write'"),
    kind: 'missing-scope',
    scope: 'session_recording_playlist:write',
  },
  {
    name: 'action refused to keys (newest wording)',
    status: 403,
    body: hog('This action does not support personal API key access'),
    kind: 'key-not-allowed',
  },
  {
    name: 'action refused to keys (older wording)',
    status: 403,
    body: hog('This action does not support Personal API Key access'),
    kind: 'key-not-allowed',
  },
  {
    name: 'key scoped to another project',
    status: 403,
    body: hog('API key does not have access to the requested project: ID 12345.'),
    kind: 'project-forbidden',
  },
  {
    name: 'key scoped to another organization',
    status: 403,
    body: hog('API key does not have access to the requested organization: ID 0189-abc.'),
    kind: 'project-forbidden',
  },
  {
    name: 'project-scoped key on /api/projects/',
    status: 403,
    body: hog('API keys with scoped projects are only supported on project-based endpoints.'),
    kind: 'project-forbidden',
  },
  {
    name: 'not a member of the project',
    status: 403,
    body: hog("You don't have access to the project."),
    kind: 'project-forbidden',
  },
  {
    name: 'dashboard edit restricted',
    status: 403,
    body: hog("You don't have edit permissions for this dashboard."),
    kind: 'forbidden',
  },
  {
    name: 'CSRF refusal',
    status: 403,
    body: {
      detail:
        'CSRF Failed: Origin checking failed - chrome-extension://abc does not match any trusted origins.',
    },
    kind: 'forbidden',
  },
  {
    name: '{error} body',
    status: 403,
    body: { error: 'Sharing with password requires the Advanced Permissions feature' },
    kind: 'forbidden',
    detail: 'Sharing with password requires the Advanced Permissions feature',
  },
  {
    name: 'not found',
    status: 404,
    body: hog('Not found.', 'invalid_request', 'not_found'),
    kind: 'not-found',
  },
  { name: 'HTML 404 page', status: 404, body: '<!doctype html><h1>Not Found</h1>', kind: 'not-found' },
  { name: 'DELETE refused, empty body', status: 405, body: undefined, kind: 'method-not-allowed' },
  {
    name: 'method not routed',
    status: 405,
    body: hog('Method "PATCH" not allowed.', 'invalid_request', 'method_not_allowed'),
    kind: 'method-not-allowed',
  },
  {
    name: 'field validation',
    status: 400,
    body: hog('This field is required.', 'validation_error', 'required', 'level'),
    kind: 'validation',
    field: 'level',
    detail: 'This field is required.',
  },
  {
    name: 'validation without field',
    status: 400,
    body: hog(
      'Cannot add collaborators to a dashboard on the lowest restriction level.',
      'validation_error',
      'invalid_input',
    ),
    kind: 'validation',
    detail: 'Cannot add collaborators to a dashboard on the lowest restriction level.',
  },
  {
    name: 'plain DRF field errors',
    status: 400,
    body: { name: ['Ensure this field has no more than 400 characters.'] },
    kind: 'validation',
    field: 'name',
    detail: 'Ensure this field has no more than 400 characters.',
  },
  {
    name: 'malformed request JSON',
    status: 400,
    body: hog('JSON parse error - Expecting value', 'invalid_request', 'parse_error'),
    kind: 'validation',
  },
  {
    name: 'throttled with PostHog detail',
    status: 429,
    body: hog('Request was throttled. Expected available in 12 seconds.', 'throttled_error', 'throttled'),
    kind: 'rate-limited',
    seconds: 12,
  },
  {
    name: 'throttled with Retry-After',
    status: 429,
    body: undefined,
    headers: { 'retry-after': '7' },
    kind: 'rate-limited',
    seconds: 7,
  },
  { name: 'throttled, no hint', status: 429, body: undefined, kind: 'rate-limited' },
  {
    name: 'server error',
    status: 500,
    body: hog('A server error occurred.', 'server_error', 'error'),
    kind: 'server',
    detail: 'A server error occurred.',
  },
  { name: 'bad gateway HTML', status: 502, body: '<html>Bad gateway</html>', kind: 'server' },
  { name: 'gateway timeout', status: 504, body: undefined, kind: 'server' },
];

describe('errorFromResponse', () => {
  it.each(rows)('$name → $kind', (row) => {
    const error = errorFromResponse(
      { status: row.status, statusText: '', headers: new Headers(row.headers), body: row.body },
      KEY,
    );
    expect(error.kind).toBe(row.kind);
    expect(error.status).toBe(row.status);
    expect(error.scope).toBe(row.scope);
    expect(error.field).toBe(row.field);
    expect(error.retryAfterSeconds).toBe(row.seconds);
    if (row.detail !== undefined) expect(error.detail).toBe(row.detail);
    expect(error.userMessage()).not.toMatch(/^error/);
  });

  it('names the missing scope in the sentence shown to the user', () => {
    const error = errorFromResponse(
      {
        status: 403,
        statusText: '',
        headers: new Headers(),
        body: hog("API key missing required scope 'dashboard:write'"),
      },
      KEY,
    );
    expect(error.userMessage()).toContain('dashboard:write');
  });

  it('falls back to the status text when the body says nothing', () => {
    const error = errorFromResponse(
      { status: 500, statusText: 'Internal Server Error', headers: new Headers(), body: undefined },
      KEY,
    );
    expect(error.detail).toBe('Internal Server Error');
  });

  it('redacts the key if a server echoes it', () => {
    const error = errorFromResponse(
      {
        status: 400,
        statusText: '',
        headers: new Headers(),
        body: hog(`bad key ${KEY}`, 'validation_error', 'x', KEY),
      },
      KEY,
    );
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(String(error)).not.toContain(KEY);
    expect(error.detail).toContain('[redacted]');
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    ['a number of seconds', { 'retry-after': '30' }, undefined, 30],
    [
      'an HTTP date',
      { 'retry-after': new Date(Date.UTC(2025, 0, 1, 0, 0, 20)).toUTCString() },
      undefined,
      20,
    ],
    ['PostHog detail', {}, 'Request was throttled. Expected available in 1 second.', 1],
    ['header before detail', { 'retry-after': '3' }, 'Expected available in 40 seconds.', 3],
    ['nothing', {}, 'Request was throttled.', undefined],
  ])('reads %s', (_name, headers, detail, expected) => {
    expect(retryAfterSeconds(new Headers(headers), detail, Date.UTC(2025, 0, 1))).toBe(expected);
  });
});
