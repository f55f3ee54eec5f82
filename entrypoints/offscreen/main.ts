import { browser } from 'wxt/browser';
import { writeTextFromPage } from '../../lib/background/toolbar/clipboard-dom';
import { createOffscreenClipboardListener } from '../../lib/background/toolbar/clipboard-offscreen';

// Chromium's offscreen document (reason CLIPBOARD): the service worker has no DOM to copy with.
browser.runtime.onMessage.addListener(
  createOffscreenClipboardListener({
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
    write: (text) => writeTextFromPage({ document, clipboard: navigator.clipboard }, text),
  }),
);
