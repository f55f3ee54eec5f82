import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/** A project's URL list (`app_urls`, `recording_domains`); one past these bounds is read as none. */
const UrlList = lazily(() =>
  z.catch(z.nullish(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(500))), null),
);

/** `GET /api/projects/` items (ProjectBackwardCompatBasicSerializer) and `GET /api/projects/{id}/`. */
export const ProjectSchema = lazily(() =>
  z.looseObject({
    id: z.int(),
    uuid: z.nullish(z.string()),
    organization: z.nullish(z.string()),
    name: z._default(z.nullable(z.string()), null),
    timezone: z.nullish(z.string()),
    is_demo: z.nullish(z.boolean()),
    /** The token posthog-js sends with (`phc_…`); what a customer site's storage names. */
    api_token: z.catch(z.nullish(z.string().check(z.maxLength(200))), null),
    /** Only on `GET /api/projects/{id}/` (ProjectBackwardCompatSerializer): the toolbar's authorised URLs. */
    app_urls: UrlList,
    /** Only on `GET /api/projects/{id}/`: the origins PostHog takes this project's recordings from. */
    recording_domains: UrlList,
  }),
);
export type Project = z.infer<typeof ProjectSchema>;
