import { t } from '../i18n';
import type { ActionLike } from './badge';

export interface CopyFlashDeps {
  action: ActionLike;
  /** Puts the tab's own badge and title back (the badge service, after forgetting what it showed). */
  restore: (tabId: number) => Promise<void>;
  /** How long the confirmation stays (default 2 s): long enough to see, short enough not to linger. */
  durationMs?: number;
  setTimeout?: (run: () => void, ms: number) => unknown;
}

/**
 * Where there is no popup to show a toast (a shortcut, a menu item), the toolbar button itself says
 * what happened: a short badge, and a title naming what was copied, then back to the page's own.
 */
export function createCopyFlash(deps: CopyFlashDeps) {
  const durationMs = deps.durationMs ?? 2_000;
  const later = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const pending = new Map<number, number>();

  return async function flash(tabId: number, outcome: { ok: boolean; title: string }): Promise<void> {
    // A second copy restarts the clock; only the last one restores.
    const stamp = (pending.get(tabId) ?? 0) + 1;
    pending.set(tabId, stamp);
    try {
      await Promise.all([
        deps.action.setBadgeText({ tabId, text: t(outcome.ok ? 'badgeCopied' : 'badgeCopyFailed') }),
        deps.action.setBadgeBackgroundColor({ tabId, color: outcome.ok ? '#1E7B34' : '#B42318' }),
        deps.action.setTitle({ tabId, title: t('toolbarTitle', outcome.title) }),
      ]);
    } catch {
      // The tab closed meanwhile.
      pending.delete(tabId);
      return;
    }
    later(() => {
      if (pending.get(tabId) !== stamp) return;
      pending.delete(tabId);
      void deps.restore(tabId).catch(() => undefined);
    }, durationMs);
  };
}
export type CopyFlash = ReturnType<typeof createCopyFlash>;
