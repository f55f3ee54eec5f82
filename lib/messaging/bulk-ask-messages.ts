import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';

/**
 * The question asked before a selection's recordings are added (many of them, or another project's),
 * in the small window `bulk-ask.html?ask=<id>`, and its answer.
 */
export const BulkAskIdSchema = lazily(() =>
  z.strictObject({ askId: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) }),
);

export const BulkQuestionSchema = lazily(() =>
  z.object({
    /** Recordings that would be added (at most 100). */
    count: z.int().check(z.positive(), z.maximum(100)),
    playlistName: z.string().check(z.maxLength(500)),
    /** The project the links name, when it is not the one the user is connected to. */
    otherProject: z.optional(z.object({ named: z.int(), connected: z.int() })),
  }),
);
export type BulkQuestion = z.infer<typeof BulkQuestionSchema>;

export const BulkAnswerInputSchema = lazily(() =>
  z.strictObject({ ...BulkAskIdSchema.shape, accept: z.boolean() }),
);

/** The question window's messages, spread into the protocol (messages.ts): one factory per message. */
export const bulkAskProtocol = {
  'bulk/question': () => ({
    from: 'extension-page',
    input: BulkAskIdSchema,
    output: z.object({ question: z.nullable(BulkQuestionSchema) }),
  }),
  'bulk/answer': () => ({
    from: 'extension-page',
    input: BulkAnswerInputSchema,
    output: z.object({ answered: z.boolean() }),
  }),
} satisfies Record<string, () => { from: 'extension-page'; input: z.ZodMiniType; output: z.ZodMiniType }>;
