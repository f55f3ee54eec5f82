import type { IncomingMessage } from 'node:http';
import { authenticationFailed, permissionDenied } from './errors';
import type { Reply } from './http';
import { hasScope } from './keys';
import type { Access, Caller, Scoping } from './router';
import type { State } from './state';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'posthog_csrftoken';

export type Authentication =
  | { kind: 'caller'; caller: Caller }
  | { kind: 'none' }
  | { kind: 'failed'; reply: Reply };

/** The key wins over cookies: PostHog checks the personal API key first and then ignores the session. */
export function authenticate(
  req: IncomingMessage,
  query: URLSearchParams,
  cookies: Record<string, string>,
  state: State,
): Authentication {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const fromQuery = query.get('personal_api_key');
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

/** Django's CsrfViewMiddleware for session requests: Origin first, then the token pair. */
export function csrfFailure(req: IncomingMessage, cookies: Record<string, string>): Reply | null {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null;
  const origin = req.headers.origin;
  const ownOrigin = `${schemeOf(req)}://${req.headers.host ?? ''}`;
  let reason: string | null = null;
  const token = req.headers['x-csrftoken'];
  if (origin !== undefined && origin !== ownOrigin) {
    reason = `Origin checking failed - ${origin} does not match any trusted origins.`;
  } else if (!cookies[CSRF_COOKIE]) {
    reason = 'CSRF cookie not set.';
  } else if (!token) {
    reason = 'CSRF token missing.';
  } else if (token !== cookies[CSRF_COOKIE]) {
    reason = 'CSRF token incorrect.';
  }
  return reason ? permissionDenied(`CSRF Failed: ${reason}`) : null;
}

/**
 * APIScopePermission for personal API keys, in PostHog's order: an unmapped action is refused, then
 * the key's project scoping, then the scope itself.
 */
export function keyAccessFailure(caller: Caller, access: Access, scoping: Scoping, projectId: number | null) {
  if (caller.kind !== 'key') return null;
  if (access.kind === 'unsupported')
    return permissionDenied('This action does not support personal API key access');
  const scopedTeams = caller.key.scopedTeams;
  if (scopedTeams.length > 0) {
    if (scoping === 'root') {
      return permissionDenied('API keys with scoped projects are only supported on project-based endpoints.');
    }
    if (scoping === 'project' && projectId !== null && !scopedTeams.includes(projectId)) {
      return permissionDenied(`API key does not have access to the requested project: ID ${projectId}.`);
    }
  }
  if (access.kind === 'scope' && !hasScope(caller.key.scopes, access.scope)) {
    return permissionDenied(`API key missing required scope '${access.scope}'`);
  }
  return null;
}
