import type { Reply } from '../http';
import type { OAuthAccessToken, OAuthStore } from './model';
import { oauthError, type Params } from './replies';

/**
 * `revoke_oauth_session` (`posthog/models/oauth.py`), also what disconnecting the app in PostHog's
 * settings does (`connected_apps.py`): every grant, refresh token and access token of that user and
 * application goes.
 */
export function revokeSession(store: OAuthStore, userId: number, clientId: string): void {
  const mine = (item: { userId: number; clientId: string }) =>
    item.userId === userId && item.clientId === clientId;
  for (const [code, grant] of store.grants) if (mine(grant)) store.grants.delete(code);
  for (const [value, refresh] of store.refreshTokens) if (mine(refresh)) store.refreshTokens.delete(value);
  for (const [value, access] of store.accessTokens) if (mine(access)) store.accessTokens.delete(value);
}

/** django-oauth-toolkit `RefreshToken.revoke()`: stamped revoked, its access token deleted. */
function revokeRefreshToken(store: OAuthStore, value: string): void {
  const refresh = store.refreshTokens.get(value);
  if (!refresh || refresh.revokedAt !== null) return;
  refresh.revokedAt = Date.now();
  if (refresh.accessToken) store.accessTokens.delete(refresh.accessToken);
  refresh.accessToken = null;
}

/**
 * `POST /oauth/revoke/` (RFC 7009; `OAuthRevokeTokenView`, oauthlib `RevocationEndpoint`,
 * `OAuthValidator.revoke_token`): form parameters only. A public client names itself by `client_id`.
 * Always 200 with an empty body once the request is valid, also for an unknown token or another
 * application's (left untouched). The newest PostHog ends the whole session when a DCR client revokes
 * a live refresh token; an access token goes alone. `rotating` builds revoke as django-oauth-toolkit
 * does: a refresh token and the access token it last minted.
 */
export function revoke(store: OAuthStore, params: Params, hasQuery: boolean): Reply {
  if (hasQuery) return oauthError(400, 'invalid_request', 'URL query parameters are not allowed');
  if (!params.token) return oauthError(400, 'invalid_request', 'Missing token parameter.');
  const client = params.client_id ? store.clients.get(params.client_id) : undefined;
  if (!client) return oauthError(401, 'invalid_client');
  const hint = params.token_type_hint;
  if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') {
    return oauthError(400, 'unsupported_token_type');
  }
  const refresh = store.refreshTokens.get(params.token);
  const presented = refresh ?? store.accessTokens.get(params.token);
  if (!presented || presented.clientId !== client.clientId) return { status: 200, text: '' };
  if (refresh && refresh.revokedAt === null && store.build === 'newest') {
    revokeSession(store, refresh.userId, refresh.clientId);
  } else if (refresh) {
    revokeRefreshToken(store, refresh.token);
  } else {
    store.accessTokens.delete(params.token);
  }
  return { status: 200, text: '' };
}

/**
 * `/oauth/introspect/` (RFC 7662; `OAuthIntrospectTokenView`) for a caller holding an access token:
 * itself without any scope (self-introspection, even expired), or another token of the same
 * application with `introspection`. A caller without either is refused (django-oauth-toolkit's
 * protected-resource 403, empty).
 */
export function introspect(store: OAuthStore, bearer: string | undefined, value: string | undefined): Reply {
  const caller = bearer ? store.accessTokens.get(bearer) : undefined;
  const self = caller !== undefined && bearer === value;
  const callerValid =
    caller !== undefined && caller.expiresAt > Date.now() && caller.scopes.includes('introspection');
  if (!self && !callerValid) return { status: 403, text: '' };
  if (!value || !caller) return { status: 200, json: { active: false } };
  const access: OAuthAccessToken | undefined = store.accessTokens.get(value);
  if (access) {
    if (access.clientId !== caller.clientId || access.expiresAt <= Date.now())
      return { status: 200, json: { active: false } };
    const client = store.clients.get(access.clientId);
    return {
      status: 200,
      json: {
        active: true,
        token_type: 'access_token',
        scope: access.scopes.join(' '),
        is_impersonated: false,
        scoped_teams: [...access.scopedTeams],
        scoped_organizations: [...access.scopedOrganizations],
        exp: Math.floor(access.expiresAt / 1000),
        client_id: access.clientId,
        client_name: client?.name,
      },
    };
  }
  const refresh = store.refreshTokens.get(value);
  if (refresh && refresh.revokedAt === null && refresh.clientId === caller.clientId) {
    return {
      status: 200,
      json: {
        active: true,
        token_type: 'refresh_token',
        scoped_teams: [...refresh.scopedTeams],
        scoped_organizations: [...refresh.scopedOrganizations],
        client_id: refresh.clientId,
        client_name: store.clients.get(refresh.clientId)?.name,
      },
    };
  }
  return { status: 200, json: { active: false } };
}
