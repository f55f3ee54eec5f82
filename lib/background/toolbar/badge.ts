import type { PageHints } from '../../messaging/messages';
import { type MessageKey, t, tCount } from '../../platform/i18n';
import { MENU_NAME_CHARS, shortCollectionName } from '../../posthog/collection-names';
import type { PageContext } from '../../posthog/context';
import { contextKindLabel, contextProjectId } from '../../posthog/context-labels';

/** The part of `browser.action` the badge uses (structural, so tests pass a recording fake). */
export interface ActionLike {
  setBadgeText(details: { tabId: number; text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { tabId: number; color: string }): Promise<void>;
  setTitle(details: { tabId: number; title: string }): Promise<void>;
}

/**
 * What a tab shows; `person`: who its recording is, when PostHog has said (names it in the title);
 * `lastUsed`: the collection the add shortcut goes to from this recording (named in the title).
 */
export interface ToolbarView {
  context: PageContext | null;
  hints: PageHints;
  person?: string;
  lastUsed?: string;
}

export interface ToolbarState {
  text: string;
  color: string;
  title: string;
}

/** Colors from PostHog's palette that keep the white badge text readable. */
const BADGES: Partial<Record<PageContext['kind'], { key: MessageKey; color: string }>> = {
  recording: { key: 'badgeRecording', color: '#C03E06' },
  dashboard: { key: 'badgeDashboard', color: '#1D4AFF' },
  playlist: { key: 'badgePlaylist', color: '#1E7B34' },
};
const NO_BADGE_COLOR = '#5B5B57';
/** Changes waiting to be made: PostHog's warning hue, dark enough for the white badge text. */
export const PENDING_COLOR = '#9A5700';

/** Long recording names would push the useful part of the tooltip out of sight. */
const MAX_NAME_IN_TITLE = 60;

/**
 * What the toolbar button shows for a tab: a short badge on pages Hogmark can act on, and a title
 * naming the page ("Checkout flow · Recording · project 1 — Hogmark"); the plain name elsewhere.
 */
export function toolbarStateOf(view: ToolbarView, pending = 0): ToolbarState {
  const state = pageStateOf(view);
  if (pending <= 0) return state;
  // Changes waiting to be made outrank the page's kind: the count shows on every tab until they are.
  return {
    text: pending > 99 ? '99+' : String(pending),
    color: PENDING_COLOR,
    title: `${tCount('toolbarPending', pending)} · ${state.title}`,
  };
}

function pageStateOf(view: ToolbarView): ToolbarState {
  const { context, hints } = view;
  if (!context) return { text: '', color: NO_BADGE_COLOR, title: t('extName') };
  const badge = BADGES[context.kind];
  const projectId = contextProjectId(context);
  const parts = [contextKindLabel(context.kind)];
  if (projectId !== null) parts.push(t('toolbarProject', projectId));
  const name = (view.person ?? hints.title)?.trim();
  if (name) {
    parts.unshift(name.length > MAX_NAME_IN_TITLE ? `${name.slice(0, MAX_NAME_IN_TITLE - 1)}…` : name);
  }
  if (context.kind === 'recording' && view.lastUsed) {
    parts.push(t('toolbarAddsTo', shortCollectionName(view.lastUsed, MENU_NAME_CHARS)));
  }
  return {
    text: badge ? t(badge.key) : '',
    color: badge?.color ?? NO_BADGE_COLOR,
    title: t('toolbarTitle', parts.join(' · ')),
  };
}

/**
 * Keeps each tab's toolbar button in step with its context. Hints arrive every second while a
 * recording plays, so by default it writes only what changed.
 */
export function createBadgeService(deps: { action: ActionLike }) {
  const shown = new Map<number, ToolbarState>();
  /** Each tab's last view, so a change in the pending count can repaint every tab. */
  const views = new Map<number, ToolbarView>();
  let pending = 0;
  /** Tabs whose button shows a flash (✓, !): a view that changes meanwhile waits for the flash's end. */
  const held = new Set<number>();

  return {
    /** `rewrite`: write even what looks shown (the browser resets the button on a new document). */
    async show(tabId: number, view: ToolbarView, options: { rewrite?: boolean } = {}): Promise<void> {
      views.set(tabId, view);
      if (held.has(tabId)) return;
      const next = toolbarStateOf(view, pending);
      const current = shown.get(tabId);
      const same =
        current?.text === next.text && current.color === next.color && current.title === next.title;
      if (same && !options.rewrite) return;
      shown.set(tabId, next);
      try {
        await Promise.all([
          deps.action.setBadgeText({ tabId, text: next.text }),
          deps.action.setBadgeBackgroundColor({ tabId, color: next.color }),
          deps.action.setTitle({ tabId, title: next.title }),
        ]);
      } catch {
        // The tab closed in between; forget it so a reused id starts clean.
        shown.delete(tabId);
      }
    },

    /**
     * A flash takes the tab's button: until `release`, views are not written (a page that finishes
     * loading, or names itself, just after a shortcut would otherwise wipe the ✓ at once).
     */
    hold(tabId: number): void {
      held.add(tabId);
    },

    /** The flash is over: the next `show` writes the tab's view whatever was shown before. */
    release(tabId: number): void {
      held.delete(tabId);
      shown.delete(tabId);
    },

    /** How many changes wait to be made: every tab's button shows the count while there are any. */
    async setPending(count: number): Promise<void> {
      if (count === pending) return;
      pending = count;
      await Promise.all([...views].map(([tabId, view]) => this.show(tabId, view)));
    },

    /** Call from `tabs.onRemoved`. */
    forgetTab(tabId: number): void {
      shown.delete(tabId);
      views.delete(tabId);
      held.delete(tabId);
    },
  };
}
export type BadgeService = ReturnType<typeof createBadgeService>;
