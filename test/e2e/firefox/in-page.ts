// Firefox's half of ../in-page.ts, named apart: it reads through a content script over BiDi (no CDP).
import { buttonLabelled, IN_PAGE_HOST } from '../in-page';
import type { FirefoxExtensionSession } from './harness';
import type { FirefoxPage } from './page';

export interface FirefoxInPageView {
  text: string;
  buttons: Array<{ label: string; title: string; x: number; y: number }>;
  /** The status line's tooltip (the whole sentence behind a short answer). */
  statusTitle: string;
}

/**
 * The in-page button as the user sees it. Its shadow root is closed, so the page cannot look
 * inside; a content script can (`openOrClosedShadowRoot`), so the test asks Firefox to run one.
 */
export function readFirefoxInPage(
  session: FirefoxExtensionSession,
  tabId: number,
): Promise<FirefoxInPageView | null> {
  return session.control.evaluate(
    async (tab: number, selector: string) => {
      const [injection] = await browser.scripting.executeScript({
        target: { tabId: tab },
        args: [selector],
        func: (hostSelector: string) => {
          const host = document.querySelector(hostSelector) as
            | (Element & { openOrClosedShadowRoot?: ShadowRoot })
            | null;
          const root = host?.openOrClosedShadowRoot;
          if (!root) return null;
          const buttons = [...root.querySelectorAll('button')]
            .filter((button) => !button.hidden)
            .map((button) => {
              const box = button.getBoundingClientRect();
              return {
                label: button.textContent ?? '',
                title: button.title,
                x: box.left + box.width / 2,
                y: box.top + box.height / 2,
              };
            });
          const text = [...root.children]
            .filter((child) => child.localName !== 'style')
            .map((child) => child.textContent ?? '')
            .join('');
          const statusTitle = (root.querySelector('[role="status"]') as HTMLElement | null)?.title ?? '';
          return { text, buttons, statusTitle };
        },
      });
      return (injection?.result as FirefoxInPageView | null | undefined) ?? null;
    },
    tabId,
    IN_PAGE_HOST,
  );
}

/** Waits until the in-page button shows (with its buttons), or says `text`. */
export async function waitForFirefoxInPage(
  session: FirefoxExtensionSession,
  tabId: number,
  text?: string,
  timeout = 15_000,
): Promise<FirefoxInPageView> {
  const deadline = Date.now() + timeout;
  let last: FirefoxInPageView | null = null;
  for (;;) {
    last = await readFirefoxInPage(session, tabId).catch(() => null);
    if (last && last.buttons.length > 0 && (text === undefined || last.text.includes(text))) return last;
    if (Date.now() > deadline) {
      throw new Error(
        `the in-page button never ${text ? `said "${text}" (it says "${last?.text}")` : 'showed'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The user's own click on the in-page button labelled `label`: a real pointer click at its box. */
export async function clickFirefoxInPage(
  session: FirefoxExtensionSession,
  page: FirefoxPage,
  tabId: number,
  label: string | RegExp,
): Promise<void> {
  const button = buttonLabelled(await waitForFirefoxInPage(session, tabId), label);
  await page.clickAt(button.x, button.y);
}

declare const browser: {
  scripting: {
    executeScript(details: {
      target: { tabId: number };
      args: unknown[];
      func: (...args: never[]) => unknown;
    }): Promise<Array<{ result?: unknown }>>;
  };
};
