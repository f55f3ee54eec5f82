import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';

/** What a content script may add to what the tab URL already says. */
export const PageHintsSchema = lazily(() =>
  z.strictObject({
    title: z.optional(z.string().check(z.maxLength(200))),
    /**
     * The player's position; null when the page shows no position Hogmark can read truthfully (a
     * wall-clock timestamp format, or no timestamp after a fair wait): then the URL's `t` no longer
     * stands either.
     */
    currentSecond: z.optional(z.nullable(z.int().check(z.nonnegative(), z.lte(86_400 * 7)))),
  }),
);
export type PageHints = z.infer<typeof PageHintsSchema>;
