import { z } from 'zod/mini';
import { RecordingsFromSchema } from '../../messaging/person-messages';
import { SiteRecordingSchema } from '../../messaging/site-messages';
import { lazily } from '../../platform/lazy';
import { logFailure } from '../../platform/log';
import { createItemStore, type StorageAreaLike } from '../../platform/storage';

const Text = (max: number) => z.string().check(z.maxLength(max));

const ListSchema = lazily(() =>
  z.object({ recordings: z.array(SiteRecordingSchema), next: z.nullable(RecordingsFromSchema) }),
);
export type CachedList = z.infer<typeof ListSchema>;

const ReachableSchema = lazily(() =>
  z.array(z.object({ id: z.int(), name: Text(400), token: z.nullable(Text(200)) })),
);
export type ReachableProject = z.infer<typeof ReachableSchema>[number];

const DomainsSchema = lazily(() =>
  z.object({ recording_domains: z.array(Text(2048)), app_urls: z.array(Text(2048)) }),
);
export type Domains = z.infer<typeof DomainsSchema>;

const Timed = <T extends z.ZodMiniType>(schema: T) =>
  z.record(z.string(), z.object({ at: z.number(), value: schema }));

const SiteCacheSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    /** A page of recordings, by (origin, project, pattern, window, where it starts). */
    lists: Timed(ListSchema),
    /** Every project the credential reaches with its token, by PostHog origin. */
    reachable: Timed(ReachableSchema),
    /** A project's `recording_domains` and `app_urls`, by `origin|id`. */
    domains: Timed(DomainsSchema),
    /** The filter form each PostHog knows (lib/posthog/visited-page.ts `FilterForm`), by origin. */
    forms: z.record(z.string(), z.enum(['recording-property', 'pageview-event'])),
    /** When PostHog said the key may list recordings again (ms since the epoch), by origin. */
    throttledUntil: z.record(z.string(), z.number()),
  }),
);
type SiteCache = z.infer<typeof SiteCacheSchema>;

/** `storage.session`: outlives a stopped service worker, never the browser. */
const siteCacheItem = {
  key: 'siteRecordings',
  version: 1 as const,
  schema: SiteCacheSchema,
  fallback: (): SiteCache => ({
    version: 1,
    lists: {},
    reachable: {},
    domains: {},
    forms: {},
    throttledUntil: {},
  }),
  migrations: {},
};

/** How long a list is reused: a second popup within it sends no list request. */
export const SITE_LIST_TTL_MS = 5 * 60_000;
/** How long the projects' tokens and domains are reused. */
export const SITE_PROJECTS_TTL_MS = 30 * 60_000;
const MAX_LISTS = 40;

type TimedArea = 'lists' | 'reachable' | 'domains';

/**
 * What "Recorded here" keeps: lists for five minutes, the projects' tokens and domains for thirty,
 * the server's filter form and PostHog's listing wait. `clear` (another key, Forget key) bumps an
 * epoch: nothing asked before it is written after it.
 */
export function createSiteCache(
  session: StorageAreaLike,
  now: () => number = Date.now,
  /** Told when a list just kept expires (it names people), for the storage room's sweep then. */
  expiresAt?: (when: number) => void,
) {
  const store = createItemStore(session, siteCacheItem);
  const ttl: Record<TimedArea, number> = {
    lists: SITE_LIST_TTL_MS,
    reachable: SITE_PROJECTS_TTL_MS,
    domains: SITE_PROJECTS_TTL_MS,
  };
  const fresh = (area: TimedArea, entry: { at: number } | undefined) =>
    entry !== undefined && now() >= entry.at && now() - entry.at < ttl[area];
  let epoch = 0;
  let writes: Promise<unknown> = Promise.resolve();
  const serially = (write: () => Promise<void>): Promise<void> => {
    const run = writes.then(write);
    writes = run.catch(() => undefined);
    return run.catch((error: unknown) => logFailure('site cache', error));
  };

  async function get<A extends TimedArea>(
    area: A,
    key: string,
  ): Promise<SiteCache[A][string]['value'] | null> {
    const entry = (await store.get())[area][key];
    return fresh(area, entry) ? (entry?.value ?? null) : null;
  }

  function put<A extends TimedArea>(
    area: A,
    key: string,
    value: SiteCache[A][string]['value'],
    since: number,
  ) {
    return serially(async () => {
      if (since !== epoch) return;
      await store.update((cache) => {
        const kept = Object.entries({ ...cache[area], [key]: { at: now(), value } })
          .filter(([, entry]) => fresh(area, entry))
          .sort(([, a], [, b]) => b.at - a.at)
          .slice(0, MAX_LISTS);
        return { ...cache, [area]: Object.fromEntries(kept) };
      });
      expiresAt?.(now() + ttl[area]);
    });
  }

  return {
    epoch: () => epoch,
    get,
    put,
    async form(origin: string) {
      return (await store.get()).forms[origin] ?? null;
    },
    setForm(origin: string, form: SiteCache['forms'][string], since: number) {
      return serially(async () => {
        if (since !== epoch) return;
        await store.update((cache) => ({ ...cache, forms: { ...cache.forms, [origin]: form } }));
      });
    },
    async throttledUntil(origin: string): Promise<number | null> {
      const until = (await store.get()).throttledUntil[origin];
      return until !== undefined && until > now() ? until : null;
    },
    throttle(origin: string, until: number) {
      return serially(async () => {
        await store.update((cache) => ({
          ...cache,
          throttledUntil: { ...cache.throttledUntil, [origin]: until },
        }));
      });
    },
    /**
     * Drops what is past its time (a list names the people recorded, for five minutes) and the waits
     * that are over; says when the next kept answer expires (null: none kept).
     */
    async sweep(): Promise<number | null> {
      let next: number | null = null;
      await serially(async () => {
        await store.update((cache) => {
          const swept = { ...cache };
          for (const area of ['lists', 'reachable', 'domains'] as const) {
            const kept = Object.entries(cache[area]).filter(([, entry]) => fresh(area, entry));
            for (const [, entry] of kept)
              next = Math.min(next ?? Number.POSITIVE_INFINITY, entry.at + ttl[area]);
            swept[area] = Object.fromEntries(kept) as never;
          }
          swept.throttledUntil = Object.fromEntries(
            Object.entries(cache.throttledUntil).filter(([, until]) => until > now()),
          );
          return swept;
        });
      });
      return next;
    },
    clear(): Promise<void> {
      epoch += 1;
      return serially(() => store.remove());
    },
  };
}
export type SiteCacheStore = ReturnType<typeof createSiteCache>;
