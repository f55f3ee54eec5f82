import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { FakePostHog } from '../fake-posthog/index';
import type { ExtensionEnv } from './fixtures';
import type { ExtensionSession } from './harness';

/**
 * What a settled popup shows, in either browser: its header no longer busy, and no share panel
 * (dashboard or recording) still busy.
 */
export const POPUP_SETTLED = {
  header: 'main.popup[aria-busy="false"]',
  busyPanel: '.share-panel[aria-busy="true"]',
} as const;

/** The popup over a tab, once its header and the dashboard or recording panel have settled. */
export async function popupOver(session: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await session.openPopup(tabId);
  await popup.locator(POPUP_SETTLED.header).waitFor();
  await popup.locator(POPUP_SETTLED.busyPanel).waitFor({ state: 'detached' });
  return popup;
}

/** A dashboard of the local PostHog (project 1) open in a tab, and the popup over it once its pin shows. */
export async function dashboardPopup(env: ExtensionEnv, id: number): Promise<{ tab: Page; popup: Page }> {
  const { page: tab, tabId } = await env.session.openTab(`${env.server.url}/project/1/dashboard/${id}`);
  const popup = await popupOver(env.session, tabId);
  await popup.locator('.dashboard-pin').waitFor();
  return { tab, popup };
}

/**
 * Lets the test read the clipboard from a page of `origin` (Chromium grants nothing to extension
 * origins; the clipboard itself is the browser's, whoever wrote it).
 */
export async function allowClipboard(session: ExtensionSession, origin: string): Promise<void> {
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/** What is on the clipboard, read in `page` (of an allowed origin), which takes the focus to read. */
export async function readClipboard(page: Page): Promise<string> {
  await page.bringToFront();
  return page.evaluate(() => navigator.clipboard.readText());
}

export const apiRequests = (server: FakePostHog, method: string, pattern: RegExp) =>
  server.requests.filter((entry) => entry.method === method && pattern.test(entry.path));

/**
 * A front for the local PostHog that answers one route as PostHog answers a key without a scope,
 * and passes everything else through. The local PostHog's own keys all hold the sharing scope.
 */
export async function startScopeRefusingProxy(
  target: string,
  refuse: { pattern: RegExp; scope: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (refuse.pattern.test(path.split('?')[0] ?? '')) {
      outgoing.writeHead(403, { 'content-type': 'application/json' });
      outgoing.end(
        JSON.stringify({
          type: 'authentication_error',
          code: 'permission_denied',
          detail: `API key missing required scope '${refuse.scope}'`,
          attr: null,
        }),
      );
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
