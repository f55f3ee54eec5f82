import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { settingsItem } from '../../lib/background/storage/stored-items';
import { createApiKeyStore, createMemoryKeyValueStore } from '../../lib/platform/key-store';
import {
  createItemStore,
  maskKey,
  memoizeItemStore,
  restrictSessionStorage,
} from '../../lib/platform/storage';
import { installEnglishTranslator } from '../support/i18n';
import { stored } from '../support/stored';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

describe('the session area', () => {
  it('restricts the session area where the browser can, and shrugs where it cannot', async () => {
    const calls: unknown[] = [];
    await restrictSessionStorage({ setAccessLevel: async (options) => void calls.push(options) });
    expect(calls).toEqual([{ accessLevel: 'TRUSTED_CONTEXTS' }]);
    await expect(restrictSessionStorage({})).resolves.toBeUndefined();
    await expect(
      restrictSessionStorage({ setAccessLevel: () => Promise.reject(new Error('unsupported')) }),
    ).resolves.toBeUndefined();
  });
});

describe('the API key store', () => {
  it('keeps the masked key beside the key, written and deleted with it, for readers that must not see the key', async () => {
    const memory = createMemoryKeyValueStore();
    const keys = createApiKeyStore(memory);
    await keys.write('phx_abcdefghijklmnopqrstuvwxyz', 'https://eu.posthog.com');
    expect(memory.entries()).toEqual({
      personalApiKey: 'phx_abcdefghijklmnopqrstuvwxyz',
      personalApiKeyOrigin: 'https://eu.posthog.com',
      personalApiKeyMask: 'phx_…wxyz',
    });
    await keys.clear();
    expect(memory.entries()).toEqual({});
  });

  it('gives a key saved before masks were kept its mask on the first read', async () => {
    const memory = createMemoryKeyValueStore({
      personalApiKey: 'phx_abcdefghijklmnopqrstuvwxyz',
      personalApiKeyOrigin: 'https://eu.posthog.com',
    });
    await createApiKeyStore(memory).read();
    expect(memory.entries().personalApiKeyMask).toBe('phx_…wxyz');
  });

  it('keeps the key out of browser.storage entirely', async () => {
    const memory = createMemoryKeyValueStore();
    const keys = createApiKeyStore(memory);
    await expect(keys.read()).resolves.toBeNull();
    await keys.write('phx_abcdefghijklmnopqrstuvwxyz', 'https://eu.posthog.com');
    await expect(keys.read()).resolves.toBe('phx_abcdefghijklmnopqrstuvwxyz');
    await expect(keys.origin()).resolves.toBe('https://eu.posthog.com');
    expect(JSON.stringify(await browser.storage.local.get(null))).not.toContain('phx_');
    await keys.clear();
    await expect(keys.read()).resolves.toBeNull();
    expect(memory.entries()).toEqual({});
  });

  it('reads the database once, and keeps memory in step with its own writes', async () => {
    const memory = createMemoryKeyValueStore();
    let reads = 0;
    const keys = createApiKeyStore({
      ...memory,
      get: (key) => {
        reads++;
        return memory.get(key);
      },
    });
    await keys.read();
    await keys.read();
    // The key, its origin and its mask: one read of each.
    expect(reads).toBe(3);
    await keys.write('phx_abcdefghijklmnopqrstuvwxyz', 'https://us.posthog.com');
    await expect(keys.read()).resolves.toBe('phx_abcdefghijklmnopqrstuvwxyz');
    await keys.clear();
    await expect(keys.read()).resolves.toBeNull();
    expect(reads).toBe(3);
  });
});

describe('a memoized item store', () => {
  /** storage.local, counting its reads. */
  function countingArea() {
    const area = {
      reads: 0,
      get: (keys: string | string[]) => {
        area.reads++;
        return browser.storage.local.get(keys);
      },
      set: (items: Record<string, unknown>) => browser.storage.local.set(items),
      remove: (keys: string | string[]) => browser.storage.local.remove(keys),
    };
    return area;
  }

  it('reads storage once, then answers from memory what it last read or wrote', async () => {
    const area = countingArea();
    const store = memoizeItemStore(createItemStore(area, settingsItem));
    await store.get();
    await store.get();
    expect(area.reads).toBe(1);
    const next = { version: 2 as const, origin: 'https://eu.posthog.com', inPageButton: false };
    await store.set(next);
    await expect(store.get()).resolves.toEqual(next);
    await store.update((current) => ({ ...current, projectId: 3 }));
    await expect(store.get()).resolves.toMatchObject({ projectId: 3 });
    expect(area.reads).toBe(1);
    expect(await stored('settings')).toEqual({ ...next, projectId: 3 });
  });

  it('reads storage again after a removal or a failed read', async () => {
    const area = countingArea();
    const store = memoizeItemStore(createItemStore(area, settingsItem));
    await store.set({ version: 2, origin: 'https://eu.posthog.com', inPageButton: true });
    await store.remove();
    await expect(store.get()).resolves.toMatchObject({ origin: 'https://us.posthog.com' });
    expect(area.reads).toBe(1);

    const failing = memoizeItemStore(
      createItemStore({ ...area, get: () => Promise.reject(new Error('storage closed')) }, settingsItem),
    );
    await expect(failing.get()).rejects.toThrow('storage closed');
    await expect(failing.get()).rejects.toThrow('storage closed');
  });
});

describe('maskKey', () => {
  it.each([
    ['phx_abcdefghijklmnopqrstuvwxyza1B2', 'phx_…a1B2'],
    ['  phx_abcdefghijklmnopqrstuvwxyza1B2\n', 'phx_…a1B2'],
    ['phx_short', 'phx_…'],
    ['', '…'],
  ])('masks %j as %j', (key, masked) => {
    expect(maskKey(key)).toBe(masked);
  });
});
