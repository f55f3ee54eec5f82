import { POPUP_SETTLED } from '../dashboards-harness';
import type { FirefoxEnv } from './fixtures';
import type { FirefoxPage } from './page';

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
