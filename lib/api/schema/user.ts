import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/**
 * PostHog's UserBasicSerializer (contract §2.1). Only `id` and `uuid` are required: a collaborator is
 * removed by its user's uuid, and everything else is display-only and may be null on real servers.
 */
export const UserSummarySchema = lazily(() =>
  z.looseObject({
    id: z.int(),
    uuid: z.string().check(z.minLength(1)),
    distinct_id: z.nullish(z.string()),
    first_name: z.nullish(z.string()),
    last_name: z.nullish(z.string()),
    email: z.nullish(z.string()),
    is_email_verified: z.nullish(z.boolean()),
    hedgehog_config: z.nullish(z.record(z.string(), z.unknown())),
    role_at_organization: z.nullish(z.string()),
  }),
);
export type UserSummary = z.infer<typeof UserSummarySchema>;

/**
 * PostHog's `OrganizationSerializer` (`posthog/api/organization.py`), as `users/@me` gives the current
 * one and `GET /api/organizations/{id}/` any other: `allow_publicly_shared_resources` is PostHog's
 * switch for public links, in force only where `available_product_features` has
 * `organization_security_settings`.
 */
export const OrganizationSchema = lazily(() =>
  z.looseObject({
    id: z.string(),
    name: z.nullish(z.string()),
    allow_publicly_shared_resources: z.nullish(z.boolean()),
    available_product_features: z.nullish(z.array(z.looseObject({ key: z.string() }))),
  }),
);
export type Organization = z.infer<typeof OrganizationSchema>;

/** `GET /api/users/@me/`: the summary plus the user's current project and organisation. */
export const CurrentUserSchema = lazily(() =>
  z.extend(UserSummarySchema, {
    team: z.nullish(z.looseObject({ id: z.int(), name: z.nullish(z.string()) })),
    organization: z.nullish(OrganizationSchema),
    organizations: z.nullish(z.array(z.looseObject({ id: z.string(), name: z.nullish(z.string()) }))),
  }),
);
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
