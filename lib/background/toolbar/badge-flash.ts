import { type MessageKey, t } from '../../platform/i18n';
import { type ActionLike, PENDING_COLOR } from './badge';

export type FlashKind = 'done' | 'same' | 'failed' | 'pending';

/** The performance mark a test build makes for each flash, its tab, kind and title in `detail` (the benchmark reads it). */
export const FLASH_MARK = 'hogmark:flash';

/** The badge's mark per outcome, through the messages like every other badge text. */
const FLASHES: Record<FlashKind, { key: MessageKey; color: string }> = {
  done: { key: 'badgeCopied', color: '#1E7B34' },
  same: { key: 'badgeSame', color: '#5B5B57' },
  failed: { key: 'badgeCopyFailed', color: '#B42318' },
  pending: { key: 'badgePending', color: PENDING_COLOR },
};

export interface BadgeFlashDeps {
  action: ActionLike;
  /** Puts the tab's usual badge and title back (the badge service's view of the tab). */
  restore: (tabId: number) => Promise<void>;
  /** Keeps the badge service from writing over the flash until `restore` (`BadgeService.hold`). */
  hold?: (tabId: number) => void;
  durationMs?: number;
}

/**
 * The result of an action started without the popup (shortcut, menu, page button): a mark on the
 * tab's toolbar button for a few seconds, and the sentence in its title until then.
 */
export function createBadgeFlash(deps: BadgeFlashDeps) {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const durationMs = deps.durationMs ?? 3000;

  return async function flash(tabId: number, kind: FlashKind, title: string): Promise<void> {
    clearTimeout(timers.get(tabId));
    const { key, color } = FLASHES[kind];
    const text = t(key);
    if (import.meta.env.MODE === 'test') performance.mark(FLASH_MARK, { detail: { tabId, kind, title } });
    deps.hold?.(tabId);
    try {
      await Promise.all([
        deps.action.setBadgeText({ tabId, text }),
        deps.action.setBadgeBackgroundColor({ tabId, color }),
        deps.action.setTitle({ tabId, title }),
      ]);
    } catch {
      return; // The tab closed meanwhile.
    }
    timers.set(
      tabId,
      setTimeout(() => {
        timers.delete(tabId);
        deps.restore(tabId).catch(() => undefined);
      }, durationMs),
    );
  };
}
export type BadgeFlash = ReturnType<typeof createBadgeFlash>;
