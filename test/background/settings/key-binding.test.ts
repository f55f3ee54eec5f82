import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPostHogClient } from '../../../lib/api/client';
import { createSettingsService } from '../../../lib/background/settings/settings';
import { afterMove, isMovedKey, moveToTrustedStorage } from '../../../lib/background/storage/trusted-storage';
import { createApiKeyStore, createMemoryKeyValueStore } from '../../../lib/platform/key-store';
import type { StorageAreaLike } from '../../../lib/platform/storage';
import { deferred } from '../../support/deferred';
import { createFakePostHogFetch } from '../../support/fake-posthog-fetch';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

const ALL = `phx_${'A'.repeat(43)}a1B2`;
const SELF_HOSTED = 'https://posthog.example.com';
const ELSEWHERE = 'https://evil.example';

/** An in-memory area standing in for the extension's IndexedDB (what content scripts cannot reach). */
function memoryArea(): StorageAreaLike & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const list = (keys: string | string[]) => (Array.isArray(keys) ? keys : [keys]);
  return {
    data,
    get: async (keys) =>
      Object.fromEntries(
        list(keys)
          .filter((key) => data.has(key))
          .map((key) => [key, data.get(key)]),
      ),
    set: async (items) => {
      for (const [key, value] of Object.entries(items)) data.set(key, structuredClone(value));
    },
    remove: async (keys) => {
      for (const key of list(keys)) data.delete(key);
    },
  };
}

function setup(granted: string[] = [], lastUsedNames?: () => Promise<Record<string, string>>) {
  const server = createFakePostHogFetch({ keys: { [ALL]: { scopes: ['*'] } } });
  const secrets = createMemoryKeyValueStore();
  const trusted = memoryArea();
  const released: string[] = [];
  let sessionCleared = 0;
  const service = createSettingsService({
    storage: trusted,
    page: browser.storage.local,
    keyStore: createApiKeyStore(secrets),
    isOriginAllowed: async (origin) => origin.endsWith('.posthog.com') || granted.includes(origin),
    releaseAccess: async (origin) => void released.push(origin),
    clearSession: async () => void sessionCleared++,
    ...(lastUsedNames ? { lastUsedNames } : {}),
    createClient: ({ origin, apiKey }) =>
      createPostHogClient({ origin, apiKey, fetch: server.fetch, retry: { limit: 0 }, timeoutMs: 1000 }),
  });
  return { service, server, secrets, trusted, released, sessionCleared: () => sessionCleared };
}

