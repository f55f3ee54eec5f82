import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { ExtensionSession } from './harness';

/** The menu item on recording links (lib/background/recordings/recording-menus.ts). */
export const CHOOSE_COLLECTION = 'hogmark-choose-playlist';

/**
 * A help desk's ticket (not PostHog) linking to recordings, one link per address, each with the id
 * `recording-<n>`. Served on 127.0.0.1, which the test build may read.
 */
export async function serveTicketLinking(
  recordingUrls: readonly string[],
): Promise<{ url: string; server: Server }> {
  const links = recordingUrls
    .map((href, index) => `<li><a id="recording-${index}" href="${href}">Recording ${index + 1}</a></li>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ticket 4712 · Help desk</title></head>
<body><h1>Coupon field rejects valid codes</h1><p>Seen in these sessions:</p><ul>${links}</ul></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tickets/4712`, server };
}

/** What a popup page showed from its first frame on, recorded by `recordHeaders` in the page. */
export interface HeaderPaints {
  /** Every header the popup showed, as "kind | name", in order. */
  headers: string[];
  /** Whether the empty state ("Open a recording or dashboard") was ever in the page. */
  emptyState: boolean;
}

/**
 * Runs in a popup page before its own scripts (an init script): every DOM change is looked at before
 * it is painted, so a header or an empty state that shows for one frame is seen.
 */
export function recordHeaders(): void {
  if (!location.pathname.endsWith('/popup.html')) return;
  const paints: HeaderPaints = { headers: [], emptyState: false };
  Object.assign(window, { hogmarkHeaderPaints: paints });
  // No helper functions: the page runs this function's source as it is, without the bundler's helpers.
  new MutationObserver(() => {
    if (document.querySelector('.empty-state')) paints.emptyState = true;
    const name = document.querySelector('.context-header h1')?.textContent?.trim();
    if (name === undefined) return;
    const kind = document.querySelector('.context-header .context-kind')?.textContent?.trim() ?? '';
    const header = `${kind} | ${name}`;
    if (paints.headers.at(-1) !== header) paints.headers.push(header);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** What `watchPickReads` saw in a popup: its reads of the pick, and when it asked `popup/open`. */
export interface PickReads {
  /** Each read of `storage.session` that asked for the pick: when it was answered, and whether taken. */
  reads: Array<{ at: number; taken: boolean }>;
  /** When the popup sent its first `popup/open` (ms since its navigation), or null. */
  askedAt: number | null;
}

/**
 * Runs in a popup page before its own scripts (an init script): records each of its reads of
 * `storage.session` that asks for the context menu's pick (when answered, and whether the pick was
 * taken then) and when it sent `popup/open`, the message with which the background takes a pick.
 * `key`: where the background keeps the pick (`STORED.pendingPick.key`).
 */
export function watchPickReads(key: string): void {
  if (!location.pathname.endsWith('/popup.html')) return;
  const seen: PickReads = { reads: [], askedAt: null };
  Object.assign(window, { hogmarkPickReads: seen });
  type Area = { get: (keys: unknown) => Promise<Record<string, unknown>>; watched?: true };
  type Runtime = { sendMessage: (...args: unknown[]) => unknown; watched?: true };
  const scope = globalThis as unknown as Record<string, { storage?: { session?: Area }; runtime?: Runtime }>;
  // No helper functions: the page runs this function's source as it is, without the bundler's helpers.
  for (const name of ['chrome', 'browser']) {
    const area = scope[name]?.storage?.session;
    if (area && !area.watched) {
      const read = area.get.bind(area);
      area.watched = true;
      area.get = async (keys: unknown) => {
        const items = await read(keys);
        if ([keys].flat().includes(key)) {
          const stored = items[key] as { pick?: { taken?: true } | null } | undefined;
          seen.reads.push({ at: performance.now(), taken: stored?.pick?.taken === true });
        }
        return items;
      };
    }
    const runtime = scope[name]?.runtime;
    if (runtime && !runtime.watched) {
      const send = runtime.sendMessage.bind(runtime);
      runtime.watched = true;
      runtime.sendMessage = (...args: unknown[]) => {
        const message = args[0] as { type?: unknown } | undefined;
        if (message?.type === 'popup/open' && seen.askedAt === null) seen.askedAt = performance.now();
        return send(...args);
      };
    }
  }
}

type Chrome = { action: { openPopup: (...args: unknown[]) => unknown } };

/**
 * How the browser meets `action.openPopup()` for the next menu click: `refuse` as where it may not open
 * the toolbar popup (Chromium before 127, no focused window: then Hogmark opens the picker window);
 * `stand-in` lets the call succeed without opening one, and the test opens the popup page over the tab
 * as the toolbar would (a test cannot reach the toolbar popup itself).
 */
export async function toolbarPopupWill(
  session: ExtensionSession,
  how: 'refuse' | 'stand-in' | 'open',
): Promise<void> {
  await session.serviceWorker.evaluate((how) => {
    const holder = globalThis as unknown as {
      chrome: Chrome;
      hogmarkOpenPopup?: Chrome['action']['openPopup'];
    };
    holder.hogmarkOpenPopup ??= holder.chrome.action.openPopup;
    holder.chrome.action.openPopup =
      how === 'open'
        ? holder.hogmarkOpenPopup
        : how === 'refuse'
          ? () => {
              throw new Error('Could not find an active browser window.');
            }
          : (callback?: unknown) => (typeof callback === 'function' ? callback() : Promise.resolve());
  }, how);
}

/** A right-click on a recording link of the ticket, "Choose a collection…": the menu's own listener. */
export async function chooseCollectionOn(
  session: ExtensionSession,
  ticket: Page,
  tabId: number,
  linkId: string,
) {
  const linkUrl = await ticket.locator(`#${linkId}`).evaluate((link) => (link as HTMLAnchorElement).href);
  await session.serviceWorker.evaluate(
    async (click) => {
      type Listener = (info: object, tab: object) => Promise<void>;
      const test = (globalThis as unknown as { hogmarkTest: { menuClicked: Listener } }).hogmarkTest;
      await test.menuClicked(
        { menuItemId: click.id, linkUrl: click.linkUrl, pageUrl: click.url, frameId: 0, editable: false },
        { id: click.tabId, url: click.url, index: 1, active: true, windowId: -1, pinned: false },
      );
    },
    { id: CHOOSE_COLLECTION, linkUrl, url: ticket.url(), tabId },
  );
}
