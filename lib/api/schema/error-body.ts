import { z } from 'zod';

/** exceptions-hog's envelope `{type, code, detail, attr}`; some endpoints send `{error}` only. */
export const ApiErrorBodySchema = z.looseObject({
  type: z.string().nullish(),
  code: z.string().nullish(),
  detail: z.unknown().optional(),
  attr: z.string().nullish(),
  error: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
