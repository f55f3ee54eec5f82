import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  keyCheckItem,
  migrateSettingsV1,
  settingsItem,
  tabHintsItem,
} from '../../../lib/background/storage/stored-items';
import { createItemStore } from '../../../lib/platform/storage';
import { installEnglishTranslator } from '../../support/i18n';
import { stored } from '../../support/stored';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

const settings = () => createItemStore(browser.storage.local, settingsItem);

describe('settings', () => {
  it('reads the default when nothing is stored, without writing it', async () => {
    await expect(settings().get()).resolves.toEqual({
      version: 2,
      origin: 'https://us.posthog.com',
      inPageButton: true,
    });
    expect(await stored('settings')).toBeUndefined();
  });

  it('round-trips what was saved', async () => {
    const value = {
      version: 2 as const,
      origin: 'https://eu.posthog.com',
      projectId: 7,
      inPageButton: false,
    };
    await settings().set(value);
    await expect(settings().get()).resolves.toEqual(value);
  });

  it.each([
    ['a string', 'us'],
    ['an array', [1, 2]],
    ['a wrong type', { version: 2, origin: 42, inPageButton: true }],
    ['a missing field', { version: 2, origin: 'https://us.posthog.com' }],
    ['no version', { origin: 'https://us.posthog.com', inPageButton: true }],
    ['a version from a newer build', { version: 9, origin: 'https://us.posthog.com', inPageButton: true }],
    ['an unknown old version', { version: 0, host: 'us' }],
  ])('repairs %s to the default and writes the repair back', async (_name, garbage) => {
    await browser.storage.local.set({ settings: garbage });
    const value = await settings().get();
    expect(value).toEqual(settingsItem.fallback());
    expect(await stored('settings')).toEqual(settingsItem.fallback());
  });

  it('refuses to write an invalid value', async () => {
    await expect(settings().set({ version: 2, origin: 'x', inPageButton: 'yes' } as never)).rejects.toThrow();
  });
});

describe('settings migration v1 → v2', () => {
  it.each([
    [
      { version: 1, host: 'us', projectId: 3 },
      { version: 2, origin: 'https://us.posthog.com', projectId: 3, inPageButton: true },
    ],
    [
      { version: 1, host: 'eu', inPageButton: false },
      { version: 2, origin: 'https://eu.posthog.com', inPageButton: false },
    ],
    [
      { version: 1, host: 'app.posthog.com' },
      { version: 2, origin: 'https://us.posthog.com', inPageButton: true },
    ],
    [
      { version: 1, host: 'https://posthog.example.com/some/path/', projectId: 1 },
      { version: 2, origin: 'https://posthog.example.com', projectId: 1, inPageButton: true },
    ],
    [
      { version: 1, host: 'localhost:8000' },
      { version: 2, origin: 'http://localhost:8000', inPageButton: true },
    ],
    // An address v2 would refuse falls back to US cloud and drops the project, which belonged elsewhere.
    [
      { version: 1, host: 'http://posthog.example.com', projectId: 4 },
      { version: 2, origin: 'https://us.posthog.com', inPageButton: true },
    ],
    [{ version: 1 }, { version: 2, origin: 'https://us.posthog.com', inPageButton: true }],
  ])('migrates %j', (v1, v2) => {
    expect(migrateSettingsV1(v1)).toEqual(v2);
  });

  it('migrates a stored v1 value on read and stores the v2 value', async () => {
    await browser.storage.local.set({
      settings: { version: 1, host: 'eu', projectId: 12, inPageButton: false },
    });
    const expected = { version: 2, origin: 'https://eu.posthog.com', projectId: 12, inPageButton: false };
    await expect(settings().get()).resolves.toEqual(expected);
    expect(await stored('settings')).toEqual(expected);
  });
});

describe('other items', () => {
  it('keeps the key check cache empty by default and removes it', async () => {
    const cache = createItemStore(browser.storage.local, keyCheckItem);
    await expect(cache.get()).resolves.toEqual({ version: 1, check: null });
    await browser.storage.local.set({ keyCheck: { version: 1, check: { nonsense: true } } });
    await expect(cache.get()).resolves.toEqual({ version: 1, check: null });
    await cache.remove();
    expect(await stored('keyCheck')).toBeUndefined();
  });

  it('keeps tab hints per tab in the session area', async () => {
    const seven = createItemStore(browser.storage.session, tabHintsItem(7));
    await seven.update((current) => ({
      ...current,
      url: 'https://us.posthog.com/',
      hints: { currentSecond: 5 },
    }));
    await expect(createItemStore(browser.storage.session, tabHintsItem(8)).get()).resolves.toMatchObject({
      hints: {},
    });
    await expect(seven.get()).resolves.toMatchObject({ hints: { currentSecond: 5 } });
    expect(await browser.storage.local.get(null)).toEqual({});
  });
});
