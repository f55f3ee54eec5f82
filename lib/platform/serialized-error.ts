import { z } from 'zod/mini';
import { ERROR_KINDS } from './error-policy';
import { lazily } from './lazy';

/**
 * What travels over the message boundary: plain data, never a stack and never the key. Apart from
 * the AppError class, so extension pages can type errors without bundling a schema runtime.
 */
export const ErrorKindSchema = lazily(() => z.enum(ERROR_KINDS));

export const SerializedErrorSchema = lazily(() =>
  z.object({
    kind: ErrorKindSchema,
    message: z.string(),
    retryable: z.boolean(),
    status: z.optional(z.int()),
    scope: z.optional(z.string()),
    field: z.optional(z.string()),
    detail: z.optional(z.string()),
    retryAfterSeconds: z.optional(z.number().check(z.nonnegative())),
    signedInAs: z.optional(z.string().check(z.maxLength(254))),
  }),
);
export type SerializedError = z.infer<typeof SerializedErrorSchema>;
