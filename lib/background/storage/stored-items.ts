import { z } from 'zod/mini';
import { STORED, tabHintsKey } from '../../messaging/first-view/stored-names';
import {
  CheckedKeySchema,
  DashboardListSchema,
  PageHintsSchema,
  RecordingFaceSchema,
} from '../../messaging/messages';
import { lazily } from '../../platform/lazy';
import type { StoredItem } from '../../platform/storage';
import { DEFAULT_APP_ORIGIN } from '../../posthog/app-origins';
import { normaliseUserOrigin } from '../../posthog/user-origin';

/** The background's stored items; the mechanism that reads, migrates and writes them is lib/platform/storage.ts. */

// ——— settings (the trusted area; content scripts see only a mirror in storage.local) ———

export const SettingsSchema = lazily(() =>
  z.object({
    version: z.literal(2),
    origin: z.string(),
    projectId: z.optional(z.int().check(z.positive())),
    /** Shown in the popup before any request; refreshed on every key check. */
    projectName: z.optional(z.string()),
    inPageButton: z.boolean(),
  }),
);
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
  key: STORED.settings.key,
  version: STORED.settings.version,
  schema: SettingsSchema,
  fallback: () => ({ version: 2, origin: DEFAULT_APP_ORIGIN, inPageButton: true }),
  migrations: { 1: migrateSettingsV1 },
};

// ——— the last successful key check (the trusted area): what the key can do, without the key ———

export const KeyCheckCacheSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    check: z.nullable(CheckedKeySchema),
  }),
);
export type KeyCheckCache = z.infer<typeof KeyCheckCacheSchema>;

export const keyCheckItem: StoredItem<KeyCheckCache> = {
  key: STORED.keyCheck.key,
  version: STORED.keyCheck.version,
  schema: KeyCheckCacheSchema,
  fallback: () => ({ version: 1, check: null }),
  migrations: {},
};

// ——— per-tab hints (storage.session, so a restarted service worker keeps them) ———

export const TabHintsSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    /** The URL the hints were sent from; hints of another URL are stale. */
    url: z.string(),
    hints: PageHintsSchema,
  }),
);
export type TabHints = z.infer<typeof TabHintsSchema>;

export function tabHintsItem(tabId: number): StoredItem<TabHints> {
  return {
    key: tabHintsKey(tabId),
    version: STORED.tabHints.version,
    schema: TabHintsSchema,
    fallback: () => ({ version: 1, url: '', hints: {} }),
    migrations: {},
  };
}

// ——— dashboard lists per (origin, project) (the trusted area), so the popup paints at once ———

export const DashboardListCacheSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    list: z.nullable(DashboardListSchema),
  }),
);
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
export const DashboardCacheIndexSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    keys: z.array(z.string()),
  }),
);
export type DashboardCacheIndex = z.infer<typeof DashboardCacheIndexSchema>;

export const dashboardCacheIndexItem: StoredItem<DashboardCacheIndex> = {
  key: 'dashboardsIndex',
  version: 1,
  schema: DashboardCacheIndexSchema,
  fallback: () => ({ version: 1, keys: [] }),
  migrations: {},
};

// ——— what insights, notebooks and recordings' sharing said (storage.session: ten minutes, not the browser) ———

/** One answer of PostHog's behind a link: an insight's id and name, a sharing state, a notebook's title. */
export const ItemLinkAnswerSchema = lazily(() =>
  z.union([
    z.object({ kind: z.literal('insight'), id: z.int().check(z.positive()), name: z.nullable(z.string()) }),
    z.object({
      kind: z.literal('sharing'),
      enabled: z.boolean(),
      url: z.optional(z.string()),
      passwordRequired: z.boolean(),
    }),
    z.object({ kind: z.literal('notebook'), title: z.nullable(z.string()) }),
    z.extend(RecordingFaceSchema, { kind: z.literal('recording') }),
  ]),
);
export type ItemLinkAnswer = z.infer<typeof ItemLinkAnswerSchema>;

export const ItemLinkCacheSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    /** By `origin|project|what|id`, each with when PostHog said it. */
    entries: z.record(z.string(), z.object({ at: z.number(), answer: ItemLinkAnswerSchema })),
  }),
);
export type ItemLinkCache = z.infer<typeof ItemLinkCacheSchema>;

export const itemLinkCacheItem: StoredItem<ItemLinkCache> = {
  key: STORED.itemLinks.key,
  version: STORED.itemLinks.version,
  schema: ItemLinkCacheSchema,
  fallback: () => ({ version: 1, entries: {} }),
  migrations: {},
};
