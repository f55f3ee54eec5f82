import { beforeAll, describe, expect, it } from 'vitest';
import { discoverOAuth, exchangeCode, refreshTokens, registerClient, revokeToken } from '../../lib/api/oauth';
import type { AppError } from '../../lib/platform/errors';
import { obtainCode, REDIRECT_URI } from '../fake-posthog/oauth-test-helpers';
import { installEnglishTranslator } from '../support/i18n';
import { useLocalPostHog } from '../support/local-posthog';

beforeAll(installEnglishTranslator);

const server = useLocalPostHog({});
const withoutOAuth = useLocalPostHog({ oauth: { enabled: false } });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: AppError) => error,
  );

async function signedIn(scope = 'user:read project:read') {
  const endpoints = await discoverOAuth(server.url);
  const clientId = await registerClient(endpoints, REDIRECT_URI);
  const { code, verifier } = await obtainCode(server, clientId, { scope });
  const answer = await exchangeCode(endpoints, { clientId, code, redirectUri: REDIRECT_URI, verifier });
  return { endpoints, clientId, answer, code, verifier };
}

describe('discovery', () => {
  it('reads the endpoints of a PostHog with OAuth, each on its own origin', async () => {
    const endpoints = await discoverOAuth(server.url);
    expect(endpoints).toEqual({
      origin: server.url,
      authorization: `${server.url}/oauth/authorize/`,
      token: `${server.url}/oauth/token/`,
      registration: `${server.url}/oauth/register/`,
      revocation: `${server.url}/oauth/revoke/`,
      clientMetadataDocuments: true,
    });
  });

  it('calls a PostHog whose catch-all answers its app page one without OAuth', async () => {
    const error = await failure(discoverOAuth(withoutOAuth.url));
    expect(error.kind).toBe('oauth-unavailable');
    expect(error.userMessage()).toBe(
      'This PostHog does not offer “Sign in with PostHog” yet; use a personal API key instead.',
    );
  });

  it.each([
    ['a 404', { type: 'status', status: 404 } as const],
    ['a redirect to its login', { type: 'redirect', to: '/login?next=' } as const],
    ['HTML', { type: 'html' } as const],
  ])('calls %s one without OAuth', async (_name, fault) => {
    server.setFault({ path: '/.well-known/oauth-authorization-server', fault });
    expect((await failure(discoverOAuth(server.url))).kind).toBe('oauth-unavailable');
  });

  it('says PostHog is unreachable when nothing answers', async () => {
    server.setFault({ path: '/.well-known/oauth-authorization-server', fault: { type: 'drop' } });
    expect((await failure(discoverOAuth(server.url))).kind).toBe('network');
  });
});

