import type { Reply } from '../http';
import { newClientId, type OAuthClient, type OAuthStore } from './model';
import { redirectUriProblem } from './redirect-uri';
import { drfJson } from './replies';
import { filterToUnprivileged } from './scopes';

/** DRF's `ErrorDetail` repr inside `str(serializer.errors)`, the description PostHog sends back. */
const pythonErrors = (field: string, message: string, code: string): string =>
  `{'${field}': [ErrorDetail(string=${JSON.stringify(message)}, code='${code}')]}`;

const invalidMetadata = (field: string, message: string, code = 'invalid'): Reply =>
  drfJson(400, { error: 'invalid_client_metadata', error_description: pythonErrors(field, message, code) });

/** `client_name.validate_client_name`: no name that passes for PostHog's own. */
function clientNameProblem(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.startsWith('posthog')) return "Client name cannot start with 'posthog'";
  for (const word of ['official', 'verified', 'trusted']) {
    if (lower.includes(word)) return `Client name cannot contain '${word}'`;
  }
  return null;
}

/** `client_name.sanitize_client_name`: `html.escape` (quotes too), then cut to the column's 255. */
const sanitizeClientName = (name: string): string =>
  name
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
    .slice(0, 255);

/** Python's name for a JSON value's type, as DRF's "not a list" message gives it. */
const pythonType = (value: unknown): string =>
  typeof value === 'string'
    ? 'str'
    : typeof value === 'boolean'
      ? 'bool'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'int'
          : 'float'
        : 'dict';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** `DCRRequestSerializer`: the fields, in its order, each refused as its field validator does. */
function validate(body: Record<string, unknown>): Reply | null {
  const uris = body.redirect_uris;
  if (uris === undefined) return invalidMetadata('redirect_uris', 'This field is required.', 'required');
  if (!isStringList(uris))
    return invalidMetadata(
      'redirect_uris',
      `Expected a list of items but got type "${pythonType(uris)}".`,
      'not_a_list',
    );
  if (uris.length === 0)
    return invalidMetadata('redirect_uris', 'Ensure this field has at least 1 elements.', 'min_length');
  if (uris.some((uri) => !/^\S+$/.test(uri)))
    return invalidMetadata('redirect_uris', 'Redirect URI cannot contain whitespace');
  const name = body.client_name;
  if (name !== undefined) {
    if (typeof name !== 'string') return invalidMetadata('client_name', 'Not a valid string.');
    if (name.length > 255)
      return invalidMetadata(
        'client_name',
        'Ensure this field has no more than 255 characters.',
        'max_length',
      );
    const problem = clientNameProblem(name);
    if (problem) return invalidMetadata('client_name', problem);
  }
  for (const [field, allowed] of [
    ['grant_types', ['authorization_code', 'refresh_token']],
    ['response_types', ['code']],
  ] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const bad = isStringList(value)
      ? value.find((item) => !(allowed as readonly string[]).includes(item))
      : value;
    if (bad !== undefined)
      return invalidMetadata(field, `"${String(bad)}" is not a valid choice.`, 'invalid_choice');
  }
  const method = body.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    // `client_secret_post` registers a confidential client, which the stand-in does not model.
    return invalidMetadata(
      'token_endpoint_auth_method',
      `"${String(method)}" is not a valid choice.`,
      'invalid_choice',
    );
  }
  const scope = body.scope;
  if (
    typeof scope === 'string' &&
    scope.trim() !== '' &&
    filterToUnprivileged(scope.split(/\s+/)).length === 0
  ) {
    return invalidMetadata(
      'scope',
      'None of the requested scopes can be granted to a self-registered client.',
    );
  }
  return null;
}

/**
 * `POST /oauth/register/` (`posthog/api/oauth/dcr.py` → `DynamicClientRegistrationView`): an
 * unauthenticated RFC 7591 registration of a public client; 201 with the client's metadata.
 */
export function register(store: OAuthStore, body: unknown): Reply {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalidMetadata('redirect_uris', 'This field is required.', 'required');
  }
  const fields = body as Record<string, unknown>;
  const refusal = validate(fields);
  if (refusal) return refusal;
  const uris = fields.redirect_uris as string[];
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem === 'fragment')
      return drfJson(500, { error: 'server_error', error_description: 'Failed to create client' });
    if (problem) return drfJson(400, { error: 'invalid_redirect_uri', error_description: problem });
  }
  const name = typeof fields.client_name === 'string' ? sanitizeClientName(fields.client_name) : undefined;
  const scopes = typeof fields.scope === 'string' ? filterToUnprivileged(fields.scope.split(/\s+/)) : [];
  const client: OAuthClient = {
    clientId: newClientId(),
    name: name ?? 'MCP Client',
    redirectUris: [...uris],
    scopes,
    issuedAt: Math.floor(Date.now() / 1000),
  };
  store.clients.set(client.clientId, client);
  return drfJson(201, {
    client_id: client.clientId,
    redirect_uris: uris,
    grant_types: fields.grant_types ?? ['authorization_code'],
    response_types: fields.response_types ?? ['code'],
    token_endpoint_auth_method: 'none',
    client_id_issued_at: client.issuedAt,
    ...(name ? { client_name: name } : {}),
    ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
  });
}
