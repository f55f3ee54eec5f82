import ky, { type KyResponse } from 'ky';
import { AppError } from '../platform/errors';
import { redact, retryAfterSeconds, transportError } from './error-mapping';
import {
  type AuthorizationServer,
  AuthorizationServerSchema,
  OAuthErrorSchema,
  RegisteredClientSchema,
  type TokenAnswer,
  TokenAnswerSchema,
} from './schema/oauth';

/**
 * PostHog's OAuth endpoints (`posthog/api/oauth/`): discovery, Dynamic Client Registration, the
 * token endpoint and revocation. Each request goes through ky with no cookie, no redirect followed,
 * no retry (a code is single use; a refresh is made once, by token-refresher.ts) and a time limit,
 * and only to the origin the user chose: an endpoint the metadata names elsewhere is refused.
 */

export interface OAuthHttpOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** The endpoints of one PostHog, all on its origin. */
export interface OAuthEndpoints {
  origin: string;
  authorization: string;
  token: string;
  registration?: string;
  revocation?: string;
  /** CIMD: a `client_id` that is a URL of a metadata document (PostHog from 2026-03). */
  clientMetadataDocuments: boolean;
}

const DEFAULT_TIMEOUT_MS = 15_000;

function send(
  url: string,
  init: { method: 'GET' | 'POST'; json?: unknown; form?: Record<string, string> },
  options: OAuthHttpOptions,
) {
  return ky(url, {
    method: init.method,
    // ky sends no JSON body for `json: undefined`, and its own fetch for `fetch: undefined`.
    json: init.json,
    ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
    headers: { accept: 'application/json' },
    credentials: 'omit',
    redirect: 'manual',
    retry: 0,
    throwHttpErrors: false,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch,
  });
}

/** Sends, turning a failure without an answer into `network` or `timeout` (tokens redacted). */
async function answerOf(request: () => Promise<KyResponse>): Promise<KyResponse> {
  try {
    return await request();
  } catch (error) {
    const kind = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
    // Stryker disable next-line StringLiteral: no key to redact here (a sign-in's tokens are redacted by their form), and any text that is none redacts nothing
    throw transportError(kind, error, '');
  }
}

/** The body as JSON; undefined when it is none (a proxy's page, an empty answer) or cannot be read. */
const jsonOf = (response: Response): Promise<unknown> =>
  response
    .text()
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined);

const onOrigin = (url: string | undefined, origin: string): string | undefined => {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url).origin === origin ? url : undefined;
};

/**
 * `GET {origin}/.well-known/oauth-authorization-server`. A PostHog built before OAuth answers a 404,
 * a redirect to its login, or its app's HTML (its catch-all route): each is `oauth-unavailable`.
 */
export async function discoverOAuth(origin: string, options: OAuthHttpOptions = {}): Promise<OAuthEndpoints> {
  const response = await answerOf(() =>
    send(`${origin}/.well-known/oauth-authorization-server`, { method: 'GET' }, options),
  );
  const unavailable = (detail: string) =>
    new AppError('oauth-unavailable', { status: response.status, detail });
  if (response.status !== 200) throw unavailable(`discovery answered ${response.status}`);
  const parsed = AuthorizationServerSchema.safeParse(await jsonOf(response));
  if (!parsed.success) throw unavailable('discovery is not OAuth metadata');
  const metadata: AuthorizationServer = parsed.data;
  const authorization = onOrigin(metadata.authorization_endpoint, origin);
  const token = onOrigin(metadata.token_endpoint, origin);
  if (!authorization || !token) throw unavailable('OAuth endpoints on another address');
  const methods = metadata.code_challenge_methods_supported;
  if (methods && !methods.includes('S256')) throw unavailable('no S256');
  const registration = onOrigin(metadata.registration_endpoint, origin);
  const revocation = onOrigin(metadata.revocation_endpoint, origin);
  return {
    origin,
    authorization,
    token,
    ...(registration ? { registration } : {}),
    ...(revocation ? { revocation } : {}),
    clientMetadataDocuments: metadata.client_id_metadata_document_supported === true,
  };
}

/**
 * Dynamic Client Registration as a public client (`token_endpoint_auth_method: none`) with one
 * redirect URI. No `scope`: it would become a ceiling the user could not lower on the consent page.
 */
