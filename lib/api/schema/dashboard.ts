import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';
import { UserSummarySchema } from './user';

/** Fields of the list items (contract §2.2, PostHog's DashboardBasicSerializer). */
export const DashboardListItemSchema = lazily(() =>
  z.looseObject({
    id: z.int(),
    // PostHog lets a dashboard be created without a name, so null is real.
    name: z._default(z.nullable(z.string()), null),
    description: z.nullish(z.string()),
    pinned: z._default(z.boolean(), false),
    created_at: z.nullish(z.string()),
    created_by: z.nullish(UserSummarySchema),
    is_shared: z.nullish(z.boolean()),
    deleted: z._default(z.boolean(), false),
    creation_mode: z.nullish(z.string()),
    tags: z.nullish(z.array(z.unknown())),
    restriction_level: z.nullish(z.int()),
    effective_restriction_level: z.nullish(z.int()),
    effective_privilege_level: z.nullish(z.int()),
    last_accessed_at: z.nullish(z.string()),
    user_access_level: z.nullish(z.string()),
    team_id: z.nullish(z.int()),
  }),
);
export type DashboardListItem = z.infer<typeof DashboardListItemSchema>;

/** The full dashboard of get/create/update responses. */
export const DashboardSchema = lazily(() =>
  z.extend(DashboardListItemSchema, {
    use_template: z.nullish(z.string()),
    use_dashboard: z.nullish(z.int()),
    delete_insights: z.nullish(z.boolean()),
    filters: z.optional(z.unknown()),
    tiles: z.nullish(z.array(z.record(z.string(), z.unknown()))),
  }),
);
export type Dashboard = z.infer<typeof DashboardSchema>;

/** What create and update may send (contract endpoint 2; every field optional for PATCH). */
export interface DashboardInput {
  name?: string;
  description?: string;
  pinned?: boolean;
  deleted?: boolean;
  use_template?: string;
  use_dashboard?: number;
  delete_insights?: boolean;
  filters?: unknown;
  tags?: string[];
  restriction_level?: number;
}
