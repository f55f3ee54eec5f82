import { z } from 'zod';

/**
 * PostHog's UserBasicSerializer (contract §2.1). Only `id` and `uuid` are required: a collaborator is
 * removed by its user's uuid, and everything else is display-only and may be null on real servers.
 */
export const UserSummarySchema = z.looseObject({
  id: z.int(),
  uuid: z.string().min(1),
  distinct_id: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  is_email_verified: z.boolean().nullish(),
  hedgehog_config: z.record(z.string(), z.unknown()).nullish(),
  role_at_organization: z.string().nullish(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** `GET /api/users/@me/`: the summary plus the user's current project and organisation. */
export const CurrentUserSchema = UserSummarySchema.extend({
  team: z.looseObject({ id: z.int(), name: z.string().nullish() }).nullish(),
  organization: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
  organizations: z.array(z.looseObject({ id: z.string(), name: z.string().nullish() })).nullish(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
