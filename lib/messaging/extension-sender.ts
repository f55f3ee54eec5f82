/** The fields of `runtime.MessageSender` the checks read (structural, so tests pass plain objects). */
export interface MessageSenderLike {
  id?: string;
  url?: string;
  origin?: string;
  frameId?: number;
  tab?: { id?: number; url?: string };
}

export interface ExtensionIdentity {
  /** `browser.runtime.id`. */
  extensionId: string;
  /** `browser.runtime.getURL('/')`: `chrome-extension://<id>/` or `moz-extension://<uuid>/`. */
  extensionOrigin: string;
}

/**
 * True only for a page of this extension itself (popup, options, the background, the offscreen
 * document). Apart from lib/messaging/sender.ts so the offscreen document checks it without the app origins.
 */
export function isExtensionPageSender(sender: MessageSenderLike, self: ExtensionIdentity): boolean {
  if (typeof sender.id !== 'string' || sender.id !== self.extensionId) return false;
  if (typeof sender.url !== 'string') return false;
  const base = self.extensionOrigin.endsWith('/') ? self.extensionOrigin : `${self.extensionOrigin}/`;
  if (!/^(chrome-extension|moz-extension|safari-web-extension):\/\/[^/]+\/$/.test(base)) return false;
  if (!sender.url.startsWith(base)) return false;
  return sender.origin === undefined || `${sender.origin}/` === base;
}
