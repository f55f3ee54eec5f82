import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';
import { UserSummarySchema } from './user';

/**
 * Contract §2.3. PostHog treats `user_uuid` as write-only, so a real response names the user only in
 * `user.uuid`; the contract may send only `user_uuid`. One of them must be there to remove the row.
 */
export const CollaboratorSchema = lazily(() =>
  z
    .looseObject({
      id: z.string().check(z.minLength(1)),
      dashboard_id: z.nullish(z.int()),
      user: z.nullish(UserSummarySchema),
      level: z.int(),
      added_at: z.nullish(z.string()),
      updated_at: z.nullish(z.string()),
      user_uuid: z.nullish(z.string().check(z.minLength(1))),
    })
    .check(
      z.refine((value) => Boolean(value.user_uuid ?? value.user?.uuid), {
        message: 'a collaborator needs user_uuid or user.uuid',
      }),
    ),
);
export type Collaborator = z.infer<typeof CollaboratorSchema>;

export function collaboratorUserUuid(collaborator: Collaborator): string {
  // The refinement guarantees one of the two.
  return collaborator.user_uuid ?? collaborator.user?.uuid ?? '';
}

/** PostHog only lets 37 ("can edit") be set explicitly; the contract leaves the values open. */
export interface CollaboratorInput {
  user_uuid: string;
  level: number;
}