export async function registerClient(
  endpoints: OAuthEndpoints,
  redirectUri: string,
  options: OAuthHttpOptions = {},
): Promise<string> {
  if (!endpoints.registration)
    throw new AppError('oauth-unavailable', { detail: 'no registration endpoint' });
  const registration = endpoints.registration;
  const response = await answerOf(() =>
    send(
      registration,
      {
        method: 'POST',
        json: {
          client_name: 'Hogmark',
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        },
      },
      options,
    ),
  );
  const body = await jsonOf(response);
  if (response.status === 429) {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    const wait = retryAfterSeconds(response.headers, typeof detail === 'string' ? detail : undefined);
    throw new AppError('registration-throttled', { status: 429, retryAfterSeconds: wait });
  }
  if (response.status >= 500) throw new AppError('server', { status: response.status });
  const parsed = RegisteredClientSchema.safeParse(body);
  if (response.status !== 201 && response.status !== 200) {
    throw new AppError('oauth-unavailable', {
      status: response.status,
      detail: oauthErrorOf(body) ?? 'registration refused',
    });
  }
  if (!parsed.success)
    throw new AppError('invalid-response', { status: response.status, detail: 'registration answer' });
  return parsed.data.client_id;
}

const oauthErrorOf = (body: unknown): string | undefined => {
  const parsed = OAuthErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
};

/** What a refused token request means for a sign-in: its code, or its refresh token, is spent. */
type Refusal = 'sign-in-code-expired' | 'sign-in-again';

async function tokenRequest(
  tokenUrl: string,
  form: Record<string, string>,
  refusal: Refusal,
  options: OAuthHttpOptions,
): Promise<TokenAnswer> {
  const response = await answerOf(() => send(tokenUrl, { method: 'POST', form }, options));
  const body = await jsonOf(response);
  if (response.status === 200) {
    const parsed = TokenAnswerSchema.safeParse(body);
    if (!parsed.success) throw new AppError('invalid-response', { status: 200, detail: 'token answer' });
    return parsed.data;
  }
  if (response.status >= 500 || response.status === 429) {
    throw new AppError(response.status === 429 ? 'rate-limited' : 'server', { status: response.status });
  }
  const error = oauthErrorOf(body);
  // invalid_grant: a code used, expired or not ours, a refresh token revoked or gone; invalid_client:
  // the registration is gone. Either way only a new sign-in helps.
  if (error === 'invalid_grant' || error === 'invalid_client' || response.status === 401) {
    throw new AppError(refusal, { status: response.status, detail: error ?? 'refused' });
  }
  // Stryker disable next-line StringLiteral: never used, every token request sends a code or a refresh token
  const secret = form.code ?? form.refresh_token ?? '';
  throw new AppError('invalid-response', {
    status: response.status,
    detail: redact(error ?? 'token request refused', secret),
  });
}

/** `grant_type=authorization_code` with the PKCE verifier and the exact redirect URI. */
export const exchangeCode = (
  endpoints: OAuthEndpoints,
  request: { clientId: string; code: string; redirectUri: string; verifier: string },
  options: OAuthHttpOptions = {},
): Promise<TokenAnswer> =>
  tokenRequest(
    endpoints.token,
    {
      grant_type: 'authorization_code',
      code: request.code,
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      code_verifier: request.verifier,
    },
    'sign-in-code-expired',
    options,
  );

/** `grant_type=refresh_token`: refused for good is `sign-in-again`. */
export const refreshTokens = (
  endpoints: Pick<OAuthEndpoints, 'token'>,
  request: { clientId: string; refreshToken: string },
  options: OAuthHttpOptions = {},
): Promise<TokenAnswer> =>
  tokenRequest(
    endpoints.token,
    { grant_type: 'refresh_token', refresh_token: request.refreshToken, client_id: request.clientId },
    'sign-in-again',
    options,
  );

/** RFC 7009 revocation of one token (a public client names itself by `client_id`); true when 200. */
export async function revokeToken(
  revocation: string,
  request: { clientId: string; token: string; hint: 'refresh_token' | 'access_token' },
  options: OAuthHttpOptions = {},
): Promise<boolean> {
  const response = await answerOf(() =>
    send(
      revocation,
      {
        method: 'POST',
        form: { token: request.token, client_id: request.clientId, token_type_hint: request.hint },
      },
      options,
    ),
  );
  return response.status === 200;
}
