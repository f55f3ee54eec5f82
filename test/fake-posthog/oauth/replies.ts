import type { Reply } from '../http';

/** oauthlib's token and revocation answers carry these (`oauthlib/oauth2/rfc6749/endpoints`). */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * An RFC 6749 error as oauthlib writes it (`OAuth2Error.json`): `error`, and `error_description` only
 * when there is one. Not the drf-exceptions-hog envelope of the API.
 */
export function oauthError(status: number, error: string, description?: string): Reply {
  return {
    status,
    json: description ? { error, error_description: description } : { error },
    headers: { ...NO_STORE },
  };
}

export const oauthJson = (status: number, json: unknown): Reply => ({
  status,
  json,
  headers: { ...NO_STORE },
});

/** DRF `Response(...)` from an OAuth view: JSON, no oauthlib headers. */
export const drfJson = (status: number, json: unknown): Reply => ({ status, json });

export type Params = Record<string, string>;

/** What Django reads as `request.POST`: a urlencoded body; any other type leaves it empty. */
export function formParams(raw: string, contentType: string): Params {
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) return {};
  return Object.fromEntries(new URLSearchParams(raw));
}

/** Python's `str()` of a JSON scalar. */
const pythonString = (value: unknown): string =>
  typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);

/**
 * `OAuthTokenView.post`: a JSON body is accepted too, its scalars become form parameters, `null`s are
 * skipped, and an object or array value is refused.
 */
export function tokenParams(raw: string, contentType: string): Params | Reply {
  if (!contentType.toLowerCase().startsWith('application/json') || raw === '')
    return formParams(raw, contentType);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return oauthError(400, 'invalid_request', 'Invalid JSON payload');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return oauthError(400, 'invalid_request', 'JSON payload must be an object');
  }
  const params: Params = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null) continue;
    if (typeof value === 'object')
      return oauthError(400, 'invalid_request', `Parameter '${key}' must be a string`);
    params[key] = pythonString(value);
  }
  return params;
}

export const isReply = (value: Params | Reply): value is Reply =>
  typeof (value as Reply).status === 'number' && ('json' in value || 'text' in value);
