import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { BUILD_DIALECT, hostAccessPattern } from '../lib/posthog/host-patterns';
import {
  COMMAND_DONE_MARK,
  COMMAND_MARK,
  CORE_SCRIPT,
  type CoreListeners,
  createWakeWorker,
  WAKE_ADD_MARK,
  type WakeGlobal,
} from '../lib/wake/wake-worker';

/**
 * The worker's wake script: one listener per browser event, registered at once, each handing its
 * event to the rest of the background (entrypoints/background-core.ts), loaded on the first event;
 * the add shortcut on a worker just woken may send its add first (lib/wake/). No polyfill
 * and no schema runtime here: this is all a wake evaluates before the first listener runs.
 */
export default defineBackground(() => {
  const global = globalThis as WakeGlobal;
  let listeners: CoreListeners | undefined;
  const core = (): CoreListeners => {
    if (!listeners) {
      // A service worker imports it now; Firefox's background page has loaded it before this script.
      if (!global.hogmarkCore) global.importScripts?.(CORE_SCRIPT);
      if (!global.hogmarkCore) throw new Error('The rest of the background did not load.');
      listeners = global.hogmarkCore.create();
    }
    return listeners;
  };
  // A worker may import a script after its first run only if it imported it while installing.
  global.addEventListener?.('install', () => global.importScripts?.(CORE_SCRIPT));
  const wake = createWakeWorker({
    browser: browser as unknown as Parameters<typeof createWakeWorker>[0]['browser'],
    core,
    loaded: () => listeners !== undefined,
    accessPattern: (origin) => hostAccessPattern(origin, BUILD_DIALECT),
    extension: { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') },
    // Test builds mark each add sent before the rest loaded (the browser tests look for it).
    ...(import.meta.env.MODE === 'test' ? { onSent: () => performance.mark(WAKE_ADD_MARK) } : {}),
  });

  browser.runtime.onMessage.addListener((message, sender, respond) => wake.message(message, sender, respond));
  browser.runtime.onConnect.addListener((port) => core().connect(port as never));
  browser.runtime.onInstalled.addListener(() => void core().installed());
  browser.permissions.onAdded.addListener(() => core().accessChanged());
  browser.permissions.onRemoved.addListener(() => core().accessChanged());
  browser.alarms.onAlarm.addListener((alarm) => core().alarm(alarm));
  global.addEventListener?.('online', () => core().online());
  browser.commands.onCommand.addListener((command, tab) => {
    // Test builds mark each command received: the benchmark says so of an add that never arrived.
    if (import.meta.env.MODE === 'test') {
      performance.mark(COMMAND_MARK);
      const handled = () => performance.mark(COMMAND_DONE_MARK);
      void wake.command(command, tab).then(handled, handled);
    } else void wake.command(command, tab);
  });
  browser.contextMenus.onClicked.addListener(
    (info, tab) => void core().menuClicked(info as never, tab as never),
  );
  browser.tabs.onUpdated.addListener((tabId, change, tab) => core().tabUpdated(tabId, change, tab));
  browser.tabs.onRemoved.addListener((tabId) => core().tabRemoved(tabId));
  browser.tabs.onActivated.addListener((activated) => core().tabActivated(activated));
  if (import.meta.env.MODE === 'test') {
    // Test builds only: a headless browser cannot open a right-click menu nor press an extension's
    // shortcut, so the browser tests call the very listener a click or a keystroke reaches.
    (globalThis as { hogmarkTest?: unknown }).hogmarkTest = {
      menuClicked: (...args: Parameters<CoreListeners['menuClicked']>) => core().menuClicked(...args),
      command: wake.command,
    };
  }
  // Firefox's background page runs as long as it is loaded: the background starts with it, as before.
  if (!global.importScripts) core();
});
