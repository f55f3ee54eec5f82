import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/** exceptions-hog's envelope `{type, code, detail, attr}`; some endpoints send `{error}` only. */
export const ApiErrorBodySchema = lazily(() =>
  z.looseObject({
    type: z.nullish(z.string()),
    code: z.nullish(z.string()),
    detail: z.optional(z.unknown()),
    attr: z.nullish(z.string()),
    error: z.optional(z.unknown()),
  }),
);
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
