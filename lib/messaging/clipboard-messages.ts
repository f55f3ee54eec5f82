import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';

/**
 * The shapes of `clipboard/write` (the protocol itself is in messages.ts), apart so the offscreen
 * document parses its one message without bundling the whole protocol.
 */
export const ClipboardWriteInputSchema = lazily(() =>
  z.strictObject({
    text: z.string().check(z.minLength(1), z.maxLength(8192)),
  }),
);

export const ClipboardWriteResultSchema = lazily(() => z.object({ copied: z.literal(true) }));
