import { z } from 'zod';

/** `GET /api/personal_api_keys/@current/`: what the key may do. `value` is never kept. */
export const PersonalApiKeySchema = z
  .looseObject({
    id: z.string().min(1),
    label: z.string().nullish(),
    mask_value: z.string().nullish(),
    scopes: z.array(z.string()).default([]),
    scoped_teams: z.array(z.int()).nullish(),
    scoped_organizations: z.array(z.string()).nullish(),
    created_at: z.string().nullish(),
    last_used_at: z.string().nullish(),
  })
  .transform(({ value: _value, ...rest }) => rest);
export type PersonalApiKey = z.infer<typeof PersonalApiKeySchema>;
