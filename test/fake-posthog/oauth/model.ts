import { randomBytes } from 'node:crypto';
import type { ListingRates } from '../throttle';

/** An application registered through `/oauth/register/` (`OAuthApplication` with `is_dcr_client`). */
export interface OAuthClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  /** DCR `scope` after `filter_to_unprivileged_scopes`: the app's required ceiling; empty: none. */
  scopes: string[];
  issuedAt: number;
}

/** Where a grant reaches: `[]` and `[]` is every organisation and project of the user. */
export interface Scoping {
  scopedTeams: number[];
  scopedOrganizations: string[];
}

/** `OAuthGrant`: an authorization code, single use, 300 s. */
export interface OAuthGrant extends Scoping {
  code: string;
  clientId: string;
  userId: number;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  expiresAt: number;
}

/** `OAuthAccessToken` (`pha_…`). */
export interface OAuthAccessToken extends Scoping {
  token: string;
  clientId: string;
  userId: number;
  scopes: string[];
  expiresAt: number;
}

/** `OAuthRefreshToken` (`phr_…`): `revokedAt` is stamped by a rotation or a revoke. */
export interface OAuthRefreshToken extends Scoping {
  token: string;
  clientId: string;
  userId: number;
  /** The access token it last minted (`RefreshToken.access_token`). */
  accessToken: string | null;
  /** The scopes a refresh carries on (`get_original_scopes`: those of the tokens it came with). */
  scopes: string[];
  family: string;
  revokedAt: number | null;
}

/**
 * Which PostHog the stand-in is. `newest`: DCR refresh tokens never rotate and access tokens last 7
 * days (PR #46982). `rotating`: the builds before it, where every refresh rotates the refresh token
 * (120 s grace, then reuse revokes the family) and access tokens last an hour.
 */
export type OAuthBuild = 'newest' | 'rotating';

export interface OAuthOptions {
  /** false: a self-hosted PostHog without OAuth; `/.well-known/…` and `/oauth/…` are app pages. */
  enabled?: boolean;
  build?: OAuthBuild;
  /** `DCRBurstThrottle` / `DCRSustainedThrottle` per IP (default 60 a minute, 1000 an hour); null: none. */
  registrationRates?: ListingRates | null;
}

export interface OAuthStore {
  build: OAuthBuild;
  clients: Map<string, OAuthClient>;
  grants: Map<string, OAuthGrant>;
  accessTokens: Map<string, OAuthAccessToken>;
  refreshTokens: Map<string, OAuthRefreshToken>;
}

export const AUTHORIZATION_CODE_SECONDS = 300;
export const EXTENDED_ACCESS_TOKEN_SECONDS = 604_800;
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_GRACE_SECONDS = 120;
export const DCR_RATES: ListingRates = { perMinute: 60, perHour: 1000 };

export function createOAuthStore(build: OAuthBuild = 'newest'): OAuthStore {
  return { build, clients: new Map(), grants: new Map(), accessTokens: new Map(), refreshTokens: new Map() };
}

/** `views.py` → `OAuthValidator._get_token_expires_in` for a DCR client, by build. */
export const accessTokenSeconds = (store: OAuthStore): number =>
  store.build === 'newest' ? EXTENDED_ACCESS_TOKEN_SECONDS : ACCESS_TOKEN_SECONDS;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `posthog/models/utils.py` → `generate_random_token`: 32 random bytes written in base62. */
function base62Of32Bytes(): string {
  let value = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let out = '';
  while (value > 0n) {
    out = BASE62[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out || '0';
}

/** `generate_random_oauth_access_token` / `…_refresh_token`. */
export const newAccessToken = (): string => `pha_${base62Of32Bytes()}`;
export const newRefreshToken = (): string => `phr_${base62Of32Bytes()}`;

/** oauthlib `generate_token()`: 30 characters of ASCII letters and digits (codes). */
export function newAuthorizationCode(): string {
  const bytes = randomBytes(30);
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** django-oauth-toolkit `generate_client_id`: 40 characters of letters and digits. */
export function newClientId(): string {
  const bytes = randomBytes(40);
  return Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export const newFamily = (): string => randomBytes(16).toString('hex');
