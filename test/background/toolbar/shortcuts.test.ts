import { describe, expect, it, vi } from 'vitest';
import {
  ADD_TO_LAST_PLAYLIST,
  COPY_LINK_COMMAND,
  createShortcuts,
} from '../../../lib/background/toolbar/shortcuts';

describe('the keyboard shortcuts', () => {
  it('runs each shortcut’s action for the command’s tab, or the active tab, and nothing for others', async () => {
    const addToLastUsed = vi.fn(async () => undefined);
    const copyLink = vi.fn(async () => undefined);
    const onCommand = createShortcuts({
      actions: { [ADD_TO_LAST_PLAYLIST]: addToLastUsed, [COPY_LINK_COMMAND]: copyLink },
      activeTabId: async () => 9,
    });
    await onCommand(ADD_TO_LAST_PLAYLIST, { id: 5 });
    await onCommand(ADD_TO_LAST_PLAYLIST);
    await onCommand(COPY_LINK_COMMAND, { id: 5 });
    await onCommand('_execute_action', { id: 5 });
    await onCommand('toString', { id: 5 });
    expect(addToLastUsed.mock.calls).toEqual([[5], [9]]);
    expect(copyLink.mock.calls).toEqual([[5]]);
  });

  it('logs a failing shortcut instead of throwing into the browser', async () => {
    const errors: unknown[] = [];
    const onCommand = createShortcuts({
      actions: {
        [ADD_TO_LAST_PLAYLIST]: async () => Promise.reject(new Error('boom')),
        [COPY_LINK_COMMAND]: async () => undefined,
      },
      activeTabId: async () => 9,
      onError: (error) => errors.push(error),
    });
    await expect(onCommand(ADD_TO_LAST_PLAYLIST)).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
