/** The manifest's `commands` (wxt.config.ts): add this recording to the last-used collection; copy the page's link. */
export const ADD_TO_LAST_PLAYLIST = 'add-to-last-playlist';
export const COPY_LINK_COMMAND = 'copy-link';
export type ShortcutCommand = typeof ADD_TO_LAST_PLAYLIST | typeof COPY_LINK_COMMAND;

export interface ShortcutDeps {
  /** What each shortcut does in the tab it was pressed in. */
  actions: Record<ShortcutCommand, (tabId: number) => Promise<unknown>>;
  /** The active tab of the focused window, for browsers that pass no tab with the command. */
  activeTabId: () => Promise<number | undefined>;
  onError?: (error: unknown) => void;
}

/** The `commands.onCommand` listener body: the tab the shortcut was pressed in, then its action. */
export function createShortcuts(deps: ShortcutDeps) {
  return async function onCommand(command: string, tab?: { id?: number }): Promise<void> {
    // Other commands (the popup's own `_execute_action`) are not ours.
    const action = Object.hasOwn(deps.actions, command)
      ? deps.actions[command as ShortcutCommand]
      : undefined;
    if (!action) return;
    try {
      const tabId = tab?.id ?? (await deps.activeTabId());
      if (tabId !== undefined) await action(tabId);
    } catch (error) {
      deps.onError?.(error);
    }
  };
}
