import { createHash } from 'node:crypto';
import type { Reply } from '../http';
import {
  accessTokenSeconds,
  newAccessToken,
  newFamily,
  newRefreshToken,
  type OAuthAccessToken,
  type OAuthClient,
  type OAuthRefreshToken,
  type OAuthStore,
  REFRESH_TOKEN_GRACE_SECONDS,
  type Scoping,
} from './model';
import { redirectUriAllowed } from './redirect-uri';
import { oauthError, oauthJson, type Params } from './replies';

/** oauthlib `AuthorizationCodeGrant.validate_code_challenge` for S256. */
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/**
 * The token answer: oauthlib's `BearerToken.create_token` (`access_token`, `expires_in`,
 * `token_type`, `scope`, `refresh_token`), then `OAuthTokenView.post`'s `scoped_teams` and
 * `scoped_organizations`. No `id_token` (the stand-in signs no JWT) and no Cloud region keys.
 */
function tokenAnswer(access: OAuthAccessToken, refresh: string): Reply {
  return oauthJson(200, {
    access_token: access.token,
    expires_in: Math.round((access.expiresAt - Date.now()) / 1000),
    token_type: 'Bearer',
    scope: access.scopes.join(' '),
    refresh_token: refresh,
    scoped_teams: [...access.scopedTeams],
    scoped_organizations: [...access.scopedOrganizations],
  });
}

function mintAccessToken(
  store: OAuthStore,
  owner: { clientId: string; userId: number; scopes: string[] } & Scoping,
) {
  const access: OAuthAccessToken = {
    token: newAccessToken(),
    clientId: owner.clientId,
    userId: owner.userId,
    scopes: [...owner.scopes],
    scopedTeams: [...owner.scopedTeams],
    scopedOrganizations: [...owner.scopedOrganizations],
    expiresAt: Date.now() + accessTokenSeconds(store) * 1000,
  };
  store.accessTokens.set(access.token, access);
  return access;
}

function mintRefreshToken(store: OAuthStore, access: OAuthAccessToken, family: string): OAuthRefreshToken {
  const refresh: OAuthRefreshToken = {
    token: newRefreshToken(),
    clientId: access.clientId,
    userId: access.userId,
    accessToken: access.token,
    scopes: [...access.scopes],
    family,
    revokedAt: null,
    scopedTeams: [...access.scopedTeams],
    scopedOrganizations: [...access.scopedOrganizations],
  };
  store.refreshTokens.set(refresh.token, refresh);
  return refresh;
}

/** oauthlib's public-client check (`authenticate_client_id`): a known `client_id`, else 401. */
const clientOf = (store: OAuthStore, params: Params): OAuthClient | undefined =>
  params.client_id ? store.clients.get(params.client_id) : undefined;

/**
 * `grant_type=authorization_code` (oauthlib `AuthorizationCodeGrant.validate_token_request`, in its
 * order). A failed check leaves the code as it was; only an exchange that succeeds uses it up.
 */
function exchangeCode(store: OAuthStore, params: Params): Reply {
  if (!params.code) return oauthError(400, 'invalid_request', 'Missing code parameter.');
  const client = clientOf(store, params);
  if (!client) return oauthError(401, 'invalid_client');
  const grant = store.grants.get(params.code);
  if (!grant || grant.clientId !== client.clientId || grant.expiresAt <= Date.now()) {
    return oauthError(400, 'invalid_grant');
  }
  if (params.code_verifier === undefined)
    return oauthError(400, 'invalid_request', 'Code verifier required.');
  if (s256(params.code_verifier) !== grant.codeChallenge) return oauthError(400, 'invalid_grant');
  const redirectUri =
    params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (
    !redirectUri ||
    redirectUri !== grant.redirectUri ||
    !redirectUriAllowed(redirectUri, client.redirectUris)
  ) {
    return oauthError(400, 'invalid_request', 'Mismatching redirect URI.');
  }
  store.grants.delete(grant.code);
  const access = mintAccessToken(store, grant);
  const refresh = mintRefreshToken(store, access, newFamily());
  return tokenAnswer(access, refresh.token);
}

/** django-oauth-toolkit `revoke_token_family` under `REFRESH_TOKEN_REUSE_PROTECTION`. */
function revokeFamily(store: OAuthStore, family: string): void {
  for (const refresh of store.refreshTokens.values()) {
    if (refresh.family !== family) continue;
    refresh.revokedAt ??= Date.now();
    if (refresh.accessToken) store.accessTokens.delete(refresh.accessToken);
  }
}

/**
 * `grant_type=refresh_token` (oauthlib `RefreshTokenGrant`, PostHog's `validate_refresh_token`,
 * `rotate_refresh_token`, `_save_bearer_token`). Newest: a DCR client's refresh token never rotates;
 * each refresh mints a new access token (the previous stays valid until it expires) and answers with
 * the same refresh token. `rotating` builds: a new refresh token each time, the old one stamped
 * revoked; within 120 s it answers with the pair it already minted, after that it is refused and its
 * whole family revoked.
 */
function refresh(store: OAuthStore, params: Params): Reply {
  if (!params.refresh_token) return oauthError(400, 'invalid_request', 'Missing refresh token parameter.');
  const client = clientOf(store, params);
  if (!client) return oauthError(401, 'invalid_client');
  const presented = store.refreshTokens.get(params.refresh_token);
  if (!presented || presented.clientId !== client.clientId) return oauthError(400, 'invalid_grant');
  if (presented.revokedAt !== null) {
    if (presented.revokedAt <= Date.now() - REFRESH_TOKEN_GRACE_SECONDS * 1000) {
      revokeFamily(store, presented.family);
      return oauthError(400, 'invalid_grant');
    }
    const successor = [...store.refreshTokens.values()].find(
      (candidate) => candidate.family === presented.family && candidate.revokedAt === null,
    );
    const access = successor?.accessToken ? store.accessTokens.get(successor.accessToken) : undefined;
    if (successor && access) return tokenAnswer(access, successor.token);
    return oauthError(400, 'invalid_grant');
  }
  // oauthlib: a `scope` on a refresh may narrow what the refresh token carries, never widen it.
  const narrowed = params.scope?.split(/\s+/).filter(Boolean);
  if (narrowed && !narrowed.every((scope) => presented.scopes.includes(scope)))
    return oauthError(400, 'invalid_scope');
  const scopes = narrowed && narrowed.length > 0 ? narrowed : presented.scopes;
  const previous = presented.accessToken ? store.accessTokens.get(presented.accessToken) : undefined;
  const access = mintAccessToken(store, { ...presented, scopes });
  if (store.build === 'newest') {
    presented.accessToken = access.token;
    return tokenAnswer(access, presented.token);
  }
  presented.revokedAt = Date.now();
  if (previous) store.accessTokens.delete(previous.token);
  const next = mintRefreshToken(store, access, presented.family);
  return tokenAnswer(access, next.token);
}

/**
 * `POST /oauth/token/` (`views.py` → `OAuthTokenView.post`): form or JSON parameters, a public
 * client named by `client_id` alone (a `client_secret` it sends is ignored).
 */
export function token(store: OAuthStore, params: Params): Reply {
  switch (params.grant_type) {
    case 'authorization_code':
      return exchangeCode(store, params);
    case 'refresh_token':
      return refresh(store, params);
    default:
      return oauthError(400, 'unsupported_grant_type');
  }
}
