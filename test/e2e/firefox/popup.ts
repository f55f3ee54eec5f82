import { POPUP_SETTLED } from '../dashboards-harness';
import type { FirefoxEnv } from './fixtures';
import { ENTER, type FirefoxPage } from './page';

/**
 * The popup as a tab bound to `tabId` (the toolbar popup itself is browser UI), once it has settled:
 * Firefox's half of ../dashboards-harness.ts's popupOver, named apart (it drives Firefox over BiDi).
 */
export async function firefoxPopupOver(env: FirefoxEnv, tabId: number): Promise<FirefoxPage> {
  const popup = await env.session.openExtensionPage(`popup.html?tabId=${tabId}`);
  await popup.waitFor(
    (header: string, busyPanel: string) =>
      document.querySelector(header) !== null && document.querySelector(busyPanel) === null,
    POPUP_SETTLED.header,
    POPUP_SETTLED.busyPanel,
  );
  return popup;
}

/**
 * Signs in to the local PostHog in a tab on a recording's page (project 1), then opens the popup over
 * that tab once its collections are listed: Firefox's half of ../collections-harness.ts's
 * signedInPickerOver.
 */
export async function firefoxSignedInPickerOver(env: FirefoxEnv, recordingId: string) {
  const { page, tabId } = await env.session.openTab(
    `${env.server.url}/login?next=/project/1/replay/${recordingId}`,
  );
  await page.waitFor((path: string) => location.pathname === path, `/project/1/replay/${recordingId}`);
  return { page, tabId, popup: await firefoxPickerOver(env, tabId) };
}

/** The popup over a tab once its collection picker lists collections. */
export async function firefoxPickerOver(env: FirefoxEnv, tabId: number): Promise<FirefoxPage> {
  const popup = await firefoxPopupOver(env, tabId);
  await popup.waitFor(() => document.querySelector('[role="option"]') !== null);
  return popup;
}

/** Types `query` into the picker and presses Enter once the highlighted collection is `collection`. */
export async function pickCollection(popup: FirefoxPage, query: string, collection: string): Promise<void> {
  await popup.fill({ css: 'input[role="combobox"]' }, query);
  await popup.waitFor(
    (name: string) =>
      document.querySelector('[role="option"][aria-selected="true"]')?.textContent?.includes(name),
    collection,
  );
  await popup.press(ENTER);
}
