import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FakePostHog } from '../fake-posthog/index';
import type { ExtensionSession } from './harness';

type Chrome = {
  runtime: { sendMessage(message: object): Promise<unknown> };
  action: { getBadgeText(details: { tabId: number }): Promise<string> };
};

/** The popup over a tab, once its playlist list has been revalidated. */
export async function pickerOver(browser: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await browser.openPopup(tabId);
  await popup.getByRole('combobox', { name: 'Find or create a playlist' }).waitFor();
  await popup.getByRole('option').first().waitFor();
  await expect.poll(() => popup.getByText('Updating…').count(), { timeout: 10_000 }).toBe(0);
  return popup;
}

/** Sends a message from an extension page, as the popup would. */
export function sendFrom(page: Page, message: object): Promise<unknown> {
  return page.evaluate(
    (m) => (globalThis as unknown as { chrome: Chrome }).chrome.runtime.sendMessage(m),
    message,
  );
}

export function badgeText(browser: ExtensionSession, tabId: number): Promise<string> {
  return browser.serviceWorker.evaluate(
    (id) => (globalThis as unknown as { chrome: Chrome }).chrome.action.getBadgeText({ tabId: id }),
    tabId,
  );
}

/** Requests to the recording route of a playlist, as `METHOD auth status`. */
export function recordingCalls(server: FakePostHog, shortId: string, recordingId: string): string[] {
  const path = `/api/projects/1/session_recording_playlists/${shortId}/recordings/${recordingId}/`;
  return server.requests
    .filter((request) => request.path === path)
    .map((request) => `${request.method} ${request.auth} ${request.status}`);
}
