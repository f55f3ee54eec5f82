import { computed, signal } from '@preact/signals';
import type { PageHints, SendMessage, Status } from '../messaging/messages';
import { serializeError } from '../platform/errors';
import type { InsightContext } from '../posthog/context';
import { contextName } from '../posthog/context-labels';
import { insightLink, insightSharingLink } from '../posthog/links';
import type { CopyStore } from './share-copy';
import {
  copyShareLink,
  knownMissingScope,
  missingScopeShare,
  type ShareState,
  shareStateOf,
} from './share-state';

export type InsightPageContext = InsightContext;

/** `elsewhere`: the insight is on another PostHog than the key's, so only its own link is offered. */
export type InsightPhase = 'connected' | 'elsewhere';

export interface InsightPageDeps {
  send: SendMessage;
  copy: CopyStore;
  context: InsightPageContext;
  /** The configured connection, with what the key may do. */
  status: Status;
  hints: PageHints;
}

/** The popup over an insight: its public link where PostHog shares it, and its private link. */
export function createInsightPageStore(deps: InsightPageDeps) {
  const { send, copy, context, status } = deps;
  const projectId = context.projectId ?? status.projectId ?? null;
  const connected = status.origin === context.origin && projectId !== null;
  const where = { origin: context.origin, projectId, shortId: context.shortId };
  const settingsUrl = insightSharingLink(where);
  const privateUrl = insightLink(where);
  // Without `insight:read` neither the name nor the link can be read.
  const missingScope = knownMissingScope(status.capabilities?.insightLinks);

  const phase = signal<InsightPhase>(connected ? 'connected' : 'elsewhere');
  const share = signal<ShareState>({ phase: 'loading' });
  /** The page's hints as the popup last saw them: a title may arrive after the store was made. */
  const hints = signal<PageHints>(deps.hints);
  /** The name PostHog gives the insight, for when the page has not said one. */
  const fetchedName = signal<string | null>(null);
  const name = computed(() =>
    contextName(context, { title: hints.value.title?.trim() || fetchedName.value?.trim() || undefined }),
  );

  async function loadName(ref: { projectId: number; shortId: string }): Promise<void> {
    if (deps.hints.title?.trim() || fetchedName.value || missingScope === 'insight:read') return;
    try {
      fetchedName.value = (await send('insights/get', ref)).name;
    } catch {
      // Only the Markdown's name depends on it; the title or the short id stands in.
    }
  }

  async function loadShare(ref: { projectId: number; shortId: string }): Promise<void> {
    if (missingScope) {
      // Known from the last key check: no request that can only be refused.
      share.value = missingScopeShare(missingScope, settingsUrl);
      return;
    }
    // Already loading on a first read: no change for a popup that is still painting.
    if (share.peek().phase !== 'loading') share.value = { phase: 'loading' };
    try {
      share.value = shareStateOf(await send('insights/share-link', ref));
    } catch (error) {
      share.value = { phase: 'error', error: serializeError(error), settingsUrl };
    }
  }

  return {
    phase,
    share,
    hints,
    name,
    privateUrl,
    settingsUrl,

    /** Reads the name and the public link; what the key is known to lack is not asked for. */
    async load(): Promise<void> {
      if (!connected || projectId === null) return;
      const ref = { projectId, shortId: context.shortId };
      await Promise.all([loadName(ref), loadShare(ref)]);
    },

    /** Reads the public link again (after an error that may pass). */
    async retryShare(): Promise<void> {
      if (connected && projectId !== null) await loadShare({ projectId, shortId: context.shortId });
    },

    copyPublic(markdown = false): Promise<boolean> {
      const state = share.value;
      if (state.phase !== 'enabled') return Promise.resolve(false);
      return copyShareLink(copy, { url: state.url, name: name.value, kind: 'public', markdown });
    },
    copyPrivate: (markdown = false) =>
      copyShareLink(copy, { url: privateUrl, name: name.value, kind: 'private', markdown }),
  };
}
export type InsightPageStore = ReturnType<typeof createInsightPageStore>;
