import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/**
 * `GET /api/personal_api_keys/@current/`: what the key may do. A plain object, unlike the other
 * answers: it keeps only these fields, so `value` (the whole key) is never kept.
 */
export const PersonalApiKeySchema = lazily(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    label: z.nullish(z.string()),
    mask_value: z.nullish(z.string()),
    scopes: z._default(z.array(z.string()), []),
    scoped_teams: z.nullish(z.array(z.int())),
    scoped_organizations: z.nullish(z.array(z.string())),
    created_at: z.nullish(z.string()),
    last_used_at: z.nullish(z.string()),
  }),
);
export type PersonalApiKey = z.infer<typeof PersonalApiKeySchema>;
