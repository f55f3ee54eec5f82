/** The manifest's `commands` key for "add this recording to the last-used playlist". */
export const ADD_TO_LAST_PLAYLIST = 'add-to-last-playlist';

export interface CommandDeps {
  /** The quick-add service's `forTab`. */
  addToLastUsed: (tabId: number) => Promise<unknown>;
  /** The active tab of the focused window, for browsers that pass no tab with the command. */
  activeTabId: () => Promise<number | undefined>;
  onError?: (error: unknown) => void;
}

/** The `commands.onCommand` listener body. Other commands (the popup's own) are not ours. */
export function createCommandListener(deps: CommandDeps) {
  return async function onCommand(command: string, tab?: { id?: number }): Promise<void> {
    if (command !== ADD_TO_LAST_PLAYLIST) return;
    try {
      const tabId = tab?.id ?? (await deps.activeTabId());
      if (tabId !== undefined) await deps.addToLastUsed(tabId);
    } catch (error) {
      deps.onError?.(error);
    }
  };
}
