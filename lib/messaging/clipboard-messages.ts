import { z } from 'zod/mini';

/**
 * The shapes of `clipboard/write` (the protocol itself is in messages.ts), apart so the offscreen
 * document parses its one message without bundling the whole protocol.
 */
export const ClipboardWriteInputSchema = z.strictObject({
  text: z.string().check(z.minLength(1), z.maxLength(8192)),
});

export const ClipboardWriteResultSchema = z.object({ copied: z.literal(true) });
