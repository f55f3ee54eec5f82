import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FakePostHog } from '../fake-posthog/index';
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
