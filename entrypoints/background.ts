import { browser } from '@wxt-dev/webextension-polyfill/browser';
import type { Runtime } from 'webextension-polyfill';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackground } from '../lib/background';
import type { ChromiumPlatform } from '../lib/background/toolbar/clipboard';
import { setTranslator, translatorFrom } from '../lib/platform/i18n';
import { startupMarks } from '../lib/platform/startup-marks';
import { restrictSessionStorage } from '../lib/platform/storage';

/** Wiring only: the rooms are composed in lib/background/index.ts; here, one listener per browser event. */
export default defineBackground(() => {
  // Test builds mark the worker's start-up for the benchmark: imports evaluated, listeners wired.
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

  // Answered by the returned promise: the polyfill turns it into sendResponse in Chromium.
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) =>
    on.message(message, sender),
  );
  browser.runtime.onConnect.addListener(on.connect);
  browser.runtime.onInstalled.addListener(on.installed);
  browser.permissions.onAdded.addListener(on.accessChanged);
  browser.permissions.onRemoved.addListener(on.accessChanged);
  browser.alarms.onAlarm.addListener(on.alarm);
  globalThis.addEventListener?.('online', on.online);
  browser.commands.onCommand.addListener((command, tab) => void on.command(command, tab));
  browser.contextMenus.onClicked.addListener((info, tab) => void on.menuClicked(info, tab));
  browser.tabs.onUpdated.addListener(on.tabUpdated);
  browser.tabs.onRemoved.addListener(on.tabRemoved);
  browser.tabs.onActivated.addListener(on.tabActivated);
  if (import.meta.env.MODE === 'test') {
    // Test builds only: a headless browser cannot open a right-click menu nor press an extension's
    // shortcut, so the browser tests call the very listener a click or a keystroke reaches.
    (globalThis as { hogmarkTest?: unknown }).hogmarkTest = {
      menuClicked: on.menuClicked,
      command: on.command,
    };
  }
  start();
  mark?.('wired');
});
