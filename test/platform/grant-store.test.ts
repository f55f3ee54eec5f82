import { describe, expect, it, vi } from 'vitest';
import { createGrantStore, type StoredGrant } from '../../lib/platform/grant-store';
import {
  createApiKeyStore,
  createMemoryKeyValueStore,
  SIGN_IN_GRANT,
  SIGN_IN_REFRESHING,
} from '../../lib/platform/key-store';

const ORIGIN = 'https://eu.posthog.com';
const TOKEN = `pha_${'a'.repeat(43)}`;
const NEWER = `pha_${'b'.repeat(43)}`;
const KEY = `phx_${'k'.repeat(43)}`;

const GRANT: StoredGrant = {
  version: 1,
  origin: ORIGIN,
  clientId: 'client-1',
  tokenEndpoint: `${ORIGIN}/oauth/token/`,
  revocationEndpoint: `${ORIGIN}/oauth/revoke/`,
  refreshToken: `phr_${'r'.repeat(43)}`,
  expiresAt: 1_800_000_000_000,
  scopes: ['user:read', 'project:read'],
  scopedTeams: [2],
  scopedOrganizations: ['org-1'],
};

/** The extension's IndexedDB as the background sees it, opened by one worker (or several, one after another). */
function storage(initial: Record<string, string> = {}) {
  const secrets = createMemoryKeyValueStore(initial);
  const open = () => {
    const keyStore = createApiKeyStore(secrets);
    return { keyStore, grants: createGrantStore(secrets, keyStore) };
  };
  return { secrets, open };
}

describe('the grant store', () => {
  it('reads back a saved sign-in: its access token as the key, for its origin, and its grant', async () => {
    const { open } = storage();
    await open().grants.save(TOKEN, GRANT);
    const { grants, keyStore } = open();
    expect(await grants.read()).toEqual({ accessToken: TOKEN, grant: GRANT });
    expect(await keyStore.origin()).toBe(ORIGIN);
  });

  it('writes the token and its grant in one transaction, so no reader sees one without the other', async () => {
    const { secrets, open } = storage();
    const setAll = vi.spyOn(secrets, 'setAll');
    await open().grants.save(TOKEN, GRANT);
    expect(setAll).toHaveBeenCalledTimes(1);
    const written = setAll.mock.calls[0]?.[0] ?? {};
    expect(written.personalApiKey).toBe(TOKEN);
    expect(JSON.parse(written[SIGN_IN_GRANT] ?? 'null')).toEqual(GRANT);
  });

  it('has no sign-in when nothing is saved, nor with a personal key', async () => {
    const { open } = storage();
    expect(await open().grants.read()).toEqual({ accessToken: null, grant: null });
    await open().keyStore.write(KEY, ORIGIN);
    expect(await open().grants.read()).toEqual({ accessToken: KEY, grant: null });
  });

  it('never pairs a grant with a personal key, even one left beside it in storage', async () => {
    const { open } = storage({
      personalApiKey: KEY,
      personalApiKeyOrigin: ORIGIN,
      [SIGN_IN_GRANT]: JSON.stringify(GRANT),
    });
    expect(await open().grants.read()).toEqual({ accessToken: KEY, grant: null });
  });

  it('reads storage each time, so a token another worker refreshed is seen at once', async () => {
    const { open } = storage();
    const first = open().grants;
    await first.save(TOKEN, GRANT);
    expect((await first.read()).accessToken).toBe(TOKEN);
    await open().grants.save(NEWER, { ...GRANT, expiresAt: GRANT.expiresAt + 1 });
    expect(await first.read()).toEqual({
      accessToken: NEWER,
      grant: { ...GRANT, expiresAt: GRANT.expiresAt + 1 },
    });
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['another version', JSON.stringify({ ...GRANT, version: 2 })],
    ['an empty refresh token', JSON.stringify({ ...GRANT, refreshToken: '' })],
    ['no expiry', JSON.stringify({ ...GRANT, expiresAt: undefined })],
    ['a project id that is no number', JSON.stringify({ ...GRANT, scopedTeams: ['2'] })],
  ])('takes a stored grant with %s for none', async (_what, text) => {
    const { open } = storage({ personalApiKey: TOKEN, personalApiKeyOrigin: ORIGIN, [SIGN_IN_GRANT]: text });
    expect(await open().grants.read()).toEqual({ accessToken: TOKEN, grant: null });
  });

  it('keeps a refused grant as refused, and a grant without a revocation endpoint as it is', async () => {
    const { open } = storage();
    const { revocationEndpoint: _none, ...withoutRevocation } = GRANT;
    await open().grants.save(TOKEN, { ...withoutRevocation, refused: true });
    expect((await open().grants.read()).grant).toEqual({ ...withoutRevocation, refused: true });
  });

  it('keeps the refresh mark until it is cleared, and takes a mark it cannot read for none', async () => {
    const { secrets, open } = storage();
    const { grants } = open();
    expect(await grants.marker()).toBeNull();
    await grants.setMarker({ by: 'worker-1', at: 1234 });
    expect(await open().grants.marker()).toEqual({ by: 'worker-1', at: 1234 });
    await grants.clearMarker();
    expect(await grants.marker()).toBeNull();
    await secrets.set(SIGN_IN_REFRESHING, JSON.stringify({ by: 'worker-1' }));
    expect(await grants.marker()).toBeNull();
  });

  it('keeps one registration per origin, and forgets only the one asked', async () => {
    const { open } = storage();
    const { grants } = open();
    const us = { clientId: 'us-client', redirectUri: 'https://ext.example/us' };
    const eu = { clientId: 'eu-client', redirectUri: 'https://ext.example/eu' };
    expect(await grants.registration(ORIGIN)).toBeNull();
    await grants.register('https://us.posthog.com', us);
    await grants.register(ORIGIN, eu);
    expect(await open().grants.registration('https://us.posthog.com')).toEqual(us);
    expect(await open().grants.registration(ORIGIN)).toEqual(eu);
    await grants.register(ORIGIN, { ...eu, clientId: 'eu-client-2' });
    expect(await grants.registration(ORIGIN)).toEqual({ ...eu, clientId: 'eu-client-2' });
    await grants.forgetRegistration(ORIGIN);
    expect(await grants.registration(ORIGIN)).toBeNull();
    expect(await grants.registration('https://us.posthog.com')).toEqual(us);
  });

  it('keeps the registrations across a sign-out', async () => {
    const { open } = storage();
    const registration = { clientId: 'client-1', redirectUri: 'https://ext.example/cb' };
    await open().grants.register(ORIGIN, registration);
    await open().grants.save(TOKEN, GRANT);
    await open().keyStore.clear();
    expect(await open().grants.read()).toEqual({ accessToken: null, grant: null });
    expect(await open().grants.registration(ORIGIN)).toEqual(registration);
  });

  it('starts the registrations afresh when what is stored cannot be read', async () => {
    const { open } = storage({ signInClients: '{"https://eu.posthog.com":{"clientId":1}}' });
    const { grants } = open();
    expect(await grants.registration(ORIGIN)).toBeNull();
    await grants.forgetRegistration(ORIGIN);
    const registration = { clientId: 'client-1', redirectUri: 'https://ext.example/cb' };
    await grants.register('https://us.posthog.com', registration);
    expect(await grants.registration('https://us.posthog.com')).toEqual(registration);
    expect(await grants.registration(ORIGIN)).toBeNull();
  });
});
