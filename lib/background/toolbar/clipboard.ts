import { createMessageSender, type RawSend } from '../../messaging/messages';
import { AppError } from '../../platform/errors';

/** Chromium's offscreen API, as far as the clipboard route needs it (absent in Firefox). */
export interface OffscreenLike {
  /** Whether Hogmark's offscreen document is open (only one may be). */
  hasDocument(): Promise<boolean>;
  /** Opens it with the CLIPBOARD reason. */
  createDocument(): Promise<void>;
}

export interface ClipboardDeps {
  /** Chromium MV3: the service worker has no DOM, so an offscreen document does the writing. */
  offscreen?: OffscreenLike;
  /** `runtime.sendMessage`, which reaches the offscreen document. */
  send: RawSend;
  /**
   * Firefox MV3: the background is an event page with a DOM, where `clipboardWrite` lets Hogmark
   * write without a click. Undefined where there is no DOM.
   */
  writeHere?: (text: string) => Promise<void>;
}

export type ClipboardRoute = 'offscreen' | 'background';

/**
 * Copies text when no Hogmark page is open to do it (a keyboard shortcut, a context-menu item).
 * The popup copies by itself with `navigator.clipboard`, on the user's click.
 */
export function createClipboardWriter(deps: ClipboardDeps) {
  const send = createMessageSender(deps.send);
  let creating: Promise<void> | undefined;

  async function ensureOffscreen(offscreen: OffscreenLike): Promise<void> {
    if (await offscreen.hasDocument()) return;
    // Two copies in quick succession must not both try to open the one allowed document.
    creating ??= offscreen.createDocument().finally(() => {
      creating = undefined;
    });
    try {
      await creating;
    } catch (error) {
      // Another context opened it meanwhile: that one will do.
      if (!(await offscreen.hasDocument())) throw error;
    }
  }

  return {
    async write(text: string): Promise<ClipboardRoute> {
      if (deps.offscreen) {
        await ensureOffscreen(deps.offscreen);
        await send('clipboard/write', { text });
        return 'offscreen';
      }
      if (deps.writeHere) {
        await deps.writeHere(text);
        return 'background';
      }
      throw new AppError('unknown', { detail: 'no clipboard in this browser' });
    },
  };
}
export type ClipboardWriter = ReturnType<typeof createClipboardWriter>;

/** The parts of Chromium's extension platform the offscreen route uses (structural; absent in Firefox). */
export interface ChromiumPlatform {
  offscreen?: {
    createDocument(parameters: { url: string; reasons: string[]; justification: string }): Promise<void>;
  };
  runtime?: { getContexts?: (filter: { contextTypes: string[] }) => Promise<unknown[]> };
}

/** The offscreen route where the browser has one (Chromium 116+), else undefined. */
export function chromiumOffscreen(
  platform: ChromiumPlatform | undefined,
  url: string,
): OffscreenLike | undefined {
  const offscreen = platform?.offscreen;
  const getContexts = platform?.runtime?.getContexts;
  if (!offscreen || !getContexts) return undefined;
  return {
    hasDocument: async () => (await getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length > 0,
    createDocument: () =>
      offscreen.createDocument({
        url,
        reasons: ['CLIPBOARD'],
        justification: 'Copy a PostHog link chosen with the keyboard shortcut or the context menu.',
      }),
  };
}
