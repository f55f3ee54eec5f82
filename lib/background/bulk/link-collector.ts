import type { PageContext } from '../../posthog/context';
import { isCapturedSessionId } from '../../posthog/context-ids';
import type { RecordingTarget } from '../recordings/quick-add';
import type { LinkClick, LinkScope } from '../recordings/recording-menus';

/** Links a page may hand back at most, and the longest link kept (PostHog's URLs are far shorter). */
const MAX_LINKS = 2000;
const MAX_HREF = 2048;

/**
 * Runs in the page (`scripting.executeScript`, with the menu click's activeTab grant): the links in
 * the selection, or on the whole page, that a person can see. Only links that look like a
 * recording's come back. It must be self-contained: the browser sends its source, not its closure.
 *
 * The page is hostile: a selection may sweep up links hidden in it (`display: none`, `visibility:
 * hidden`, `opacity: 0`, no size, off the page's top or left edge, or inside a hidden parent), so
 * only what the user could have seen counts. `checkVisibility()` (with both spellings of its options:
 * Chromium 120 knows only `checkOpacity`/`checkVisibilityCSS`) judges the styles where the browser has
 * it; elsewhere the computed styles of the link and its ancestors do.
 */
export function linksInDocument(scope: LinkScope): string[] {
  const found: string[] = [];
  const selection = scope === 'selection' ? getSelection() : null;
  const ranges =
    selection === null ? [] : Array.from({ length: selection.rangeCount }, (_, i) => selection.getRangeAt(i));
  const styled = (link: Element): boolean => {
    if (typeof link.checkVisibility === 'function') {
      const options = {
        checkOpacity: true,
        checkVisibilityCSS: true,
        opacityProperty: true,
        visibilityProperty: true,
      };
      return link.checkVisibility(options as CheckVisibilityOptions);
    }
    const own = getComputedStyle(link);
    if (own.visibility === 'hidden' || own.visibility === 'collapse') return false;
    for (let node: Element | null = link; node !== null; node = node.parentElement) {
      const style = node === link ? own : getComputedStyle(node);
      if (style.display === 'none' || style.contentVisibility === 'hidden' || Number(style.opacity) === 0)
        return false;
    }
    return true;
  };
  const seen = (link: Element): boolean => {
    const box = link.getBoundingClientRect();
    // A box of a pixel or less shows nothing a person reads; one past the top or left edge cannot be
    // scrolled to.
    return (
      box.width > 1 && box.height > 1 && box.right + scrollX > 0 && box.bottom + scrollY > 0 && styled(link)
    );
  };
  for (const link of Array.from(document.links)) {
    if (found.length >= 2000) break;
    const href = link.href;
    if (href.length > 2048 || !/\/(replay|recordings)\/|sessionRecordingId=/.test(href)) continue;
    if (scope === 'selection' && !ranges.some((range) => range.intersectsNode(link))) continue;
    if (seen(link)) found.push(href);
  }
  return found;
}

/** Selected text read at most: a page may select a whole book; real tickets are far shorter. */
export const MAX_SELECTION_TEXT = 10_000;
const SENTENCE_PUNCTUATION = new Set('.,;:!?)]}');

/** The address without the sentence's punctuation after it, scanning back once (linear, no regex). */
function trimPunctuation(url: string): string {
  let end = url.length;
  while (end > 0 && SENTENCE_PUNCTUATION.has(url[end - 1] as string)) end--;
  return url.slice(0, end);
}

/**
 * Addresses written out as text in a selection (plain-text mail, a code block), without the
 * punctuation of the sentence around them ("see https://…/replay/abc, and"). Linear in the text,
 * which is cut at MAX_SELECTION_TEXT: selected text is the page's, and may be built to stall us.
 */
export function urlsInText(text: string | undefined): string[] {
  const found = (text ?? '').slice(0, MAX_SELECTION_TEXT).match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return found
    .slice(0, MAX_LINKS)
    .map(trimPunctuation)
    .filter((url) => url.length <= MAX_HREF);
}

/**
 * The recordings a list of links names, each once (on one PostHog, by its id), in the order they
 * first appear; a link with its project wins over a legacy one without. Not links to recordings are
 * dropped.
 */
export function recordingsFromLinks(
  hrefs: readonly string[],
  options: {
    appOrigins: readonly string[];
    parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  },
): RecordingTarget[] {
  const found = new Map<string, RecordingTarget>();
  for (const href of hrefs) {
    const context = options.parsePageContext(href, options.appOrigins);
    // Only ids PostHog's capture could have made: a page's link names nothing else Hogmark sends.
    if (context?.kind !== 'recording' || !isCapturedSessionId(context.recordingId)) continue;
    const key = `${context.origin} ${context.recordingId}`;
    const known = found.get(key);
    if (!known || (known.projectId === null && context.projectId !== null)) {
      const { origin, projectId, recordingId } = context;
      found.set(key, { origin, projectId, recordingId });
    }
  }
  return [...found.values()];
}

export interface LinkCollectorDeps {
  /**
   * `scripting.executeScript` of `linksInDocument` in one frame of the tab, answering its result
   * (untrusted: the page may have changed anything it reads).
   */
  readLinks: (tabId: number, frameId: number, scope: LinkScope) => Promise<unknown>;
}

/**
 * The links a menu click is about. `readable: false` when the page could not be read (a browser
 * page, a frame the grant does not cover) and the selection's text named no address either.
 */
export function createLinkCollector(deps: LinkCollectorDeps) {
  return async function collectLinks(click: LinkClick): Promise<{ hrefs: string[]; readable: boolean }> {
    let read: string[] | null;
    try {
      read = asLinks(await deps.readLinks(click.tabId, click.frameId, click.scope));
    } catch {
      read = null;
    }
    const typed = click.scope === 'selection' ? urlsInText(click.selectionText) : [];
    const hrefs = [...(read ?? []), ...typed].slice(0, MAX_LINKS);
    return { hrefs, readable: read !== null || typed.length > 0 };
  };
}
export type CollectLinks = ReturnType<typeof createLinkCollector>;

function asLinks(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .slice(0, MAX_LINKS)
    .filter((href): href is string => typeof href === 'string' && href.length <= MAX_HREF);
}
