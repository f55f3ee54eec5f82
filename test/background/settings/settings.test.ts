import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPostHogClient } from '../../../lib/api/client';
import { createSettingsService } from '../../../lib/background/settings/settings';
import { keyCheckItem } from '../../../lib/background/storage/stored-items';
import type { AppError } from '../../../lib/platform/errors';
import { createApiKeyStore, createMemoryKeyValueStore } from '../../../lib/platform/key-store';
import { maskKey } from '../../../lib/platform/storage';
import { deferred } from '../../support/deferred';
import { createFakePostHogFetch, type FakeFetchOptions } from '../../support/fake-posthog-fetch';
import { installEnglishTranslator } from '../../support/i18n';
import { keyCheck } from '../../support/key-check';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

const ALL = `phx_${'A'.repeat(43)}a1B2`;
const NO_WRITE = `phx_${'B'.repeat(43)}c3D4`;
const SCOPED = `phx_${'C'.repeat(43)}e5F6`;
const STRANGER = `phx_${'D'.repeat(43)}g7H8`;
const ORIGIN = 'https://us.posthog.com';

const keys: FakeFetchOptions['keys'] = {
  [ALL]: { scopes: ['*'] },
  [NO_WRITE]: { scopes: ['dashboard:read', 'session_recording_playlist:read'] },
  [SCOPED]: {
    scopes: ['dashboard:write', 'sharing_configuration:read', 'session_recording_playlist:write'],
    scopedTeams: [1],
  },
};

function setup(options: Partial<FakeFetchOptions> = {}) {
  const server = createFakePostHogFetch({ keys, ...options });
  const secrets = createMemoryKeyValueStore();
  let cachesCleared = 0;
  const service = createSettingsService({
    storage: browser.storage.local,
    keyStore: createApiKeyStore(secrets),
    createClient: ({ origin, apiKey }) =>
      createPostHogClient({ origin, apiKey, fetch: server.fetch, retry: { limit: 0 }, timeoutMs: 1000 }),
    clearCaches: async () => void cachesCleared++,
  });
  return { service, server, secrets, cachesCleared: () => cachesCleared };
}

const everything = async (answers: unknown[]) =>
  JSON.stringify([answers, await browser.storage.local.get(null), await browser.storage.session.get(null)]);

