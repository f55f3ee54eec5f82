import type { Reply } from '../http';
import { SCOPES_SUPPORTED } from './scopes';

/**
 * `posthog/api/oauth/metadata.py` → `_shared_metadata`. PostHog builds it from `SITE_URL`; the
 * stand-in from the origin it was reached at. The id-jag grant, `private_key_jwt` and `agent_auth`
 * are advertised as PostHog does, though the stand-in serves neither.
 */
function sharedMetadata(base: string) {
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize/`,
    token_endpoint: `${base}/oauth/token/`,
    userinfo_endpoint: `${base}/oauth/userinfo/`,
    revocation_endpoint: `${base}/oauth/revoke/`,
    introspection_endpoint: `${base}/oauth/introspect/`,
    registration_endpoint: `${base}/oauth/register/`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    scopes_supported: [...SCOPES_SUPPORTED],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    ],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'private_key_jwt'],
    code_challenge_methods_supported: ['S256'],
    service_documentation: 'https://posthog.com/docs/api',
  };
}

/** `_PublicMetadataView.document`: JSON, readable from any origin. */
const document = (json: unknown): Reply => ({
  status: 200,
  json,
  headers: { 'access-control-allow-origin': '*' },
});

/**
 * `authorization_server_metadata` (RFC 8414). No `posthog_region` / `posthog_base_url`: those are
 * PostHog Cloud's (`get_region_info()`), and the stand-in is a self-hosted instance.
 */
export const authorizationServerMetadata = (base: string): Reply =>
  document({
    ...sharedMetadata(base),
    authorization_grant_profiles_supported: ['urn:ietf:params:oauth:grant-profile:id-jag'],
    client_id_metadata_document_supported: true,
    agent_auth: {
      skill: `${base}/auth.md`,
      identity_endpoint: `${base}/oauth/token/`,
      identity_types_supported: ['identity_assertion'],
      identity_assertion: { assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag'] },
    },
  });

/** `openid_provider_metadata` (OIDC discovery). */
export const openidConfiguration = (base: string): Reply =>
  document({
    ...sharedMetadata(base),
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: ['email', 'email_verified', 'family_name', 'given_name', 'sub'],
  });

/** `protected_resource_metadata` (RFC 9728). */
export const protectedResourceMetadata = (base: string): Reply =>
  document({
    resource: base,
    authorization_servers: [base],
    scopes_supported: [...SCOPES_SUPPORTED],
    bearer_methods_supported: ['header'],
    resource_documentation: 'https://posthog.com/docs/api',
  });
