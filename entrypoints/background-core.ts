import { browser } from '@wxt-dev/webextension-polyfill/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { createBackground } from '../lib/background';
import type { ChromiumPlatform } from '../lib/background/toolbar/clipboard';
import { setTranslator, translatorFrom } from '../lib/platform/i18n';
import { startupMarks } from '../lib/platform/startup-marks';
import { restrictSessionStorage } from '../lib/platform/storage';
import type { WakeGlobal } from '../lib/wake/wake-worker';

/**
 * The background but for its wake script (entrypoints/background.ts): the rooms composed in
 * lib/background/index.ts, made when the wake script first asks for them. Chromium's worker imports
 * this script then; Firefox's background page loads it first, from the manifest.
 */
export default defineUnlistedScript(() => {
  (globalThis as WakeGlobal).hogmarkCore = { create };
});

function create() {
  // Test builds mark the worker's start-up for the benchmark: imports evaluated, rooms composed.
  // Production builds leave the marks out altogether.
  const mark = import.meta.env.MODE === 'test' ? startupMarks(true) : undefined;
  mark?.('evaluated');
  setTranslator(translatorFrom(browser.i18n.getMessage));
  // The polyfill hands Chromium's storage.session over as is, setAccessLevel included; its types lack it.
  void restrictSessionStorage(browser.storage.session as Parameters<typeof restrictSessionStorage>[0]);
  const { on, start } = createBackground({
    browser,
    indexedDB,
    chromium: (globalThis as { chrome?: ChromiumPlatform }).chrome,
    // Firefox's background is a page: it copies itself (with clipboardWrite).
    page: typeof document === 'undefined' ? undefined : { document, clipboard: navigator.clipboard },
    firstAnswer: mark && ((handler) => mark.firstAnswer('popup-answered', handler)),
    // Set at build time (WXT_CLIENT_METADATA_URL) where Hogmark's client metadata document is hosted.
    clientMetadataUrl: import.meta.env.WXT_CLIENT_METADATA_URL || undefined,
  });
  start();
  mark?.('wired');
  return on;
}
