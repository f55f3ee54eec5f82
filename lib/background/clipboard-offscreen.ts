import { AppError, toAppError } from '../errors';
import { type MessageResponse, parseRequest } from '../messages';
import { classifySender, type MessageSenderLike } from '../sender';

export interface OffscreenClipboardDeps {
  extensionId: string;
  extensionOrigin: string;
  write: (text: string) => Promise<void>;
}

/**
 * The offscreen document's `runtime.onMessage` listener. Every extension page hears every runtime
 * message, so anything but `clipboard/write` gets no answer here (undefined) and is left to the
 * background; `clipboard/write` is taken only from Hogmark itself.
 */
export function createOffscreenClipboardListener(deps: OffscreenClipboardDeps) {
  return (raw: unknown, sender: MessageSenderLike): Promise<MessageResponse> | undefined => {
    if (typeof raw !== 'object' || raw === null || (raw as { type?: unknown }).type !== 'clipboard/write') {
      return undefined;
    }
    return (async (): Promise<MessageResponse> => {
      try {
        const kind = classifySender(sender, {
          extensionId: deps.extensionId,
          extensionOrigin: deps.extensionOrigin,
          appOrigins: [],
        });
        if (kind !== 'extension-page') throw new AppError('bad-message', { detail: 'sender refused' });
        const request = parseRequest(raw);
        if (request.type !== 'clipboard/write') throw new AppError('bad-message');
        await deps.write(request.input.text);
        return { ok: true, data: { copied: true } };
      } catch (error) {
        return { ok: false, error: toAppError(error).toJSON() };
      }
    })();
  };
}