describe('where the key may go', () => {
  it('keeps settings out of storage.local: content scripts see only the page mirror', async () => {
    const { service } = setup();
    await service.save({ origin: 'us.posthog.com', apiKey: ALL });
    const local = await browser.storage.local.get(null);
    expect(local).toEqual({
      pageSettings: {
        version: 1,
        origin: 'https://us.posthog.com',
        connected: true,
        inPageButton: true,
        projectId: 2,
        lastUsed: {},
      },
    });
    // No email, scopes, project names or key: nothing the key check learnt.
    expect(JSON.stringify(local)).not.toMatch(/ana@|Main|scopes|phx_/);
  });

  it("mirrors each project's last-used collection's name, so the in-page button can say where it adds", async () => {
    let names: Record<string, string> = {};
    const { service } = setup([], async () => names);
    await service.save({ origin: 'us.posthog.com', apiKey: ALL });
    names = { '1': 'Checkout bugs', '2': 'Staging picks' };
    await service.syncPageMirror();
    const { pageSettings } = await browser.storage.local.get('pageSettings');
    expect(pageSettings).toMatchObject({
      projectId: 2,
      lastUsed: { '1': 'Checkout bugs', '2': 'Staging picks' },
    });
    expect(JSON.stringify(pageSettings)).not.toMatch(/phx_/);
    await service.forget();
    const after = (await browser.storage.local.get('pageSettings')).pageSettings;
    expect(after).toMatchObject({ connected: false });
    expect(after).not.toHaveProperty('lastUsed');
  });

  it('a tampered storage.local changes nothing the background sends', async () => {
    const { service, server } = setup();
    await service.save({ origin: 'us.posthog.com', apiKey: ALL });
    await browser.storage.local.set({
      settings: { version: 2, origin: ELSEWHERE, projectId: 1, inPageButton: true },
      pageSettings: { version: 1, origin: ELSEWHERE, connected: true, inPageButton: true },
    });
    expect((await service.connection()).origin).toBe('https://us.posthog.com');
    await service.check();
    expect(server.calls.every((call) => call.url.startsWith('https://us.posthog.com/'))).toBe(true);
  });

  it('refuses a self-hosted address the user has not granted, before any request', async () => {
    const { service, server } = setup();
    const error = await service.save({ origin: SELF_HOSTED, apiKey: ALL }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permission-denied' });
    expect(server.calls).toEqual([]);
  });

  it('stops sending the key where access was taken back in the browser', async () => {
    const granted = [SELF_HOSTED];
    const { service, server } = setup(granted);
    await service.save({ origin: SELF_HOSTED, apiKey: ALL, projectId: 1 });
    granted.length = 0;
    server.calls.length = 0;
    await expect(service.connection()).rejects.toMatchObject({ kind: 'permission-denied' });
    await expect(service.check()).rejects.toMatchObject({ kind: 'permission-denied' });
    expect(server.calls).toEqual([]);
  });

  it('never hands out a key saved for another address', async () => {
    const { service, trusted } = setup([SELF_HOSTED]);
    await service.save({ origin: 'us.posthog.com', apiKey: ALL, projectId: 1 });
    // Even were the trusted settings to name another (granted) address, the key stays with its own.
    const settings = trusted.data.get('settings') as Record<string, unknown>;
    trusted.data.set('settings', { ...settings, origin: SELF_HOSTED });
    const fresh = createSettingsService({
      storage: trusted,
      keyStore: createApiKeyStore(
        createMemoryKeyValueStore({ personalApiKey: ALL, personalApiKeyOrigin: 'https://us.posthog.com' }),
      ),
      createClient: () => {
        throw new Error('no request expected');
      },
    });
    await expect(fresh.connection()).rejects.toMatchObject({ kind: 'not-configured' });
    await expect(service.status()).resolves.toMatchObject({ configured: true });
  });
});

describe('Forget key', () => {
  it('forgets the key, the caches and the session, and gives a self-hosted address its access back', async () => {
    const { service, secrets, released, sessionCleared } = setup([SELF_HOSTED]);
    await service.save({ origin: SELF_HOSTED, apiKey: ALL, projectId: 1 });
    await service.forget();
    expect(secrets.entries()).toEqual({});
    expect(released).toEqual([SELF_HOSTED]);
    expect(sessionCleared()).toBe(1);
    expect((await browser.storage.local.get('pageSettings')).pageSettings).toMatchObject({
      connected: false,
    });
    await expect(service.getSettings()).resolves.toEqual({ origin: SELF_HOSTED, inPageButton: true });
  });

  it('keeps PostHog Cloud’s access (the manifest grants it)', async () => {
    const { service, released } = setup();
    await service.save({ origin: 'eu.posthog.com', apiKey: ALL, projectId: 1 });
    await service.forget();
    expect(released).toEqual([]);
  });
});

describe('the move from storage.local', () => {
  const legacy = {
    settings: {
      version: 2,
      origin: 'https://eu.posthog.com',
      projectId: 4,
      projectName: 'Web',
      inPageButton: false,
    },
    keyCheck: { version: 1, check: { email: 'ana@example.com' } },
    dashboardsIndex: { version: 1, keys: ['dashboards:https://eu.posthog.com|4'] },
    'dashboards:https://eu.posthog.com|4': { version: 1, list: null },
    playlistCache: { version: 1 },
    playlistPrefs: { version: 1 },
    playlistMembership: { version: 1 },
  };

  it('moves every background item once, binds an unbound key to its address, and empties storage.local of them', async () => {
    await browser.storage.local.set({ ...legacy, pageSettings: { version: 1 } });
    const trusted = memoryArea();
    const keyStore = createApiKeyStore(createMemoryKeyValueStore({ personalApiKey: ALL }));
    const deps = {
      readAll: () => browser.storage.local.get(null),
      local: browser.storage.local,
      trusted,
      keyStore,
    };
    await moveToTrustedStorage(deps);
    expect(Object.fromEntries([...trusted.data].filter(([key]) => key !== 'movedFromLocal'))).toEqual(legacy);
    expect(await browser.storage.local.get(null)).toEqual({ pageSettings: { version: 1 } });
    await expect(keyStore.origin()).resolves.toBe('https://eu.posthog.com');
    // Once only: a later value planted in storage.local is never moved.
    await browser.storage.local.set({ settings: { version: 2, origin: ELSEWHERE, inPageButton: true } });
    await moveToTrustedStorage(deps);
    expect((trusted.data.get('settings') as { origin: string }).origin).toBe('https://eu.posthog.com');
  });

  it('knows which keys are the background’s', () => {
    expect(Object.keys(legacy).every(isMovedKey)).toBe(true);
    expect(['pageSettings', 'tabHints:3'].some(isMovedKey)).toBe(false);
  });

  it('lets nothing read the area before the move is done', async () => {
    const trusted = memoryArea();
    const moving = deferred();
    const gated = afterMove(trusted, moving.promise);
    const read = gated.get('settings');
    trusted.data.set('settings', { moved: true });
    moving.resolve();
    await expect(read).resolves.toEqual({ settings: { moved: true } });
  });
});
