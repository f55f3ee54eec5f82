import { computed, signal } from '@preact/signals';
import type { PageHints, SendMessage, Status } from '../messaging/messages';
import type { PageContext } from '../posthog/context';
import { contextName } from '../posthog/context-labels';
import { pageLink } from '../posthog/links';
import type { CopyStore } from './share-copy';
import { copyShareLink, knownMissingScope } from './share-state';

/** A notebook or any other project page. */
export type LinkPageContext = Extract<PageContext, { kind: 'notebook' | 'page' }>;

export interface PageLinksDeps {
  send: SendMessage;
  copy: CopyStore;
  context: LinkPageContext;
  status: Status;
  hints: PageHints;
}

/**
 * The popup over a notebook or any other PostHog page: its own link, plain and as Markdown named
 * after the page. PostHog gives these pages no public link.
 */
export function createPageLinksStore(deps: PageLinksDeps) {
  const { send, copy, context, status } = deps;
  const url = pageLink(context);
  /** The page's hints as the popup last saw them: a title may arrive after the store was made. */
  const hints = signal<PageHints>(deps.hints);
  /** A notebook's title as PostHog stores it, for when its page has not said one. */
  const fetchedTitle = signal<string | null>(null);
  const name = computed(() =>
    contextName(context, { title: hints.value.title?.trim() || fetchedTitle.value?.trim() || undefined }),
  );

  return {
    hints,
    name,
    url,

    /** A notebook without a title from its page asks PostHog once; nothing else sends anything. */
    async load(): Promise<void> {
      if (context.kind !== 'notebook' || deps.hints.title?.trim()) return;
      const projectId = context.projectId ?? status.projectId ?? null;
      if (status.origin !== context.origin || projectId === null) return;
      if (knownMissingScope(status.capabilities?.notebookNames)) return;
      try {
        fetchedTitle.value = (await send('notebooks/get', { projectId, shortId: context.shortId })).title;
      } catch {
        // Only the Markdown's name depends on it; the short id stands in.
      }
    },

    copyLink: (markdown = false) => copyShareLink(copy, { url, name: name.value, kind: 'private', markdown }),
  };
}
export type PageLinksStore = ReturnType<typeof createPageLinksStore>;
