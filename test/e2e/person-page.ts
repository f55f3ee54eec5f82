import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import type { FakePostHog } from '../fake-posthog/index';
import type { ExtensionSession } from './harness';

/** The menu item on a selection (lib/background/persons/person-menus.ts). */
export const FIND_IN_SELECTION = 'hogmark-find-person-in-selection';

/**
 * A support ticket on a help desk that is not PostHog: who wrote (the address the user selects) and
 * another customer named in the text. The same page serves the demo.
 */
export function supportTicketHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ticket 4711 · Help desk</title></head>
<body style="font: 15px/1.5 system-ui; max-width: 720px; margin: 2rem auto">
<h1>Checkout fails on Safari</h1>
<p>From: Ana Alves &lt;<span id="requester">ana@acme.com</span>&gt;</p>
<p id="body">Hi, I tried to pay three times this week and the button did nothing. My colleague
<span id="colleague">jo@initech.com</span> saw the same. Can you have a look? — Ana</p>
<p>Forwarded by <span id="stranger">nobody@acme.com</span>.</p>
</body></html>`;
}

export async function serveSupportTicket(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(supportTicketHtml());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tickets/4711`, server };
}

/** Selects the text of the element with this id, as a user's double-click or drag would. */
export async function selectText(page: Page, elementId: string): Promise<string> {
  return page.evaluate((id) => {
    const element = document.getElementById(id);
    if (element) getSelection()?.selectAllChildren(element);
    return getSelection()?.toString() ?? '';
  }, elementId);
}

/** PostHog's person and recordings-list requests, as `path?query status`, in order. */
export function personCalls(server: FakePostHog): string[] {
  return server.requests
    .filter((request) => /\/(persons|session_recordings)\/?$/.test(request.path))
    .map((request) => `${request.path}?${new URLSearchParams(request.query).toString()} ${request.status}`);
}

/**
 * A right-click on the selection: the menu listener with the click's info (the test build exposes it),
 * and the person page it opens in a new tab.
 */
export async function findFromSelection(
  session: ExtensionSession,
  page: Page,
  tabId: number,
  elementId: string,
): Promise<Page> {
  const selectionText = await selectText(page, elementId);
  const opened = (session.context as BrowserContext).waitForEvent('page', {
    predicate: (candidate) => candidate.url().includes('/persons.html'),
  });
  await session.serviceWorker.evaluate(
    async (click) => {
      type Listener = (info: object, tab: object) => Promise<void>;
      const test = (globalThis as unknown as { hogmarkTest: { menuClicked: Listener } }).hogmarkTest;
      await test.menuClicked(
        { menuItemId: click.id, frameId: 0, pageUrl: click.url, editable: false, selectionText: click.text },
        { id: click.tabId, url: click.url, index: 1, active: true, windowId: -1, pinned: false },
      );
    },
    { id: FIND_IN_SELECTION, tabId, url: page.url(), text: selectionText },
  );
  const personPage = await opened;
  await personPage.locator('main[aria-busy="false"]').waitFor();
  return personPage;
}
