import { z } from 'zod/mini';
import { type OpenedAsk, OpenedAskSchema } from '../../messaging/person-messages';
import { lazily } from '../../platform/lazy';
import { createItemStore, type StorageAreaLike } from '../../platform/storage';
import { isPersonAskId } from '../../posthog/person-asks';

/** Asks kept at most; the oldest is forgotten first (its page, reloaded, says the lookup is gone). */
export const KEPT_ASKS_MAX = 20;

const KeptAsksSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    /** Newest first. */
    asks: z
      .array(
        z.object({
          id: z.string().check(z.refine(isPersonAskId, 'not an ask id')),
          opened: OpenedAskSchema,
        }),
      )
      .check(z.maxLength(KEPT_ASKS_MAX)),
  }),
);
type KeptAsks = z.infer<typeof KeptAsksSchema>;

/**
 * `storage.session`: a person page's ask outlives a stopped service worker (the page reloads while the
 * browser runs) and never the browser, and it stays out of the page's address, so out of the
 * browser's history.
 */
const keptAsksItem = {
  key: 'personAsks',
  version: 1 as const,
  schema: KeptAsksSchema,
  fallback: (): KeptAsks => ({ version: 1, asks: [] }),
  migrations: {},
};

/**
 * What each person page was opened for, under an id nobody can guess (`crypto.randomUUID()`): its
 * address is `persons.html?ask=<id>`, the ask itself is here.
 */
export function createKeptPersonAsks(
  session: StorageAreaLike,
  newId: () => string = () => crypto.randomUUID(),
) {
  const store = createItemStore(session, keptAsksItem);
  // One write at a time: two asks kept at once must not drop each other.
  let writes: Promise<unknown> = Promise.resolve();

  return {
    /** Keeps the ask and gives the id its page is opened with. */
    keep(opened: OpenedAsk): Promise<string> {
      const id = newId();
      const write = writes.then(() =>
        store.update((kept) => ({
          ...kept,
          asks: [{ id, opened }, ...kept.asks.filter((entry) => entry.id !== id)].slice(0, KEPT_ASKS_MAX),
        })),
      );
      writes = write.catch(() => undefined);
      return write.then(() => id);
    },
    /** The ask kept under this id; null when it never was, or the browser has forgotten it. */
    async read(id: string): Promise<OpenedAsk | null> {
      return (await store.get()).asks.find((entry) => entry.id === id)?.opened ?? null;
    },
  };
}
export type KeptPersonAsks = ReturnType<typeof createKeptPersonAsks>;
