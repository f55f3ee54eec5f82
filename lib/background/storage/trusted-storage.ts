import { MOVED_MARK } from '../../messaging/first-view/stored-names';
import type { ApiKeyStore } from '../../platform/key-store';
import type { StorageAreaLike } from '../../platform/storage';
import { migrateSettingsV1 } from './stored-items';

/**
 * What the background used to keep in `storage.local` (which content scripts can read and write)
 * and now keeps in the extension's IndexedDB: the settings with the address the key is sent to,
 * what the key check learnt (the owner's email, scopes), and the cached project, dashboard and
 * collection names.
 */
const MOVED_KEYS = new Set([
  'settings',
  'keyCheck',
  'dashboardsIndex',
  'playlistCache',
  'playlistPrefs',
  'playlistMembership',
]);
const MOVED_PREFIXES = ['dashboards:'];

export function isMovedKey(key: string): boolean {
  return MOVED_KEYS.has(key) || MOVED_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export interface MoveDeps {
  /** `() => browser.storage.local.get(null)`. */
  readAll: () => Promise<Record<string, unknown>>;
  local: StorageAreaLike;
  trusted: StorageAreaLike;
  keyStore: ApiKeyStore;
}

/**
 * Once per install: moves those items to the trusted area and deletes them from storage.local. A key
 * saved before keys were bound to an address is bound to the one it was used with; the address is
 * still checked before any request (PostHog Cloud, or access the user granted), so even a value a
 * page had planted in storage.local before the move sends the key nowhere new.
 */
export async function moveToTrustedStorage(deps: MoveDeps): Promise<void> {
  if ((await deps.trusted.get(MOVED_MARK))[MOVED_MARK] === 1) return;
  const all = await deps.readAll();
  const moving = Object.fromEntries(Object.entries(all).filter(([key]) => isMovedKey(key)));
  const keys = Object.keys(moving);
  if (keys.length > 0) {
    const already = await deps.trusted.get(keys);
    await deps.trusted.set(Object.fromEntries(Object.entries(moving).filter(([key]) => !(key in already))));
  }
  const origin = originOf(moving.settings);
  if (origin && (await deps.keyStore.read()) && (await deps.keyStore.origin()) === null) {
    await deps.keyStore.bind(origin);
  }
  await deps.trusted.set({ [MOVED_MARK]: 1 });
  if (keys.length > 0) await deps.local.remove(keys);
}

function originOf(stored: unknown): string | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const settings = stored as Record<string, unknown>;
  if (settings.version === 1) return String(migrateSettingsV1(settings).origin);
  return typeof settings.origin === 'string' ? settings.origin : null;
}

/** The area, each call waiting for `ready` (the move) first, so nothing reads it half-moved. */
export function afterMove(area: StorageAreaLike, ready: Promise<unknown>): StorageAreaLike {
  return {
    get: async (keys) => {
      await ready;
      return area.get(keys);
    },
    set: async (items) => {
      await ready;
      return area.set(items);
    },
    remove: async (keys) => {
      await ready;
      return area.remove(keys);
    },
  };
}
