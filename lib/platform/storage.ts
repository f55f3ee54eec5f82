import type { z } from 'zod/mini';

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
