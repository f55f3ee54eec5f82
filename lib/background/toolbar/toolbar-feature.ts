import type { RawSend } from '../../messaging/messages';
import { namespaceOnUse } from '../../platform/lazy';
import { logFailure } from '../../platform/log';
import { type ActiveTabQuery, activeTabId } from './active-tab';
import { type ActionLike, createBadgeService, type ToolbarView } from './badge';
import { createBadgeFlash } from './badge-flash';
import { type ChromiumPlatform, chromiumOffscreen, createClipboardWriter } from './clipboard';
import { type ClipboardPage, writeTextFromPage } from './clipboard-dom';
import { createShortcuts, type ShortcutDeps } from './shortcuts';

/** The parts of the browser the toolbar room uses. */
export interface ToolbarBrowser {
  action: ActionLike;
  tabs: ActiveTabQuery;
  /** `runtime.sendMessage`, which reaches the offscreen document. */
  runtime: { sendMessage: RawSend };
}

export interface ToolbarFeatureDeps {
  browser: ToolbarBrowser;
  /** What the tab shows now, to put its usual badge back after a flash. */
  tabView: (tabId: number) => Promise<ToolbarView>;
  /** Chromium's `chrome` (offscreen documents); undefined in Firefox. */
  chromium: ChromiumPlatform | undefined;
  /** Firefox's background is a page: it writes the clipboard itself. Undefined in a service worker. */
  page: ClipboardPage | undefined;
  /** What each keyboard shortcut does in the tab it was pressed in (other rooms know how). */
  shortcuts: ShortcutDeps['actions'];
}

/**
 * The toolbar button and what answers without a Hogmark page open: the badge of each tab, the
 * keyboard shortcuts, the flash that confirms an action started from a shortcut, a menu or the
 * in-page button, and the clipboard those actions copy to.
 */
export function createToolbarFeature(deps: ToolbarFeatureDeps) {
  // The toolbar button's API is read when a badge or flash is shown, not on every start.
  const action = namespaceOnUse(() => deps.browser.action);
  const badge = createBadgeService({ action });
  const restoreBadge = async (tabId: number): Promise<void> => {
    badge.release(tabId);
    await badge.show(tabId, await deps.tabView(tabId));
  };
  // One flash for every action started outside the popup: a later one takes over the tab's badge.
  const flash = createBadgeFlash({ action, restore: restoreBadge, hold: badge.hold });
  const { page } = deps;
  const clipboard = createClipboardWriter({
    offscreen: chromiumOffscreen(deps.chromium, 'offscreen.html'),
    send: (message) => deps.browser.runtime.sendMessage(message),
    writeHere: page ? (text) => writeTextFromPage(page, text) : undefined,
  });
  const onCommand = createShortcuts({
    actions: deps.shortcuts,
    activeTabId: () => activeTabId(deps.browser.tabs),
    onError: (error) => logFailure('shortcut', error),
  });
  return { badge, flash, clipboard, onCommand };
}
export type ToolbarFeature = ReturnType<typeof createToolbarFeature>;
