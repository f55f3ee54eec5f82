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

/** The person page's answers by key, for a few minutes, and the listing's "not before" per PostHog. */
export function createPersonCache(session: StorageAreaLike, now: () => number, ttlMs = PERSON_CACHE_TTL_MS) {
  const store = createItemStore(session, personCacheItem);
  return {
    async get<K extends PersonAnswer['kind']>(
      key: string,
    ): Promise<Extract<PersonAnswer, { kind: K }> | null> {
      const entry = (await store.get()).entries[key];
      const fresh = entry && now() >= entry.at && now() - entry.at < ttlMs;
      return fresh ? (entry.answer as Extract<PersonAnswer, { kind: K }>) : null;
    },
    /** Keeps an answer; a write that fails costs only the cache (the page is still answered). */
    async put(key: string, answer: PersonAnswer): Promise<void> {
      await store
        .update((cache) => {
          const entries = Object.entries({ ...cache.entries, [key]: { at: now(), answer } })
            .filter(([, entry]) => now() - entry.at < ttlMs)
            .sort(([, a], [, b]) => b.at - a.at)
            .slice(0, MAX_ENTRIES);
          return { ...cache, entries: Object.fromEntries(entries) };
        })
        .catch((error: unknown) => logFailure('person cache', error));
    },
    async throttledUntil(origin: string): Promise<number | null> {
      const until = (await store.get()).throttledUntil[origin];
      return until !== undefined && until > now() ? until : null;
    },
    async throttle(origin: string, until: number): Promise<void> {
      await store.update((cache) => ({
        ...cache,
        throttledUntil: { ...cache.throttledUntil, [origin]: until },
      }));
    },
    clear: () => store.remove(),
  };
}
export type PersonCacheStore = ReturnType<typeof createPersonCache>;
