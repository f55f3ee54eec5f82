import { z } from 'zod/mini';
import {
  PersonMatchSchema,
  PersonRecordingSchema,
  RecordingsFromSchema,
} from '../../messaging/person-messages';
import { lazily } from '../../platform/lazy';
import { logFailure } from '../../platform/log';
import { createItemStore, type StorageAreaLike } from '../../platform/storage';

const AnswerSchema = lazily(() =>
  z.union([
    z.object({
      kind: z.literal('persons'),
      persons: z.array(PersonMatchSchema),
      matchedBy: z.optional(z.literal('email-any-case')),
    }),
    z.object({
      kind: z.literal('recordings'),
      recordings: z.array(PersonRecordingSchema),
      next: z.nullable(RecordingsFromSchema),
    }),
  ]),
);
export type PersonAnswer = z.infer<typeof AnswerSchema>;

const PersonCacheSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    entries: z.record(z.string(), z.object({ at: z.number(), answer: AnswerSchema })),
    /** When PostHog said the key may list recordings again (ms since the epoch), per PostHog. */
    throttledUntil: z.record(z.string(), z.number()),
  }),
);
type PersonCache = z.infer<typeof PersonCacheSchema>;

/** `storage.session`: what a person ask found outlives a stopped service worker, never the browser. */
const personCacheItem = {
  key: 'personAnswers',
  version: 1 as const,
  schema: PersonCacheSchema,
  fallback: (): PersonCache => ({ version: 1, entries: {}, throttledUntil: {} }),
  migrations: {},
};

/** How long an ask's answer is reused: asking again within it sends nothing. */
export const PERSON_CACHE_TTL_MS = 5 * 60_000;
/** Answers kept at most; the oldest go first. */
const MAX_ENTRIES = 60;

/**
 * The person page's answers by key, for a few minutes, and the listing's "not before" per PostHog.
 * Writes run one after another, and `clear` (another key, or Forget key) bumps an epoch: an answer
 * asked before it is never written after it, and nothing it removed comes back.
 */
export function createPersonCache(
  session: StorageAreaLike,
  now: () => number,
  ttlMs = PERSON_CACHE_TTL_MS,
  /** Told when an answer just kept expires, for the sweep then. */
  expiresAt?: (when: number) => void,
) {
  const store = createItemStore(session, personCacheItem);
  const fresh = (entry: { at: number } | undefined): entry is { at: number } =>
    entry !== undefined && now() >= entry.at && now() - entry.at < ttlMs;
  let epoch = 0;
  let writes: Promise<unknown> = Promise.resolve();
  const serially = <T>(write: () => Promise<T>): Promise<T> => {
    const run = writes.then(write);
    writes = run.catch(() => undefined);
    return run;
  };
  return {
    /** Counts the clears: an answer asked at one epoch is kept only while it lasts. */
    epoch: () => epoch,
    async get<K extends PersonAnswer['kind']>(
      key: string,
    ): Promise<Extract<PersonAnswer, { kind: K }> | null> {
      const entry = (await store.get()).entries[key];
      return fresh(entry) ? (entry.answer as Extract<PersonAnswer, { kind: K }>) : null;
    },
    /**
     * Keeps an answer asked at epoch `since` (none after a clear that came meanwhile); a write that
     * fails costs only the cache (the page is still answered).
     */
    put(key: string, answer: PersonAnswer, since = epoch): Promise<void> {
      return serially(async () => {
        if (since !== epoch) return;
        await store.update((cache) => {
          const entries = Object.entries({ ...cache.entries, [key]: { at: now(), answer } })
            .filter(([, entry]) => fresh(entry))
            .sort(([, a], [, b]) => b.at - a.at)
            .slice(0, MAX_ENTRIES);
          return { ...cache, entries: Object.fromEntries(entries) };
        });
        expiresAt?.(now() + ttlMs);
      }).catch((error: unknown) => logFailure('person cache', error));
    },
    async throttledUntil(origin: string): Promise<number | null> {
      const until = (await store.get()).throttledUntil[origin];
      return until !== undefined && until > now() ? until : null;
    },
    throttle(origin: string, until: number): Promise<void> {
      return serially(async () => {
        await store.update((cache) => ({
          ...cache,
          throttledUntil: { ...cache.throttledUntil, [origin]: until },
        }));
      });
    },
    /**
     * Drops the answers past their five minutes (who a customer is, their recordings) and the waits
     * that are over; says when the next kept answer expires (null: none kept).
     */
    sweep(): Promise<number | null> {
      return serially(async () => {
        const cache = await store.get();
        const entries = Object.entries(cache.entries).filter(([, entry]) => fresh(entry));
        const waits = Object.entries(cache.throttledUntil).filter(([, until]) => until > now());
        const dropped =
          entries.length < Object.keys(cache.entries).length ||
          waits.length < Object.keys(cache.throttledUntil).length;
        if (dropped) {
          await store.set({
            ...cache,
            entries: Object.fromEntries(entries),
            throttledUntil: Object.fromEntries(waits),
          });
        }
        return entries.length === 0 ? null : Math.min(...entries.map(([, entry]) => entry.at)) + ttlMs;
      });
    },
    clear(): Promise<void> {
      epoch++;
      return serially(() => store.remove());
    },
  };
}
export type PersonCacheStore = ReturnType<typeof createPersonCache>;
