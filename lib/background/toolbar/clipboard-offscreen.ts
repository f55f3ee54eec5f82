import { ClipboardWriteInputSchema } from '../../messaging/clipboard-messages';
import {
  type ExtensionIdentity,
  isExtensionPageSender,
  type MessageSenderLike,
} from '../../messaging/extension-sender';
import type { MessageResponse } from '../../messaging/messages';
import { AppError, toAppError } from '../../platform/errors';

export interface OffscreenClipboardDeps extends ExtensionIdentity {
  write: (text: string) => Promise<void>;
}

/**
 * The offscreen document's `runtime.onMessage` listener. Every extension page hears every runtime
 * message, so anything but `clipboard/write` gets no answer here (undefined) and is left to the
 * background; `clipboard/write` is taken only from Hogmark itself, and parsed like every message.
 *
 * It answers through `sendResponse` and returns `true` (the answer comes later): Chromium before 144
 * ignores a returned promise, and this page runs without webextension-polyfill, which would turn one
 * into `sendResponse`. Every browser Hogmark supports honours `sendResponse` + `true`.
 */
export function createOffscreenClipboardListener(deps: OffscreenClipboardDeps) {
  return (
    raw: unknown,
    sender: MessageSenderLike,
    sendResponse: (answer: MessageResponse) => void,
  ): true | undefined => {
    if (typeof raw !== 'object' || raw === null || (raw as { type?: unknown }).type !== 'clipboard/write') {
      return undefined;
    }
    void answer(raw, sender).then(sendResponse);
    return true;
  };

  async function answer(raw: object, sender: MessageSenderLike): Promise<MessageResponse> {
    try {
      if (!isExtensionPageSender(sender, deps)) {
        throw new AppError('bad-message', { detail: 'sender refused' });
      }
      const input = ClipboardWriteInputSchema.safeParse((raw as { input?: unknown }).input ?? {});
      if (!input.success) {
        throw new AppError('bad-message', { detail: 'invalid input for clipboard/write' });
      }
      await deps.write(input.data.text);
      return { ok: true, data: { copied: true } };
    } catch (error) {
      return { ok: false, error: toAppError(error).toJSON() };
    }
  }
}
