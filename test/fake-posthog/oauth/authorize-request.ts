import type { Reply } from '../http';
import type { OAuthClient, OAuthStore } from './model';
import { redirectUriAllowed, withParams } from './redirect-uri';
import { resolveRequestedScopes } from './scopes';

/** An authorization request (the query of GET, or the consent form's fields), as oauthlib reads it. */
export interface AuthorizeParams {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  state?: string;
  scope?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export type AuthorizeCheck =
  | { kind: 'fatal'; reply: Reply }
  | { kind: 'redirect-error'; to: string }
  | {
      kind: 'valid';
      client: OAuthClient;
      redirectUri: string;
      state: string | undefined;
      codeChallenge: string;
      scopes: string[];
      scopesWereDefaulted: boolean;
    };

/**
 * `unknown_client_id_description` on a self-hosted PostHog (no Cloud region to name). Shown as JSON,
 * never redirected: an unknown client is fatal to oauthlib.
 */
export const UNKNOWN_CLIENT_ID =
  'No OAuth application is registered with this client_id. Check the client_id, or register the application again.';

const fatal = (description: string): AuthorizeCheck => ({
  kind: 'fatal',
  reply: { status: 400, json: { error: 'invalid_request', error_description: description } },
});

/**
 * oauthlib `AuthorizationCodeGrant.validate_authorization_request` with PostHog's validator
 * (`views.py` → `OAuthValidator`): the client and the redirect URI first, answered as JSON (fatal);
 * then `response_type`, PKCE (`PKCE_REQUIRED`) and scopes, whose errors go back to the client's
 * redirect URI with the `state`. Scopes never fail: they are clamped (`validate_scopes`).
 */
export function checkAuthorizeRequest(store: OAuthStore, params: AuthorizeParams): AuthorizeCheck {
  if (!params.client_id) return fatal('Missing client_id parameter.');
  const client = store.clients.get(params.client_id);
  if (!client) return fatal(UNKNOWN_CLIENT_ID);
  let redirectUri = params.redirect_uri;
  if (redirectUri) {
    if (!redirectUriAllowed(redirectUri, client.redirectUris)) return fatal('Mismatching redirect URI.');
  } else {
    // django-oauth-toolkit's `get_default_redirect_uri`: only an application with exactly one.
    if (client.redirectUris.length !== 1) return fatal('Missing redirect URI.');
    redirectUri = client.redirectUris[0] as string;
  }
  const state = params.state || undefined;
  const refuse = (error: string, description?: string): AuthorizeCheck => ({
    kind: 'redirect-error',
    to: withParams(redirectUri, { error, error_description: description, state }),
  });
  if (!params.response_type) return refuse('invalid_request', 'Missing response_type parameter.');
  if (params.response_type !== 'code') return refuse('unsupported_response_type');
  if (!params.code_challenge) return refuse('invalid_request', 'Code challenge required.');
  // PostHog stores S256 only (`enforce_supported_code_challenge_method`); see the README for `plain`.
  if ((params.code_challenge_method || 'plain') !== 'S256') {
    return refuse('invalid_request', 'Transform algorithm not supported.');
  }
  const requested = (params.scope ?? '').split(/\s+/).filter(Boolean);
  const { scopes, defaulted } = resolveRequestedScopes(requested, client.scopes);
  return {
    kind: 'valid',
    client,
    redirectUri,
    state,
    codeChallenge: params.code_challenge,
    scopes,
    scopesWereDefaulted: defaulted,
  };
}
