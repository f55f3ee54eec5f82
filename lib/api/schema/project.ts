import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/** `GET /api/projects/` items (ProjectBackwardCompatBasicSerializer) and `GET /api/projects/{id}/`. */
export const ProjectSchema = lazily(() =>
  z.looseObject({
    id: z.int(),
    uuid: z.nullish(z.string()),
    organization: z.nullish(z.string()),
    name: z._default(z.nullable(z.string()), null),
    timezone: z.nullish(z.string()),
    is_demo: z.nullish(z.boolean()),
  }),
);
export type Project = z.infer<typeof ProjectSchema>;
