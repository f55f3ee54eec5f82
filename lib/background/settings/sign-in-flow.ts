import {
  discoverOAuth,
  exchangeCode,
  type OAuthEndpoints,
  type OAuthHttpOptions,
  registerClient,
} from '../../api/oauth';
import { AppError, isAppError } from '../../platform/errors';
import type { GrantStore, StoredGrant } from '../../platform/grant-store';
import { createSignInSecrets, stateMatches } from '../../platform/pkce';

/** The part of `browser.identity` a sign-in uses. */
export interface IdentityLike {
  getRedirectURL(): string;
  launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
}

export interface SignInFlowDeps {
  identity: IdentityLike;
  grants: GrantStore;
  /** A Client ID Metadata Document's URL set at build time: used where PostHog reads CIMD. */
  clientMetadataUrl?: string;
  http?: OAuthHttpOptions;
  now?: () => number;
}

/** The client this install is to PostHog at `endpoints.origin`: the CIMD URL, or a registration kept per origin. */
async function clientIdFor(
  deps: SignInFlowDeps,
  endpoints: OAuthEndpoints,
  redirectUri: string,
): Promise<string> {
  if (deps.clientMetadataUrl && endpoints.clientMetadataDocuments) return deps.clientMetadataUrl;
  const known = await deps.grants.registration(endpoints.origin);
  if (known && known.redirectUri === redirectUri) return known.clientId;
  const clientId = await registerClient(endpoints, redirectUri, deps.http);
  await deps.grants.register(endpoints.origin, { clientId, redirectUri });
  return clientId;
}

/**
 * The browser's window failing: closed by the user (Chromium "The user did not approve access.",
 * Firefox "User cancelled or denied access.") or PostHog's page not loading ("Authorization page could
 * not be loaded.").
 */
function windowFailure(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/could not be loaded/i.test(message))
    return new AppError('network', { detail: 'sign-in page not loaded' });
  return new AppError('sign-in-cancelled');
}

/** The code from where PostHog sent the window back, once its `state` is the one sent. */
function codeFrom(final: string | undefined, redirectUri: string, state: string): string {
  if (final === undefined || !final.startsWith(redirectUri) || !URL.canParse(final)) {
    throw new AppError('sign-in-cancelled', { detail: 'no answer' });
  }
  const params = new URL(final).searchParams;
  if (!stateMatches(state, params.get('state'))) throw new AppError('sign-in-state-mismatch');
  const error = params.get('error');
  if (error === 'access_denied') throw new AppError('sign-in-cancelled');
  const code = params.get('code');
  if (error || !code) {
    throw new AppError('invalid-response', {
      detail: `sign-in answered ${(error ?? 'no code').slice(0, 40)}`,
    });
  }
  return code;
}

export interface SignedIn {
  accessToken: string;
  grant: StoredGrant;
}

/**
 * "Sign in with PostHog" at `origin`: discovery, the client (registered once per origin), the
 * authorization code flow with PKCE (S256) and `state` in the browser's sign-in window, sent back to
 * exactly `identity.getRedirectURL()` (trailing slash included, as registered), then the code
 * exchanged. What PostHog granted (scopes, projects, organisations) is read from its answer.
 */
export async function signInWithPostHog(
  deps: SignInFlowDeps,
  origin: string,
  scope: string,
): Promise<SignedIn> {
  const endpoints = await discoverOAuth(origin, deps.http);
  const redirectUri = deps.identity.getRedirectURL();
  const clientId = await clientIdFor(deps, endpoints, redirectUri);
  const { verifier, challenge, state } = await createSignInSecrets();
  const url = new URL(endpoints.authorization);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })) {
    url.searchParams.set(name, value);
  }
  let final: string | undefined;
  try {
    final = await deps.identity.launchWebAuthFlow({ url: url.href, interactive: true });
  } catch (error) {
    // PostHog shows an unknown client (a registration it no longer has) as a page of its own, which
    // the user can only close: a registration kept from before is not trusted after a closed window,
    // and the next sign-in registers again.
    if (clientId !== deps.clientMetadataUrl) await deps.grants.forgetRegistration(origin);
    throw windowFailure(error);
  }
  const code = codeFrom(final, redirectUri, state);
  const now = deps.now ?? Date.now;
  const answer = await exchangeCode(endpoints, { clientId, code, redirectUri, verifier }, deps.http).catch(
    async (error: unknown) => {
      // PostHog no longer knows the registration: the next sign-in registers again.
      if (isAppError(error) && error.status === 401) await deps.grants.forgetRegistration(origin);
      throw error;
    },
  );
  if (!answer.refresh_token) throw new AppError('invalid-response', { detail: 'no refresh token' });
  return {
    accessToken: answer.access_token,
    grant: {
      version: 1,
      origin,
      clientId,
      tokenEndpoint: endpoints.token,
      ...(endpoints.revocation ? { revocationEndpoint: endpoints.revocation } : {}),
      refreshToken: answer.refresh_token,
      expiresAt: now() + (answer.expires_in ?? 3600) * 1000,
      scopes: (answer.scope ?? '').split(/\s+/).filter(Boolean),
      scopedTeams: answer.scoped_teams ?? [],
      scopedOrganizations: answer.scoped_organizations ?? [],
    },
  };
}
