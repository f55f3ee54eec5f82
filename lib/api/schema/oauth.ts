import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/**
 * RFC 8414 metadata (`posthog/api/oauth/metadata.py` → `authorization_server_metadata`): only what a
 * sign-in uses; a PostHog without OAuth answers something else (404, its login, the app's HTML).
 */
export const AuthorizationServerSchema = lazily(() =>
  z.looseObject({
    issuer: z.optional(z.string()),
    authorization_endpoint: z.string().check(z.minLength(1)),
    token_endpoint: z.string().check(z.minLength(1)),
    registration_endpoint: z.optional(z.string()),
    revocation_endpoint: z.optional(z.string()),
    code_challenge_methods_supported: z.optional(z.array(z.string())),
    client_id_metadata_document_supported: z.optional(z.boolean()),
  }),
);
export type AuthorizationServer = z.infer<typeof AuthorizationServerSchema>;

/** `POST /oauth/register/`'s 201 (`dcr.py`): a public client has no secret. */
export const RegisteredClientSchema = lazily(() =>
  z.looseObject({ client_id: z.string().check(z.minLength(1), z.maxLength(2048)) }),
);

/**
 * The token endpoint's answer (oauthlib `BearerToken.create_token`, extended by `OAuthTokenView.post`
 * with `scoped_teams` / `scoped_organizations`). A non-rotating refresh may leave `refresh_token` out.
 */
export const TokenAnswerSchema = lazily(() =>
  z.looseObject({
    access_token: z.string().check(z.minLength(1), z.maxLength(512)),
    token_type: z.optional(z.string()),
    expires_in: z.optional(z.number()),
    refresh_token: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
    scope: z.optional(z.string()),
    scoped_teams: z.nullish(z.array(z.int())),
    scoped_organizations: z.nullish(z.array(z.string())),
  }),
);
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** RFC 6749 §5.2 errors, as oauthlib writes them. */
export const OAuthErrorSchema = lazily(() =>
  z.looseObject({ error: z.string(), error_description: z.optional(z.string()) }),
);
