import { z } from 'zod';
import { UserSummarySchema } from './user';

/** Fields of the list items (contract §2.2, PostHog's DashboardBasicSerializer). */
export const DashboardListItemSchema = z.looseObject({
  id: z.int(),
  // PostHog lets a dashboard be created without a name, so null is real.
  name: z.string().nullable().default(null),
  description: z.string().nullish(),
  pinned: z.boolean().default(false),
  created_at: z.string().nullish(),
  created_by: UserSummarySchema.nullish(),
  is_shared: z.boolean().nullish(),
  deleted: z.boolean().default(false),
  creation_mode: z.string().nullish(),
  tags: z.array(z.unknown()).nullish(),
  restriction_level: z.int().nullish(),
  effective_restriction_level: z.int().nullish(),
  effective_privilege_level: z.int().nullish(),
  last_accessed_at: z.string().nullish(),
  user_access_level: z.string().nullish(),
  team_id: z.int().nullish(),
});
export type DashboardListItem = z.infer<typeof DashboardListItemSchema>;

/** The full dashboard of get/create/update responses. */
export const DashboardSchema = DashboardListItemSchema.extend({
  use_template: z.string().nullish(),
  use_dashboard: z.int().nullish(),
  delete_insights: z.boolean().nullish(),
  filters: z.unknown().optional(),
  tiles: z.array(z.record(z.string(), z.unknown())).nullish(),
});
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
