import type { Page } from 'playwright-core';
import type { ExtensionSession } from './harness';

/**
 * The popup over a tab, once its header (or empty state) has replaced the skeleton; its panels may
 * still be loading (dashboards-harness.ts's popupOver waits for those too).
 */
export async function popupReady(session: ExtensionSession, tabId: number): Promise<Page> {
  const popup = await session.openPopup(tabId);
  await popup.locator('main[aria-busy="false"]').waitFor();
  return popup;
}

/** The popup's heading: the name of what the tab shows, or the empty state's line. */
export const popupHeading = (popup: Page) => popup.getByRole('heading', { level: 1 }).textContent();
