import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FakePostHog } from '../fake-posthog/index';
import { recordingPath } from '../support/recording-route';
import type { ExtensionSession } from './harness';

type Chrome = {
  action: { getBadgeText(details: { tabId: number }): Promise<string> };
};

/** The popup over a tab, once its playlist list has been revalidated. */
export async function pickerOver(browser: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await browser.openPopup(tabId);
  await popup.getByRole('combobox', { name: 'Find or create a collection' }).waitFor();
  await popup.getByRole('option').first().waitFor();
  await expect.poll(() => popup.getByText('Updating…').count(), { timeout: 10_000 }).toBe(0);
  return popup;
}

/** Signs in to the PostHog at `origin` on a recording's page (project 1), then opens the picker over that tab. */
export async function signedInPickerOver(session: ExtensionSession, origin: string, recordingId: string) {
  const { page, tabId } = await session.openTab(`${origin}/login?next=/project/1/replay/${recordingId}`);
  await page.waitForURL(`${origin}/project/1/replay/${recordingId}`);
  return { page, tabId, popup: await pickerOver(session, tabId) };
}

export function badgeText(browser: ExtensionSession, tabId: number): Promise<string> {
  return browser.serviceWorker.evaluate(
    (id) => (globalThis as unknown as { chrome: Chrome }).chrome.action.getBadgeText({ tabId: id }),
    tabId,
  );
}

/** Who a PostHog tab was asked it is signed in as (`@me` through the page), as `auth status`. */
export function whoAskedCalls(server: FakePostHog): string[] {
  return server.requests
    .filter((request) => request.path === '/api/users/@me/' && request.auth !== 'key')
    .map((request) => `${request.auth} ${request.status}`);
}

/** Requests to the recording route of a playlist, as `METHOD auth status`. */

export function recordingCalls(server: FakePostHog, shortId: string, recordingId: string): string[] {
  const path = recordingPath(shortId, recordingId);
  return server.requests
    .filter((request) => request.path === path)
    .map((request) => `${request.method} ${request.auth} ${request.status}`);
}
