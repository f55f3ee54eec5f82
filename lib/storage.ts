import { z } from 'zod/mini';
import { DEFAULT_APP_ORIGIN } from './app-origins';
import { CheckedKeySchema, DashboardListSchema, PageHintsSchema } from './messages';
import { normaliseUserOrigin } from './user-origin';

/**
 * Stored items: each has a key, a zod schema, a default, a version and one migration per past version.
 * Reads parse through the schema; garbage (or a version from a newer build) falls back to the default
 * and the default is written back, so one bad value never breaks every later read.
 */

/**
 * The part of a storage area the helpers use: `browser.storage.session`, `browser.storage.local`, or
 * the trusted IndexedDB area of trusted-storage.ts (structural, so fakes fit).
 */
export interface StorageAreaLike {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface StoredItem<T extends { version: number }> {
  key: string;
  version: T['version'];
  schema: z.ZodMiniType<T>;
  fallback: () => T;
  /** `migrations[n]` turns a version-n value into a version-(n+1) value. */
  migrations: Readonly<Record<number, (old: Record<string, unknown>) => Record<string, unknown>>>;
}

export function createItemStore<T extends { version: number }>(area: StorageAreaLike, item: StoredItem<T>) {
  async function repair(): Promise<T> {
    const value = item.fallback();
    await area.set({ [item.key]: value });
    return value;
  }

  async function get(): Promise<T> {
    const raw = (await area.get(item.key))[item.key];
    if (raw === undefined) return item.fallback();
    const migrated = migrate(raw, item);
    if (migrated === null) return repair();
    const parsed = item.schema.safeParse(migrated);
    if (!parsed.success) return repair();
    if (migrated !== raw) await area.set({ [item.key]: parsed.data });
    return parsed.data;
  }
  async function set(value: T): Promise<void> {
    await area.set({ [item.key]: item.schema.parse(value) });
  }

  return {
    get,
    set,
    async update(change: (current: T) => T): Promise<T> {
      const next = change(await get());
      await set(next);
      return next;
    },
    async remove(): Promise<void> {
      await area.remove(item.key);
    },
  };
}
export type ItemStore<T extends { version: number }> = ReturnType<typeof createItemStore<T>>;

/**
 * The same store, keeping what it last read or wrote in memory: for items only one service writes
 * (the background's settings), read on every message. Reads after the first cost no storage round
 * trip and no parse; a failed read is not kept.
 */
export function memoizeItemStore<T extends { version: number }>(store: ItemStore<T>): ItemStore<T> {
  let memory: Promise<T> | null = null;
  const get = (): Promise<T> => {
    const read = store.get();
    memory = read;
    read.catch(() => {
      if (memory === read) memory = null;
    });
    return read;
  };
  const set = async (value: T): Promise<void> => {
    memory = null;
    await store.set(value);
    memory = Promise.resolve(value);
  };
  return {
    get: () => memory ?? get(),
    set,
    async update(change: (current: T) => T): Promise<T> {
      const next = change(await (memory ?? get()));
      await set(next);
      return next;
    },
    async remove(): Promise<void> {
      memory = null;
      await store.remove();
    },
  };
}

function migrate<T extends { version: number }>(raw: unknown, item: StoredItem<T>): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  let value = raw as Record<string, unknown>;
  let version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version > item.version) return null;
  while (version < item.version) {
    const step = item.migrations[version];
    if (!step) return null;
    try {
      value = step(value);
    } catch {
      return null;
    }
    version = value.version;
    if (typeof version !== 'number') return null;
  }
  return value;
}

// ——— settings (the trusted area; content scripts see only a mirror in storage.local) ———

