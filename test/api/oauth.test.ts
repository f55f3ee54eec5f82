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
