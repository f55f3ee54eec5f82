import { z } from 'zod/mini';

/** `GET /api/personal_api_keys/@current/`: what the key may do. `value` is never kept. */
const PersonalApiKeyFieldsSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  label: z.nullish(z.string()),
  mask_value: z.nullish(z.string()),
  scopes: z._default(z.array(z.string()), []),
  scoped_teams: z.nullish(z.array(z.int())),
  scoped_organizations: z.nullish(z.array(z.string())),
  created_at: z.nullish(z.string()),
  last_used_at: z.nullish(z.string()),
});

export const PersonalApiKeySchema = z.pipe(
  PersonalApiKeyFieldsSchema,
  z.transform(({ value: _value, ...rest }: z.infer<typeof PersonalApiKeyFieldsSchema>) => rest),
);
export type PersonalApiKey = z.infer<typeof PersonalApiKeySchema>;
