import { z } from 'zod';

/** `GET /api/projects/` items (ProjectBackwardCompatBasicSerializer) and `GET /api/projects/{id}/`. */
export const ProjectSchema = z.looseObject({
  id: z.int(),
  uuid: z.string().nullish(),
  organization: z.string().nullish(),
  name: z.string().nullable().default(null),
  timezone: z.string().nullish(),
  is_demo: z.boolean().nullish(),
});
export type Project = z.infer<typeof ProjectSchema>;