describe('settings/save', () => {
  it('validates a good key, stores it and answers with what it can do, masked', async () => {
    const { service, server, secrets } = setup();
    const answer = await service.save({ origin: 'us.posthog.com', apiKey: `  ${ALL}\n` });
    expect(answer).toEqual(
      keyCheck({
        origin: ORIGIN,
        projectId: 2, // the user's current project
        capabilities: {
          addToPlaylist: { ok: true },
          createCollection: { ok: true },
          pin: { ok: true },
          shareLinks: { ok: true },
          insightLinks: { ok: true },
          recordingLinks: { ok: true },
          notebookNames: { ok: true },
          recordingFaces: { ok: true },
          recordingNotes: { ok: true },
          personRecordings: { ok: true },
        },
        // This server's users/@me names no organisation: whether public links open is not known.
        publicSharing: 'unknown',
        // Who the key's owner is: a change kept for later is made only as them.
        user: { name: 'Ana Lima', email: 'ana@example.com', uuid: 'u-42' },
      }),
    );
    expect(server.calls.map((call) => new URL(call.url).pathname).sort()).toEqual([
      '/api/personal_api_keys/@current/',
      '/api/projects/',
      '/api/users/@me/',
    ]);
    expect(server.calls.every((call) => call.authorization === `Bearer ${ALL}`)).toBe(true);
    // The mask is kept beside the key for the popup, which never reads the key itself.
    expect(secrets.entries()).toEqual({
      personalApiKey: ALL,
      personalApiKeyOrigin: ORIGIN,
      personalApiKeyMask: maskKey(ALL),
    });
    await expect(service.status()).resolves.toMatchObject({
      configured: true,
      origin: ORIGIN,
      maskedKey: 'phx_…a1B2',
      projectId: 2,
      projectName: 'Staging',
    });
    expect(await everything([answer, await service.status(), await service.getSettings()])).not.toContain(
      ALL,
    );
  });

  it('keeps the project the user picked', async () => {
    const { service } = setup();
    await expect(service.save({ origin: ORIGIN, apiKey: ALL, projectId: 1 })).resolves.toMatchObject({
      projectId: 1,
    });
    await expect(service.getSettings()).resolves.toEqual({
      origin: ORIGIN,
      projectId: 1,
      inPageButton: true,
      maskedKey: 'phx_…a1B2',
      lastCheck: expect.objectContaining({ projectId: 1 }),
    });
  });

  it('refuses a project the key cannot reach, and stores nothing', async () => {
    const { service, secrets } = setup();
    await expect(service.save({ origin: ORIGIN, apiKey: ALL, projectId: 99 })).rejects.toMatchObject({
      kind: 'project-forbidden',
    });
    expect(secrets.entries()).toEqual({});
  });

  it('reports unauthorized for a key PostHog does not know, and stores nothing', async () => {
    const { service, secrets } = setup();
    const error = await service.save({ origin: ORIGIN, apiKey: STRANGER }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(secrets.entries()).toEqual({});
    await expect(service.status()).resolves.toEqual({ configured: false });
    expect(JSON.stringify(error)).not.toContain(STRANGER);
  });

  it('shows which capability lacks which scope and how to fix it', async () => {
    const { service } = setup();
    const { capabilities } = await service.save({ origin: ORIGIN, apiKey: NO_WRITE });
    // Listing is enough to add (PostHog adds through the session); creating needs write access.
    expect(capabilities.addToPlaylist).toEqual({ ok: true });
    expect(capabilities.createCollection).toEqual({
      ok: false,
      missingScope: 'session_recording_playlist:write',
      fix: expect.stringContaining('session_recording_playlist:write'),
    });
    expect(capabilities.pin).toMatchObject({ ok: false, missingScope: 'dashboard:write' });
    expect(capabilities.shareLinks).toMatchObject({ ok: false, missingScope: 'sharing_configuration:read' });
    expect(capabilities.pin.fix).toMatch(/Personal API keys/);
    // An insight's public link needs the sharing scope first, then insight:read for its numeric id.
    expect(capabilities.insightLinks).toMatchObject({
      ok: false,
      missingScope: 'sharing_configuration:read',
    });
    expect(capabilities.recordingLinks).toMatchObject({
      ok: false,
      missingScope: 'sharing_configuration:read',
    });
  });

  it('asks a project-scoped key for each of its projects instead of the project list', async () => {
    const { service, server } = setup();
    const answer = await service.save({ origin: ORIGIN, apiKey: SCOPED });
    expect(answer.projects).toEqual([{ id: 1, name: 'Main' }]);
    expect(answer.projectId).toBe(1);
    expect(answer.capabilities).toEqual({
      addToPlaylist: { ok: true },
      createCollection: { ok: true },
      pin: { ok: true },
      shareLinks: { ok: true },
      // The key has the sharing scope, but not insight:read nor notebook:read.
      insightLinks: expect.objectContaining({ ok: false, missingScope: 'insight:read' }),
      recordingLinks: { ok: true },
      notebookNames: expect.objectContaining({ ok: false, missingScope: 'notebook:read' }),
      recordingFaces: expect.objectContaining({ ok: false, missingScope: 'session_recording:read' }),
      recordingNotes: expect.objectContaining({ ok: false, missingScope: 'comment:write' }),
      // The person first: without person:read nothing else is asked.
      personRecordings: expect.objectContaining({ ok: false, missingScope: 'person:read' }),
    });
    const paths = server.calls.map((call) => new URL(call.url).pathname);
    expect(paths).toContain('/api/projects/1/');
    expect(paths).not.toContain('/api/projects/');
  });

  it('reports network when the host cannot be reached', async () => {
    const { service, secrets } = setup({ unreachable: true });
    await expect(service.save({ origin: 'https://posthog.example.com', apiKey: ALL })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(secrets.entries()).toEqual({});
  });

  it('reports invalid-response when the address serves an HTML site', async () => {
    const { service, secrets } = setup({ html: true });
    await expect(service.save({ origin: 'https://posthog.example.com', apiKey: ALL })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    expect(secrets.entries()).toEqual({});
  });

  it.each([
    ['a project token', 'phc_abcdefghijklmnopqrstuvwxyz', /project token/],
    ['a project secret key', 'phs_abcdefghijklmnopqrstuvwxyz', /project secret key/],
    ['an OAuth token', 'pha_abcdefghijklmnopqrstuvwxyz', /OAuth/],
    ['a truncated key', 'phx_abc', /does not look like a personal API key/],
    ['prose', 'my key please', /does not look like a personal API key/],
  ])('refuses %s before sending any request', async (_name, apiKey, sentence) => {
    const { service, server } = setup();
    const error = await service.save({ origin: ORIGIN, apiKey }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'invalid-input',
      field: 'apiKey',
      detail: expect.stringMatching(sentence),
    });
    // The sentence is the user's message, not "PostHog refused…": nothing was sent.
    expect((error as AppError).userMessage()).toMatch(sentence);
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    ['plain http', 'http://posthog.example.com'],
    ['the ingestion host', 'https://us.i.posthog.com'],
    ['not an address', 'https://exa mple.com'],
  ])('refuses %s as the address before sending any request', async (_name, origin) => {
    const { service, server } = setup();
    const error = await service.save({ origin, apiKey: ALL }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-input', field: 'origin' });
    expect((error as AppError).userMessage()).not.toMatch(/PostHog refused/);
    expect(server.calls).toHaveLength(0);
  });

  it('reuses the saved key for the same address, but never sends it to a new one', async () => {
    const { service, server } = setup();
    await service.save({ origin: ORIGIN, apiKey: ALL });
    await expect(service.save({ origin: ORIGIN, projectId: 1, inPageButton: false })).resolves.toMatchObject({
      projectId: 1,
    });
    await expect(service.getSettings()).resolves.toMatchObject({ inPageButton: false });
    server.calls.length = 0;
    await expect(service.save({ origin: 'https://posthog.example.com' })).rejects.toMatchObject({
      field: 'apiKey',
    });
    expect(server.calls).toHaveLength(0);
  });
});

describe('settings/get', () => {
  it('carries the last check (masked) so the options page needs no request to show it', async () => {
    const { service, server } = setup();
    await expect(service.getSettings()).resolves.toEqual({ origin: ORIGIN, inPageButton: true });
    const answer = await service.save({ origin: ORIGIN, apiKey: NO_WRITE, projectId: 1 });
    server.calls.length = 0;
    const settings = await service.getSettings();
    expect(settings.lastCheck).toEqual({ ...answer, checkedAt: expect.any(Number) });
    expect(server.calls).toHaveLength(0);
    expect(JSON.stringify(settings)).not.toContain(NO_WRITE);
    await service.forget();
    await expect(service.getSettings()).resolves.not.toHaveProperty('lastCheck');
  });
});

describe('settings/check', () => {
  it('re-checks the stored key and refreshes what it can do', async () => {
    const { service } = setup();
    await expect(service.check()).rejects.toMatchObject({ kind: 'not-configured' });
    await service.save({ origin: ORIGIN, apiKey: NO_WRITE, projectId: 1 });
    const answer = await service.check();
    expect(answer).toMatchObject({ maskedKey: 'phx_…c3D4', projectId: 1, scopes: keys[NO_WRITE]?.scopes });
    expect(JSON.stringify(answer)).not.toContain(NO_WRITE);
    await expect(service.status()).resolves.toMatchObject({ capabilities: answer.capabilities });
  });
});

describe('settings/forget', () => {
  it('leaves no key, no project choice and no cached data behind', async () => {
    const { service, secrets, cachesCleared } = setup();
    await service.save({ origin: ORIGIN, apiKey: ALL, projectId: 1 });
    const before = cachesCleared();
    await expect(service.forget()).resolves.toEqual({});
    expect(secrets.entries()).toEqual({});
    expect(await browser.storage.local.get(null)).toEqual({
      settings: { version: 2, origin: ORIGIN, inPageButton: true },
    });
    expect(cachesCleared()).toBe(before + 1);
    await expect(service.status()).resolves.toEqual({ configured: false });
    await expect(service.connection()).rejects.toMatchObject({ kind: 'not-configured' });
  });
});

describe('appOrigins and connection', () => {
  it('adds a self-hosted origin to the cloud ones and hands the key only to background callers', async () => {
    const { service } = setup();
    await expect(service.appOrigins()).resolves.toEqual(['https://us.posthog.com', 'https://eu.posthog.com']);
    await service.save({ origin: 'https://posthog.example.com/project/1', apiKey: ALL, projectId: 1 });
    await expect(service.appOrigins()).resolves.toContain('https://posthog.example.com');
    await expect(service.connection()).resolves.toEqual({
      origin: 'https://posthog.example.com',
      apiKey: ALL,
      projectId: 1,
    });
  });
});

describe('settings/cancel: the user stops waiting for a key check', () => {
  /** The service against a PostHog that holds every answer while `holding` (until `release`). */
  function slowSetup() {
    const server = createFakePostHogFetch({ keys });
    const secrets = createMemoryKeyValueStore();
    let holding = false;
    let asking = 0;
    let gate = deferred();
    const service = createSettingsService({
      storage: browser.storage.local,
      keyStore: createApiKeyStore(secrets),
      createClient: ({ origin, apiKey }) =>
        createPostHogClient({
          origin,
          apiKey,
          fetch: async (input, init) => {
            asking += 1;
            if (holding) await gate.promise;
            return server.fetch(input, init);
          },
          retry: { limit: 0 },
          timeoutMs: 10_000,
        }),
    });
    const hold = () => {
      holding = true;
      asking = 0;
      gate = deferred();
    };
    const release = () => {
      holding = false;
      gate.resolve();
    };
    /** Until PostHog has the check's first request. */
    const asked = () => vi.waitFor(() => expect(asking).toBeGreaterThan(0), { interval: 5 });
    return { service, secrets, server, hold, release, asked };
  }

  it('a save stopped while PostHog has not answered stores nothing, even when the answer comes later', async () => {
    const { service, secrets, server, hold, release, asked } = slowSetup();
    hold();
    const saving = service.save({ origin: ORIGIN, apiKey: ALL, projectId: 1 });
    await asked();
    expect(service.cancelCheck()).toBe(true);
    await expect(saving).rejects.toMatchObject({ kind: 'cancelled' });
    release();
    // PostHog answers the abandoned check's reads after all: they are stored nowhere.
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThanOrEqual(3), { interval: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secrets.entries()).toEqual({});
    await expect(service.status()).resolves.toEqual({ configured: false });
    expect(service.cancelCheck()).toBe(false);
    // Nothing is stuck: the next save goes through.
    await expect(service.save({ origin: ORIGIN, apiKey: ALL, projectId: 1 })).resolves.toMatchObject({
      projectId: 1,
    });
  });

  it('a re-check stopped keeps the saved key and its last check as they were', async () => {
    const { service, hold, release, asked } = slowSetup();
    await service.save({ origin: ORIGIN, apiKey: NO_WRITE, projectId: 1 });
    const before = await service.getSettings();
    hold();
    const checking = service.check();
    await asked();
    expect(service.cancelCheck()).toBe(true);
    await expect(checking).rejects.toMatchObject({ kind: 'cancelled' });
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(service.getSettings()).resolves.toEqual(before);
  });

  it('has nothing to stop when no check is waiting', async () => {
    const { service } = slowSetup();
    expect(service.cancelCheck()).toBe(false);
    await service.save({ origin: ORIGIN, apiKey: ALL, projectId: 1 });
    expect(service.cancelCheck()).toBe(false);
  });
});

describe('the key’s owner, whom every change through a page’s session is made as', () => {
  /** A key check saved before owners were kept: the same check, without the user's uuid. */
  async function fromBeforeOwners() {
    const stored = await browser.storage.local.get(keyCheckItem.key);
    const cache = stored[keyCheckItem.key] as { check: { user: Record<string, unknown> } };
    delete cache.check.user.uuid;
    await browser.storage.local.set({ [keyCheckItem.key]: cache });
  }

  it('is the one the key check read, with no request', async () => {
    const { service, server } = setup();
    await service.save({ origin: 'us.posthog.com', apiKey: ALL });
    server.calls.length = 0;
    expect(await service.ownerForSession()).toBe('u-42');
    expect(server.calls).toEqual([]);
  });

  it('after an upgrade, is read with the key once and kept with the check', async () => {
    const { service, server, secrets } = setup();
    await service.save({ origin: 'us.posthog.com', apiKey: ALL });
    await fromBeforeOwners();
    const upgraded = createSettingsService({
      storage: browser.storage.local,
      keyStore: createApiKeyStore(secrets),
      createClient: ({ origin, apiKey }) =>
        createPostHogClient({ origin, apiKey, fetch: server.fetch, retry: { limit: 0 }, timeoutMs: 1000 }),
    });
    expect(await upgraded.keyOwner()).toBeUndefined();
    server.calls.length = 0;
    const [first, second] = await Promise.all([upgraded.ownerForSession(), upgraded.ownerForSession()]);
    expect([first, second]).toEqual(['u-42', 'u-42']);
    expect(await upgraded.ownerForSession()).toBe('u-42');
    expect(server.calls.map((call) => `${new URL(call.url).pathname} ${call.authorization}`)).toEqual([
      `/api/users/@me/ Bearer ${ALL}`,
    ]);
    expect(await upgraded.keyOwner()).toBe('u-42');
  });

  it('with no key, is not-configured (nothing is made through a page then)', async () => {
    const { service } = setup();
    await expect(service.ownerForSession()).rejects.toMatchObject({ kind: 'not-configured' });
  });
});

describe("public sharing is read for the project's organisation", () => {
  // Ana's current organisation (users/@me) has public links turned off; project 1 is in it, project 2
  // in another organisation the key may read, which allows them, project 4 in one it may not read.
  const SECURITY = [{ key: 'organization_security_settings' }];
  const twoOrganisations = () =>
    setup({
      projects: [
        { id: 1, name: 'Main', organization: 'org-current' },
        { id: 2, name: 'Client site', organization: 'org-other' },
        { id: 4, name: 'Partner site', organization: 'org-hidden' },
      ],
      organizations: {
        'org-other': {
          name: 'Client',
          allow_publicly_shared_resources: true,
          available_product_features: SECURITY,
        },
      },
      organization: {
        id: 'org-current',
        name: 'Acme',
        allow_publicly_shared_resources: false,
        available_product_features: SECURITY,
      },
    });

  it('answers for each project its own organisation’s switch, never the current one’s', async () => {
    const { service, server } = twoOrganisations();
    await service.save({ origin: ORIGIN, apiKey: ALL, projectId: 2 });
    await expect(service.publicSharing(1)).resolves.toBe('off');
    await expect(service.publicSharing(2)).resolves.toBe('allowed');
    // An organisation the key may not read is not known; nor is a project the check did not list.
    await expect(service.publicSharing(4)).resolves.toBe('unknown');
    await expect(service.publicSharing(3)).resolves.toBe('unknown');
    // Each other organisation read once, at the key check; the current one is users/@me's.
    expect(
      server.calls.map((call) => new URL(call.url).pathname).filter((path) => path.includes('organizations')),
    ).toEqual(['/api/organizations/org-other/', '/api/organizations/org-hidden/']);
  });
});
