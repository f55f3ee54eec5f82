import type { LoggedRequest } from '../types';
import type { OAuthAccessToken, OAuthClient, OAuthRefreshToken, OAuthStore } from './model';
import { revokeSession } from './revoke';

/** What tests and the demo can do to the sign-in state, as PostHog or its user could. */
export interface OAuthHooks {
  /** Applications registered through `/oauth/register/`, oldest first. */
  clients(): OAuthClient[];
  /** Copies of the tokens PostHog holds now (revoked refresh tokens of a rotating build included). */
  tokens(): { access: OAuthAccessToken[]; refresh: OAuthRefreshToken[] };
  /** Every access token expires now (the API answers 401 "Access token has expired."); how many. */
  expireAccessTokens(): number;
  /**
   * Refresh tokens are gone (PostHog's `clear_expired` cleanup, or a grant aged out): a refresh answers
   * 400 `invalid_grant` while access tokens work until they expire; how many.
   */
  dropRefreshTokens(): number;
  /** The user disconnects the app in PostHog's settings (`revoke_oauth_session`): nothing of it works. */
  disconnect(clientId?: string): void;
  /** From the request log: token requests refreshing, code exchanges, revocations, registrations. */
  refreshes(): LoggedRequest[];
  codeExchanges(): LoggedRequest[];
  revocations(): LoggedRequest[];
  registrations(): LoggedRequest[];
}

const isPath = (request: LoggedRequest, path: string) =>
  request.method === 'POST' && request.path.replace(/\/+$/, '') === path;

const grantType = (request: LoggedRequest): unknown =>
  typeof request.body === 'object' && request.body !== null
    ? (request.body as Record<string, unknown>).grant_type
    : undefined;

export function createOAuthHooks(store: OAuthStore, requests: readonly LoggedRequest[]): OAuthHooks {
  return {
    clients: () =>
      [...store.clients.values()].map((client) => ({ ...client, redirectUris: [...client.redirectUris] })),
    tokens: () => ({
      access: [...store.accessTokens.values()].map((token) => ({ ...token })),
      refresh: [...store.refreshTokens.values()].map((token) => ({ ...token })),
    }),
    expireAccessTokens: () => {
      const now = Date.now();
      let expired = 0;
      for (const token of store.accessTokens.values()) {
        if (token.expiresAt > now) expired += 1;
        token.expiresAt = Math.min(token.expiresAt, now);
      }
      return expired;
    },
    dropRefreshTokens: () => {
      const dropped = store.refreshTokens.size;
      store.refreshTokens.clear();
      return dropped;
    },
    disconnect: (clientId) => {
      const pairs = new Set<string>();
      for (const token of [
        ...store.accessTokens.values(),
        ...store.refreshTokens.values(),
        ...store.grants.values(),
      ]) {
        if (clientId === undefined || token.clientId === clientId)
          pairs.add(`${token.userId} ${token.clientId}`);
      }
      for (const pair of pairs) {
        const [userId, id] = pair.split(' ');
        revokeSession(store, Number(userId), id ?? '');
      }
    },
    refreshes: () => requests.filter((r) => isPath(r, '/oauth/token') && grantType(r) === 'refresh_token'),
    codeExchanges: () =>
      requests.filter((r) => isPath(r, '/oauth/token') && grantType(r) === 'authorization_code'),
    revocations: () => requests.filter((r) => isPath(r, '/oauth/revoke')),
    registrations: () => requests.filter((r) => isPath(r, '/oauth/register')),
  };
}
