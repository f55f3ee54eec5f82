import type { IncomingMessage } from 'node:http';
import { accessTokenRefused, authenticationFailed, permissionDenied } from './errors';
import type { Reply } from './http';
import { hasScope } from './keys';
import type { Access, Caller, Scoping } from './router';
import { randomBase62, type State } from './state';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'posthog_csrftoken';

export type Authentication =
  | { kind: 'caller'; caller: Caller }
  | { kind: 'none' }
  | { kind: 'failed'; reply: Reply };

/**
 * `OAuthAccessTokenAuthentication` (`posthog/auth.py`), which runs before the personal API key's and
 * claims every `pha_` bearer: an unknown or revoked one is "Invalid access token.", an expired one
 * "Access token has expired." (both 401 `authentication_failed`).
 */
function authenticateOAuth(value: string, state: State): Authentication {
  const token = state.oauth.accessTokens.get(value);
  if (!token) return { kind: 'failed', reply: accessTokenRefused('Invalid access token.') };
  if (token.expiresAt <= Date.now())
    return { kind: 'failed', reply: accessTokenRefused('Access token has expired.') };
  const user = state.users.find((candidate) => candidate.id === token.userId);
  if (!user)
    return { kind: 'failed', reply: accessTokenRefused('User associated with access token not found.') };
  return { kind: 'caller', caller: { kind: 'oauth', token, user } };
}

/** A token or key wins over cookies: PostHog checks them first and then ignores the session. */
export function authenticate(
  req: IncomingMessage,
  query: URLSearchParams,
  cookies: Record<string, string>,
  state: State,
): Authentication {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const fromQuery = query.get('personal_api_key');
  if (bearer?.startsWith('pha_')) return authenticateOAuth(bearer, state);
  const value = bearer ?? fromQuery ?? undefined;
  if (value !== undefined) {
    const key = state.keys.find((candidate) => candidate.value === value);
    const user = key && state.users.find((candidate) => candidate.id === key.userId);
    if (!key || !user) {
      return {
        kind: 'failed',
        reply: authenticationFailed(bearer ? 'Authorization header' : 'query string'),
      };
    }
    return { kind: 'caller', caller: { kind: 'key', key, user } };
  }
  const session = state.sessions.get(cookies[SESSION_COOKIE] ?? '');
  const user = session && state.users.find((candidate) => candidate.id === session.userId);
  if (user) return { kind: 'caller', caller: { kind: 'session', user } };
  return { kind: 'none' };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** The scheme the request came in on: `https` when the server was started with `tls`. */
export function schemeOf(req: IncomingMessage): 'http' | 'https' {
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/** `django/middleware/csrf.py` → `_check_token_format`: 32 (a secret) or 64 (a masked token) alphanumerics. */
function tokenFormatProblem(token: string): string | null {
  if (token.length !== 32 && token.length !== 64) return 'has incorrect length';
  return /^[A-Za-z0-9]+$/.test(token) ? null : 'has invalid characters';
}

/**
 * Django's CSRF check for session writes (`CsrfViewMiddleware.process_view` → `_check_token`, which
 * DRF's `SessionAuthentication.enforce_csrf` runs for PostHog's API): Origin first, then the cookie,
 * then the `X-CSRFToken` header's format and match. A malformed cookie also gets a fresh one with
 * the refusal (`process_request` → `_add_new_csrf_cookie`, set by `process_response`), which is how a
 * page's token is renewed. The stand-in issues 32-character secrets and compares them as they are
 * (no masked 64-character tokens).
 */
export function csrfFailure(req: IncomingMessage, cookies: Record<string, string>): Reply | null {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null;
  const origin = req.headers.origin;
  const ownOrigin = `${schemeOf(req)}://${req.headers.host ?? ''}`;
  const cookie = cookies[CSRF_COOKIE];
  const token = req.headers['x-csrftoken'];
  const fromHeader = (problem: string) => `CSRF token from the 'X-Csrftoken' HTTP header ${problem}.`;
  const cookieProblem = cookie === undefined ? null : tokenFormatProblem(cookie);
  let reason: string | null = null;
  if (origin !== undefined && origin !== ownOrigin) {
    reason = `Origin checking failed - ${origin} does not match any trusted origins.`;
  } else if (cookieProblem) {
    reason = `CSRF cookie ${cookieProblem}.`;
  } else if (!cookie) {
    reason = 'CSRF cookie not set.';
  } else if (typeof token !== 'string') {
    reason = 'CSRF token missing.';
  } else {
    const problem = tokenFormatProblem(token);
    if (problem) reason = fromHeader(problem);
    else if (token !== cookie) reason = fromHeader('incorrect');
  }
  if (!reason) return null;
  const refusal = permissionDenied(`CSRF Failed: ${reason}`);
  if (!cookieProblem) return refusal;
  return { ...refusal, headers: { ...refusal.headers, 'set-cookie': csrfCookie(randomBase62(32)) } };
}

/** `posthog_csrftoken` as Django sets it: readable by the page (`CSRF_COOKIE_HTTPONLY` false). */
export const csrfCookie = (token: string) => `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax`;

/**
 * `APIScopePermission` (`posthog/permissions.py`) for personal API keys and OAuth access tokens, in
 * PostHog's order: an OAuth token without scopes is refused, then an unmapped action, then the
 * project and organisation scoping (`check_team_and_org_permissions`), then the scope itself.
 */
export function keyAccessFailure(
  caller: Caller,
  access: Access,
  scoping: Scoping,
  projectId: number | null,
  organizationId: string,
) {
  if (caller.kind === 'session') return null;
  const scopes = caller.kind === 'key' ? caller.key.scopes : caller.token.scopes;
  if (caller.kind === 'oauth' && scopes.length === 0) {
    return permissionDenied('OAuth token has no scopes and cannot access this resource');
  }
  if (access.kind === 'unsupported')
    return permissionDenied('This action does not support personal API key access');
  const scopedTeams = caller.kind === 'key' ? caller.key.scopedTeams : caller.token.scopedTeams;
  const scopedOrganizations = caller.kind === 'oauth' ? caller.token.scopedOrganizations : [];
  if (scopedTeams.length > 0) {
    if (scoping === 'root') {
      return permissionDenied('API keys with scoped projects are only supported on project-based endpoints.');
    }
    if (scoping === 'project' && projectId !== null && !scopedTeams.includes(projectId)) {
      return permissionDenied(`API key does not have access to the requested project: ID ${projectId}.`);
    }
  }
  // Every project (and the project list) is the one organisation's; `users/@me` is exempt.
  if (
    scopedOrganizations.length > 0 &&
    scoping !== 'exempt' &&
    !scopedOrganizations.includes(organizationId)
  ) {
    return permissionDenied(
      `API key does not have access to the requested organization: ID ${organizationId}.`,
    );
  }
  if (access.kind === 'scope' && !hasScope(scopes, access.scope)) {
    return permissionDenied(`API key missing required scope '${access.scope}'`);
  }
  return null;
}
