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
    /**
     * Read where used, never refused here (the key check parses these projects too): the token
     * posthog-js sends with (`phc_…`, `projectToken`), and on `GET /api/projects/{id}/` only
     * (ProjectBackwardCompatSerializer) the toolbar's authorised URLs and the origins PostHog takes
     * the project's recordings from (`urlList`).
     */
    api_token: z.optional(z.unknown()),
    app_urls: z.optional(z.unknown()),
    recording_domains: z.optional(z.unknown()),
  }),
);
export type Project = z.infer<typeof ProjectSchema>;

/** A project's token, as a customer site's storage names it; null when missing or not a token's size. */
export function projectToken(project: Project): string | null {
  const token = project.api_token;
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : null;
}

/** A project's `app_urls` / `recording_domains`: a list past these bounds is read as none. */
export function urlList(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > 500) return [];
  return value.filter((url): url is string => typeof url === 'string' && url.length <= 2048);
}
