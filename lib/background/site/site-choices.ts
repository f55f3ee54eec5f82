import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';
import { createItemStore, type StorageAreaLike } from '../../platform/storage';

const SiteChoicesSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    /** The project chosen for a site, by `<PostHog origin> <site origin>`, newest last. */
    choices: z.record(z.string().check(z.maxLength(4200)), z.int().check(z.positive())),
  }),
);
type SiteChoices = z.infer<typeof SiteChoicesSchema>;

/** Trusted storage (the extension's IndexedDB): a choice outlives the browser, as a preference does. */
export const siteChoicesItem = {
  key: 'siteChoices',
  version: 1 as const,
  schema: SiteChoicesSchema,
  fallback: (): SiteChoices => ({ version: 1, choices: {} }),
  migrations: {},
};

/** Sites remembered at most; the oldest choice goes first. */
const MAX_CHOICES = 500;

/** The project the user chose for a site whose storage names none, per PostHog origin. */
export function createSiteChoices(trusted: StorageAreaLike) {
  const store = createItemStore(trusted, siteChoicesItem);
  const keyOf = (origin: string, site: string) => `${origin} ${site}`;
  return {
    async get(origin: string, site: string): Promise<number | null> {
      return (await store.get()).choices[keyOf(origin, site)] ?? null;
    },
    async set(origin: string, site: string, projectId: number | null): Promise<void> {
      await store.update((value) => {
        const { [keyOf(origin, site)]: _dropped, ...rest } = value.choices;
        const entries = Object.entries(rest);
        if (projectId !== null) entries.push([keyOf(origin, site), projectId]);
        return { ...value, choices: Object.fromEntries(entries.slice(-MAX_CHOICES)) };
      });
    },
  };
}
export type SiteChoicesStore = ReturnType<typeof createSiteChoices>;