describe('registration', () => {
  it('registers Hogmark as a public client with the exact redirect URI and no scope ceiling', async () => {
    const clientId = await registerClient(await discoverOAuth(server.url), REDIRECT_URI);
    const client = server.oauth.clients().find((candidate) => candidate.clientId === clientId);
    expect(client).toMatchObject({ name: 'Hogmark', redirectUris: [REDIRECT_URI], scopes: [] });
    expect(server.oauth.registrations().at(-1)?.body).toEqual({
      client_name: 'Hogmark',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('names a throttled registration in its own sentence', async () => {
    const endpoints = await discoverOAuth(server.url);
    server.setFault({ path: '/oauth/register/', fault: { type: 'status', status: 429 }, times: 1 });
    const error = await failure(registerClient(endpoints, REDIRECT_URI));
    expect(error.kind).toBe('registration-throttled');
    expect(error.userMessage()).toContain('too many sign-ins');
  });
});

describe('tokens', () => {
  it('exchanges the code and reads what was granted', async () => {
    const { answer } = await signedIn();
    expect(answer).toMatchObject({
      access_token: expect.stringMatching(/^pha_/),
      refresh_token: expect.stringMatching(/^phr_/),
      expires_in: 604800,
      scope: 'project:read user:read',
      scoped_teams: [],
      scoped_organizations: [],
    });
  });

  it('calls a code used twice spent, in one sentence', async () => {
    const { endpoints, clientId, code, verifier } = await signedIn();
    const error = await failure(
      exchangeCode(endpoints, { clientId, code, redirectUri: REDIRECT_URI, verifier }),
    );
    expect(error.kind).toBe('sign-in-code-expired');
    expect(error.userMessage()).toBe('That sign-in was already used or took too long; sign in again.');
  });

  it('refreshes, and calls a refresh token PostHog dropped "sign in again"', async () => {
    const { endpoints, clientId, answer } = await signedIn();
    const refreshed = await refreshTokens(endpoints, { clientId, refreshToken: answer.refresh_token ?? '' });
    expect(refreshed.access_token).not.toBe(answer.access_token);
    server.oauth.dropRefreshTokens();
    const error = await failure(
      refreshTokens(endpoints, { clientId, refreshToken: answer.refresh_token ?? '' }),
    );
    expect(error.kind).toBe('sign-in-again');
  });

  it('revokes the refresh token, ending the whole grant', async () => {
    const { endpoints, clientId, answer } = await signedIn();
    const revoked = await revokeToken(endpoints.revocation ?? '', {
      clientId,
      token: answer.refresh_token ?? '',
      hint: 'refresh_token',
    });
    expect(revoked).toBe(true);
    expect(server.oauth.revocations().at(-1)?.body).toEqual({
      token: answer.refresh_token,
      client_id: clientId,
      token_type_hint: 'refresh_token',
    });
    const mine = server.oauth.tokens().access.filter((token) => token.clientId === clientId);
    expect(mine).toEqual([]);
  });

  it('refuses metadata that sends the token endpoint to another address', async () => {
    const elsewhere: typeof fetch = async () =>
      Response.json({
        issuer: 'https://posthog.example',
        authorization_endpoint: 'https://posthog.example/oauth/authorize/',
        token_endpoint: 'https://evil.example/oauth/token/',
      });
    const error = await failure(discoverOAuth('https://posthog.example', { fetch: elsewhere }));
    expect(error.kind).toBe('oauth-unavailable');
  });
});

const ELSEWHERE = 'https://posthog.example';

/** A server at ELSEWHERE answering its discovery with this metadata (what the fake PostHog never sends). */
const metadata =
  (overrides: Record<string, unknown>): typeof fetch =>
  async () =>
    Response.json({
      issuer: ELSEWHERE,
      authorization_endpoint: `${ELSEWHERE}/oauth/authorize/`,
      token_endpoint: `${ELSEWHERE}/oauth/token/`,
      ...overrides,
    });

describe('what discovery keeps', () => {
  it('leaves out a registration or revocation endpoint that is elsewhere or no address, and CIMD unless offered', async () => {
    const endpoints = await discoverOAuth(ELSEWHERE, {
      fetch: metadata({
        registration_endpoint: 'https://evil.example/oauth/register/',
        revocation_endpoint: '/oauth/revoke/',
        code_challenge_methods_supported: ['plain', 'S256'],
      }),
    });
    expect(endpoints).toStrictEqual({
      origin: ELSEWHERE,
      authorization: `${ELSEWHERE}/oauth/authorize/`,
      token: `${ELSEWHERE}/oauth/token/`,
      clientMetadataDocuments: false,
    });
  });

  it('refuses a server whose consent page is elsewhere, or that offers PKCE without S256', async () => {
    for (const [overrides, detail] of [
      [
        { authorization_endpoint: 'https://evil.example/oauth/authorize/' },
        'OAuth endpoints on another address',
      ],
      [{ authorization_endpoint: 'not an address' }, 'OAuth endpoints on another address'],
      [{ code_challenge_methods_supported: ['plain'] }, 'no S256'],
    ] as const) {
      const error = await failure(discoverOAuth(ELSEWHERE, { fetch: metadata(overrides) }));
      expect(error).toMatchObject({ kind: 'oauth-unavailable', detail });
    }
  });

  it('says why discovery found no OAuth: the status, or an answer that is not its metadata', async () => {
    server.setFault({
      path: '/.well-known/oauth-authorization-server',
      fault: { type: 'status', status: 404 },
    });
    expect(await failure(discoverOAuth(server.url))).toMatchObject({
      status: 404,
      detail: 'discovery answered 404',
    });
    server.clearFaults();
    const error = await failure(discoverOAuth(ELSEWHERE, { fetch: async () => Response.json({ ok: true }) }));
    expect(error).toMatchObject({
      kind: 'oauth-unavailable',
      status: 200,
      detail: 'discovery is not OAuth metadata',
    });
  });

  it('gives up on a PostHog that does not answer in time', async () => {
    const silent: typeof fetch = (input) =>
      new Promise((_resolve, reject) => {
        const { signal } = input as Request;
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    const started = Date.now();
    const error = await failure(discoverOAuth(ELSEWHERE, { fetch: silent, timeoutMs: 50 }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('a registration that fails', () => {
  it('is not tried where PostHog offers no registration', async () => {
    const { registration: _none, ...endpoints } = await discoverOAuth(server.url);
    const before = server.oauth.registrations().length;
    const error = await failure(registerClient(endpoints, REDIRECT_URI));
    expect(error).toMatchObject({ kind: 'oauth-unavailable', detail: 'no registration endpoint' });
    expect(server.oauth.registrations()).toHaveLength(before);
  });

  it('says when to try again after a throttle', async () => {
    const endpoints = await discoverOAuth(server.url);
    server.setFault({ path: '/oauth/register/', fault: { type: 'status', status: 429 }, times: 1 });
    const error = await failure(registerClient(endpoints, REDIRECT_URI));
    // DRF's throttle says "Expected available in 1 second." (this flavour sends no Retry-After).
    expect(error).toMatchObject({ kind: 'registration-throttled', status: 429, retryAfterSeconds: 1 });
  });

  it('says a throttle by a proxy in front of PostHog is one too, waiting as its Retry-After says', async () => {
    const endpoints = await discoverOAuth(server.url);
    const proxy: typeof fetch = async () =>
      new Response('<html><body>429 Too Many Requests</body></html>', {
        status: 429,
        headers: { 'content-type': 'text/html', 'retry-after': '5' },
      });
    const error = await failure(registerClient(endpoints, REDIRECT_URI, { fetch: proxy }));
    expect(error).toMatchObject({ kind: 'registration-throttled', retryAfterSeconds: 5 });
  });

  it('names what PostHog refused, and a server error as such', async () => {
    const endpoints = await discoverOAuth(server.url);
    const refused = await failure(registerClient(endpoints, 'http://example.com/callback'));
    expect(refused).toMatchObject({ kind: 'oauth-unavailable', status: 400, detail: 'invalid_redirect_uri' });
    // PostHog answers 500 to a redirect URI with a fragment (django-oauth-toolkit's validator).
    const broken = await failure(registerClient(endpoints, `${REDIRECT_URI}#x`));
    expect(broken).toMatchObject({ kind: 'server', status: 500 });
    server.setFault({ path: '/oauth/register/', fault: { type: 'status', status: 400 }, times: 1 });
    const unnamed = await failure(registerClient(endpoints, REDIRECT_URI));
    expect(unnamed).toMatchObject({ kind: 'oauth-unavailable', status: 400, detail: 'registration refused' });
  });

  it('takes a 200 as a 201, and an answer without a client id for no registration', async () => {
    const endpoints = { ...(await discoverOAuth(server.url)), registration: `${ELSEWHERE}/oauth/register/` };
    const answering =
      (status: number, body: unknown): typeof fetch =>
      async () =>
        Response.json(body, { status });
    expect(
      await registerClient(endpoints, REDIRECT_URI, { fetch: answering(200, { client_id: 'c-1' }) }),
    ).toBe('c-1');
    const error = await failure(registerClient(endpoints, REDIRECT_URI, { fetch: answering(201, {}) }));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 201, detail: 'registration answer' });
  });

  it('asks for JSON, with no cookie', async () => {
    await registerClient(await discoverOAuth(server.url), REDIRECT_URI);
    const sent = server.requests.filter((request) => request.path === '/oauth/register/').at(-1);
    expect(sent?.headers.accept).toBe('application/json');
    expect(sent?.headers.cookie).toBeUndefined();
  });
});

describe('a token request that fails', () => {
  it('calls a refresh for a registration PostHog no longer knows "sign in again"', async () => {
    const { endpoints, answer } = await signedIn();
    const error = await failure(
      refreshTokens(endpoints, { clientId: 'gone', refreshToken: answer.refresh_token ?? '' }),
    );
    expect(error).toMatchObject({ kind: 'sign-in-again', status: 401, detail: 'invalid_client' });
  });

  it('calls an invalid_client answered 400 (RFC 6749 lets a server) "sign in again" as well', async () => {
    const refused: typeof fetch = async () => Response.json({ error: 'invalid_client' }, { status: 400 });
    const error = await failure(
      refreshTokens(
        { token: `${ELSEWHERE}/oauth/token/` },
        { clientId: 'c', refreshToken: 'r' },
        { fetch: refused },
      ),
    );
    expect(error).toMatchObject({ kind: 'sign-in-again', status: 400, detail: 'invalid_client' });
  });

  it("never repeats the code or the refresh token, even when the server's error does", async () => {
    const CODE = 'Zq8vXw3LmN5pR7tY';
    const REFRESH = 'opaque-refresh-9f8e7d6c';
    const echoing: typeof fetch = async (input) => {
      const form = new URLSearchParams(await (input as Request).text());
      const sent = form.get('code') ?? form.get('refresh_token');
      return Response.json({ error: `unknown token ${sent}` }, { status: 400 });
    };
    const endpoints = { token: `${ELSEWHERE}/oauth/token/` };
    const exchange = await failure(
      exchangeCode(
        {
          ...endpoints,
          origin: ELSEWHERE,
          authorization: `${ELSEWHERE}/oauth/authorize/`,
          clientMetadataDocuments: false,
        },
        { clientId: 'c', code: CODE, redirectUri: REDIRECT_URI, verifier: 'v' },
        { fetch: echoing },
      ),
    );
    expect(exchange).toMatchObject({ kind: 'invalid-response', detail: 'unknown token [redacted]' });
    const refresh = await failure(
      refreshTokens(endpoints, { clientId: 'c', refreshToken: REFRESH }, { fetch: echoing }),
    );
    expect(refresh).toMatchObject({ kind: 'invalid-response', detail: 'unknown token [redacted]' });
  });

  it('calls a 401 without an OAuth error a refusal too', async () => {
    const { endpoints, clientId, answer } = await signedIn();
    server.setFault({ path: '/oauth/token/', fault: { type: 'status', status: 401 }, times: 1 });
    const error = await failure(
      refreshTokens(endpoints, { clientId, refreshToken: answer.refresh_token ?? '' }),
    );
    expect(error).toMatchObject({ kind: 'sign-in-again', status: 401, detail: 'refused' });
  });

  it('keeps the grant through a server error, a throttle or an unreadable answer', async () => {
    const { endpoints, clientId, answer } = await signedIn();
    const refresh = () => refreshTokens(endpoints, { clientId, refreshToken: answer.refresh_token ?? '' });
    for (const [fault, kind, status] of [
      [{ type: 'status', status: 503 }, 'server', 503],
      [{ type: 'status', status: 500 }, 'server', 500],
      [{ type: 'status', status: 429 }, 'rate-limited', 429],
      [{ type: 'malformed-json' }, 'invalid-response', 200],
      [{ type: 'html' }, 'server', 502],
    ] as const) {
      server.setFault({ path: '/oauth/token/', fault, times: 1 });
      expect(await failure(refresh())).toMatchObject({ kind, status });
    }
    server.setFault({ path: '/oauth/token/', fault: { type: 'malformed-json' }, times: 1 });
    expect(await failure(refresh())).toMatchObject({ status: 200, detail: 'token answer' });
    expect((await refresh()).access_token).toMatch(/^pha_/);
  });

  it('calls any other refusal an answer it cannot use, naming the OAuth error or, failing that, the refusal', async () => {
    const endpoints = await discoverOAuth(server.url);
    const clientId = await registerClient(endpoints, REDIRECT_URI);
    const { code, verifier } = await obtainCode(server, clientId, { scope: 'user:read' });
    const mismatched = await failure(
      exchangeCode(endpoints, { clientId, code, redirectUri: `${REDIRECT_URI}/other`, verifier }),
    );
    expect(mismatched).toMatchObject({ kind: 'invalid-response', status: 400, detail: 'invalid_request' });
    server.setFault({ path: '/oauth/token/', fault: { type: 'status', status: 404 }, times: 1 });
    const missing = await failure(
      exchangeCode(endpoints, { clientId, code, redirectUri: REDIRECT_URI, verifier }),
    );
    expect(missing).toMatchObject({ kind: 'invalid-response', status: 404, detail: 'token request refused' });
  });

  it('says a revocation PostHog refused was not made', async () => {
    const { endpoints, answer } = await signedIn();
    const revoked = await revokeToken(endpoints.revocation ?? '', {
      clientId: 'gone',
      token: answer.refresh_token ?? '',
      hint: 'refresh_token',
    });
    expect(revoked).toBe(false);
  });
});
