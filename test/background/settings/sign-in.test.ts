import { beforeAll, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { createPostHogClient } from '../../../lib/api/client';
import { refreshTokens, revokeToken } from '../../../lib/api/oauth';
import { createSettingsService } from '../../../lib/background/settings/settings';
import { signInWithPostHog } from '../../../lib/background/settings/sign-in-flow';
import { createTokenRefresher } from '../../../lib/background/settings/token-refresher';
import { createGrantStore } from '../../../lib/platform/grant-store';
import { createApiKeyStore, createMemoryKeyValueStore } from '../../../lib/platform/key-store';
import { SIGN_IN_SCOPE_STRING } from '../../../lib/posthog/sign-in-scopes';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';
import { type ConsentChoice, consentingIdentity } from '../../support/sign-in-window';

beforeAll(installEnglishTranslator);

const server = useLocalPostHog({});

/** The settings service as the settings room wires it for a sign-in, on in-memory secrets. */
function setup() {
  const secrets = createMemoryKeyValueStore();
  const keyStore = createApiKeyStore(secrets);
  const grants = createGrantStore(secrets, keyStore);
  const tokens = createTokenRefresher({
    grants,
    refresh: (grant) =>
      refreshTokens(
        { token: grant.tokenEndpoint },
        { clientId: grant.clientId, refreshToken: grant.refreshToken },
      ),
  });
  let cachesCleared = 0;
  const service = createSettingsService({
    storage: browser.storage.local,
    keyStore,
    createClient: ({ origin, apiKey }) => createPostHogClient({ origin, apiKey, retry: { limit: 0 } }),
    clearCaches: async () => void cachesCleared++,
    signIns: {
      grants,
      tokens,
      revoke: async (grant) =>
        revokeToken(grant.revocationEndpoint ?? '', {
          clientId: grant.clientId,
          token: grant.refreshToken,
          hint: 'refresh_token',
        }),
    },
  });
  const signIn = async (choice: ConsentChoice = {}) => {
    const signed = await signInWithPostHog(
      { identity: consentingIdentity(server, choice), grants },
      server.url,
      SIGN_IN_SCOPE_STRING,
    );
    return service.signedIn({ apiKey: signed.accessToken, grant: signed.grant });
  };
  return { service, secrets, signIn, cachesCleared: () => cachesCleared };
}

const apiPaths = () =>
  server.requests.filter((request) => request.path.startsWith('/api/')).map((request) => request.path);

describe('a sign-in with PostHog, held as the key is', () => {
  it('is checked as a key is, and every API request carries its access token', async () => {
    const { service, secrets, signIn } = setup();
    const check = await signIn();
    expect(check).toMatchObject({
      origin: server.url,
      maskedKey: expect.stringMatching(/^pha_…/),
      user: { email: 'ana@example.com' },
      projects: [expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2 })],
    });
    expect(Object.values(check.capabilities).every((capability) => capability?.ok)).toBe(true);
    // A token cannot describe itself as a key does: what was granted stands for it.
    expect(apiPaths()).not.toContain('/api/personal_api_keys/@current/');
    const connection = await service.connection();
    expect(connection.apiKey).toBe(secrets.entries().personalApiKey);
    expect(connection.apiKey).toMatch(/^pha_/);
    await createPostHogClient(connection).project(connection.projectId).dashboards.list();
    const lastApi = server.requests.filter((request) => request.path.includes('/dashboards')).at(-1);
    expect(lastApi?.auth).toBe('oauth');
    await expect(service.status()).resolves.toMatchObject({
      configured: true,
      maskedKey: expect.stringMatching(/^pha_…/),
    });
  });

  it('lists the projects of a project-scoped grant one by one, and says what the narrowed scopes leave', async () => {
    const { signIn } = setup();
    const check = await signIn({
      granted: 'user:read project:read dashboard:read',
      access_level: 'team',
      scoped_teams: [2],
    });
    expect(check.projects.map((project) => project.id)).toEqual([2]);
    expect(check.projectId).toBe(2);
    expect(apiPaths()).toContain('/api/projects/2/');
    expect(apiPaths()).not.toContain('/api/projects/');
    expect(check.capabilities.pin).toEqual({
      ok: false,
      missingScope: 'dashboard:write',
      fix: 'Your sign-in lacks the dashboard:write scope. Choose “Sign in again with more access” and allow it on PostHog’s page.',
    });
    expect(check.capabilities.addToPlaylist.ok).toBe(false);
  });

  it('refreshes an access token PostHog calls expired, once, and the request goes through', async () => {
    const { service, signIn } = setup();
    await signIn();
    const before = await service.connection();
    server.oauth.expireAccessTokens();
    const client = createPostHogClient(before);
    const [one, two] = await Promise.all([
      client.project(before.projectId).dashboards.list(),
      client.users.me(),
    ]);
    expect(one).toBeDefined();
    expect(two.email).toBe('ana@example.com');
    expect(server.oauth.refreshes()).toHaveLength(1);
    expect((await service.connection()).apiKey).not.toBe(before.apiKey);
  });

  it('says "sign in again" once PostHog refuses the refresh for good, and asks no more', async () => {
    const { service, signIn } = setup();
    await signIn();
    const connection = await service.connection();
    server.oauth.dropRefreshTokens();
    server.oauth.expireAccessTokens();
    const failure = await createPostHogClient(connection)
      .users.me()
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'sign-in-again' });
    // Still where and as whom (a change can be kept for later), but every request says it.
    const after = await service.connection();
    expect(after.origin).toBe(server.url);
    await expect(createPostHogClient(after).users.me()).rejects.toMatchObject({ kind: 'sign-in-again' });
    // "Check again" on the options page says so too, rather than calling the sign-in a refused key.
    await expect(service.check()).rejects.toMatchObject({ kind: 'sign-in-again' });
    expect(server.oauth.refreshes()).toHaveLength(1);
  });

  it('signing in again as the same user keeps what waits; signing out revokes and forgets the grant', async () => {
    const { service, secrets, signIn, cachesCleared } = setup();
    await signIn();
    const clearedAfterFirst = cachesCleared();
    await signIn();
    expect(cachesCleared()).toBe(clearedAfterFirst);
    const { personalApiKey: token } = secrets.entries();
    await service.forget();
    expect(server.oauth.revocations()).toHaveLength(1);
    expect(server.oauth.revocations()[0]?.body).toMatchObject({ token_type_hint: 'refresh_token' });
    expect(Object.keys(secrets.entries())).toEqual(['signInClients']);
    expect(JSON.stringify(secrets.entries())).not.toMatch(/ph[ar]_/);
    expect(server.oauth.tokens().access.some((access) => access.token === token)).toBe(false);
    await expect(service.status()).resolves.toEqual({ configured: false });
  });

  it('a personal key saved over a sign-in leaves nothing of the grant', async () => {
    const { service, secrets, signIn } = setup();
    await signIn();
    await service.save({ origin: server.url, apiKey: server.keys.all });
    expect(Object.keys(secrets.entries()).sort()).toEqual([
      'personalApiKey',
      'personalApiKeyMask',
      'personalApiKeyOrigin',
      'signInClients',
    ]);
    expect((await service.connection()).renewToken).toBeUndefined();
  });
});
