import type { CDPSession } from 'playwright-core';
import type { ExtensionSession } from './harness';

type KeyEvent = 'rawKeyDown' | 'keyUp';
/** Linux keys: Windows virtual key, XKB key code (the native code the browser builds its OS event from). */
const KEYS = {
  Alt: { windowsVirtualKeyCode: 18, nativeVirtualKeyCode: 64, code: 'AltLeft', key: 'Alt' },
  Shift: { windowsVirtualKeyCode: 16, nativeVirtualKeyCode: 50, code: 'ShiftLeft', key: 'Shift' },
  P: { windowsVirtualKeyCode: 80, nativeVirtualKeyCode: 33, code: 'KeyP', key: 'P' },
  K: { windowsVirtualKeyCode: 75, nativeVirtualKeyCode: 45, code: 'KeyK', key: 'K' },
  J: { windowsVirtualKeyCode: 74, nativeVirtualKeyCode: 44, code: 'KeyJ', key: 'J' },
  L: { windowsVirtualKeyCode: 76, nativeVirtualKeyCode: 46, code: 'KeyL', key: 'L' },
};
const ALT = 1;
const SHIFT = 8;

/**
 * Alt+Shift+`letter` pressed in the page (`cdp`: a DevTools session of that page), and the instant
 * (epoch ms) just before the letter went down (P: Hogmark's add; the benchmark's floor extensions use
 * K, J and L). Playwright's `keyboard.press` sends no native key code, so Chromium drops the key once
 * the page has had it (`skip_if_unhandled`) and never looks for a browser shortcut; with one, the key
 * that the page leaves unhandled goes on to the browser's shortcuts as a real one does, and Chromium
 * dispatches `commands.onCommand`, waking a stopped worker.
 */
export async function pressShortcut(cdp: CDPSession, letter: 'P' | 'K' | 'J' | 'L'): Promise<number> {
  const send = (type: KeyEvent, name: keyof typeof KEYS, modifiers: number) =>
    cdp.send('Input.dispatchKeyEvent', { type, modifiers, ...KEYS[name] });
  await send('rawKeyDown', 'Alt', ALT);
  await send('rawKeyDown', 'Shift', ALT | SHIFT);
  const at = Date.now();
  await send('rawKeyDown', letter, ALT | SHIFT);
  await send('keyUp', letter, ALT | SHIFT);
  await send('keyUp', 'Shift', ALT);
  await send('keyUp', 'Alt', 0);
  return at;
}

/**
 * Gives the add command (`add-to-last-playlist`, the same name in Hogmark and the benchmark's floor
 * extensions) of `extensionId` its key, as a user does on chrome://extensions/shortcuts (that page's
 * own call). Chromium 156 on Linux leaves Alt+Shift+P (and Alt+Shift+C) unassigned when the extension
 * is installed, while it assigns Alt+Shift+O or Ctrl+Shift+Y from the same manifest.
 */
export async function assignShortcut(
  session: ExtensionSession,
  extensionId: string,
  keybinding: string,
): Promise<void> {
  const page = await session.context.newPage();
  try {
    await page.goto('chrome://extensions/shortcuts');
    await page.evaluate(
      async (update) => {
        type DeveloperPrivate = { updateExtensionCommand(update: object): Promise<void> };
        const api = (globalThis as unknown as { chrome: { developerPrivate: DeveloperPrivate } }).chrome;
        await api.developerPrivate.updateExtensionCommand(update);
      },
      { extensionId, commandName: 'add-to-last-playlist', keybinding },
    );
  } finally {
    await page.close();
  }
}