export const SettingsSchema = z.object({
  version: z.literal(2),
  origin: z.string(),
  projectId: z.optional(z.int().check(z.positive())),
  /** Shown in the popup before any request; refreshed on every key check. */
  projectName: z.optional(z.string()),
  inPageButton: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** v1 stored `host: 'us' | 'eu' | <self-hosted address>`; v2 stores the normalised origin. */
export function migrateSettingsV1(old: Record<string, unknown>): Record<string, unknown> {
  const host = typeof old.host === 'string' ? old.host : 'us';
  const named: Record<string, string> = { us: 'https://us.posthog.com', eu: 'https://eu.posthog.com' };
  const normalised = named[host] ?? normaliseUserOrigin(host);
  const origin = typeof normalised === 'string' ? normalised : normalised.ok ? normalised.origin : null;
  return {
    version: 2,
    origin: origin ?? DEFAULT_APP_ORIGIN,
    // A project id means nothing on another origin.
    ...(origin && typeof old.projectId === 'number' ? { projectId: old.projectId } : {}),
    inPageButton: typeof old.inPageButton === 'boolean' ? old.inPageButton : true,
  };
}

export const settingsItem: StoredItem<Settings> = {
  key: 'settings',
  version: 2,
  schema: SettingsSchema,
  fallback: () => ({ version: 2, origin: DEFAULT_APP_ORIGIN, inPageButton: true }),
  migrations: { 1: migrateSettingsV1 },
};

// ——— the last successful key check (the trusted area): what the key can do, without the key ———

export const KeyCheckCacheSchema = z.object({
  version: z.literal(1),
  check: z.nullable(CheckedKeySchema),
});
export type KeyCheckCache = z.infer<typeof KeyCheckCacheSchema>;

export const keyCheckItem: StoredItem<KeyCheckCache> = {
  key: 'keyCheck',
  version: 1,
  schema: KeyCheckCacheSchema,
  fallback: () => ({ version: 1, check: null }),
  migrations: {},
};

// ——— per-tab hints (storage.session, so a restarted service worker keeps them) ———

export const TabHintsSchema = z.object({
  version: z.literal(1),
  /** The URL the hints were sent from; hints of another URL are stale. */
  url: z.string(),
  hints: PageHintsSchema,
});
export type TabHints = z.infer<typeof TabHintsSchema>;

export function tabHintsItem(tabId: number): StoredItem<TabHints> {
  return {
    key: `tabHints:${tabId}`,
    version: 1,
    schema: TabHintsSchema,
    fallback: () => ({ version: 1, url: '', hints: {} }),
    migrations: {},
  };
}

// ——— dashboard lists per (origin, project) (the trusted area), so the popup paints at once ———

export const DashboardListCacheSchema = z.object({
  version: z.literal(1),
  list: z.nullable(DashboardListSchema),
});
export type DashboardListCache = z.infer<typeof DashboardListCacheSchema>;

export function dashboardListItem(origin: string, projectId: number): StoredItem<DashboardListCache> {
  return {
    key: `dashboards:${origin}|${projectId}`,
    version: 1,
    schema: DashboardListCacheSchema,
    fallback: () => ({ version: 1, list: null }),
    migrations: {},
  };
}

/** The keys of the cached lists, newest first: bounds how many projects stay cached, and what to clear. */
export const DashboardCacheIndexSchema = z.object({
  version: z.literal(1),
  keys: z.array(z.string()),
});
export type DashboardCacheIndex = z.infer<typeof DashboardCacheIndexSchema>;

export const dashboardCacheIndexItem: StoredItem<DashboardCacheIndex> = {
  key: 'dashboardsIndex',
  version: 1,
  schema: DashboardCacheIndexSchema,
  fallback: () => ({ version: 1, keys: [] }),
  migrations: {},
};

/** Keeps `storage.session` away from content scripts where the browser supports the switch. */
export async function restrictSessionStorage(area: {
  setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void>;
}): Promise<void> {
  try {
    await area.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
  } catch {
    // Firefox has no setAccessLevel; there storage.session is not exposed to content scripts by default.
  }
}

/** `phx_…a1B2`: enough to recognise a key, never enough to use it. */
export function maskKey(key: string): string {
  const trimmed = key.trim();
  return `${trimmed.slice(0, 4)}…${trimmed.length > 12 ? trimmed.slice(-4) : ''}`;
}
