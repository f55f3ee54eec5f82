import { z } from 'zod/mini';

/**
 * What Hogmark reads of `InsightBasicSerializer` (`?basic=true`, reference §6): the numeric id the
 * sharing route needs, and the name PostHog shows (`name || derived_name`). Other fields are kept.
 */
export const InsightBasicSchema = z.looseObject({
  id: z.int().check(z.positive()),
  short_id: z.string(),
  name: z.nullish(z.string()),
  derived_name: z.nullish(z.string()),
});
export type InsightBasic = z.infer<typeof InsightBasicSchema>;

/** `NotebookSerializer` (reference §7): its title may be null. */
export const NotebookSchema = z.looseObject({
  short_id: z.string(),
  title: z.nullish(z.string()),
});
