import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { recordingPage } from '../support/recording-page';
import { pickerOver } from './collections-harness';
import { allowClipboard, readClipboard } from './dashboards-harness';
import { useExtension } from './fixtures';
import type { ExtensionSession } from './harness';
import { popupHeading, popupReady } from './pages';

type Chrome = {
  action: { getTitle(details: { tabId: number }): Promise<string> };
};

/** The content script looks every second at most; the background answers in milliseconds. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 5_000, interval: 100 });

interface World {
  id: number;
  origin: string;
  auxData?: { type?: string; frameId?: string };
}

/**
 * Sends a message from Hogmark's content script in the page's top frame, exactly as the script
 * does it (its own isolated world, `chrome.runtime.sendMessage`): the background sees the tab, the
 * frame and the page URL it would see for the real script, so nothing about the page is imitated.
 */
async function sendFromContentScript(session: ExtensionSession, page: Page, message: unknown) {
  const cdp = await session.context.newCDPSession(page);
  try {
    const worlds: World[] = [];
    cdp.on('Runtime.executionContextCreated', ({ context }: { context: World }) => worlds.push(context));
    const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    await cdp.send('Runtime.enable');
    const world = worlds.find(
      (candidate) =>
        candidate.auxData?.type === 'isolated' &&
        candidate.auxData.frameId === frameTree.frame.id &&
        candidate.origin === `chrome-extension://${session.extensionId}`,
    );
    if (!world) throw new Error('Hogmark’s content script is not running in this page');
    const { result, exceptionDetails } = (await cdp.send('Runtime.evaluate', {
      contextId: world.id,
      expression: `chrome.runtime.sendMessage(${JSON.stringify(message)})`,
      awaitPromise: true,
      returnByValue: true,
    })) as { result: { value?: unknown }; exceptionDetails?: unknown };
    if (exceptionDetails) throw new Error(`The message failed: ${JSON.stringify(exceptionDetails)}`);
    return result.value;
  } finally {
    await cdp.detach();
  }
}

describe('the popup belongs to its page', () => {
  const env = useExtension({ flavor: 'contract', seed: 'demo' }, { connected: true });
  const dashboardUrl = () =>
    `${env.server.url}/project/${DEMO.projects.main}/dashboard/${DEMO.dashboards.productKpis}`;

  const toolbarTitle = (tabId: number) =>
    env.session.serviceWorker.evaluate(
      (id) => (globalThis as unknown as { chrome: Chrome }).chrome.action.getTitle({ tabId: id }),
      tabId,
    );
  /**
   * A page of the local PostHog whose title stays "PostHog" (PostHog's own title until its app has
   * booted), so the page itself never reports a name: the only one is what the test sends, or the
   * title the test lets the page say later (`nameLate`).
   */
  async function untitledTab(url: string): Promise<{ page: Page; tabId: number }> {
    const page = await env.session.context.newPage();
    await page.addInitScript(() => {
      const keep = () => {
        const held = (window as { heldTitle?: string }).heldTitle ?? 'PostHog';
        if (document.title !== held) document.title = held;
      };
      new MutationObserver(keep).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(url);
    const tabId = await env.session.serviceWorker.evaluate(async (target) => {
      type Tabs = { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
      const tabs = await (globalThis as unknown as { chrome: Tabs }).chrome.tabs.query({});
      return tabs.find((tab) => tab.url === target)?.id ?? null;
    }, page.url());
    if (tabId === null) throw new Error(`No tab found for ${url}`);
    return { page, tabId };
  }

  it('names a dashboard from the cache, then repaints an open popup and the toolbar when the page’s name arrives late', async () => {
    const { page, tabId } = await untitledTab(dashboardUrl());
    // The page never names itself: the name comes from the dashboards list the prefetch cached.
    await eventually(() => toolbarTitle(tabId)).toBe('Product KPIs · Dashboard · project 1 — Hogmark');
    const popup = await popupReady(env.session, tabId);
    expect(await popup.locator('.context-kind').textContent()).toBe('Dashboard');
    expect(await popupHeading(popup)).toBe('Product KPIs');

    const renamed = 'Product KPIs (renamed in PostHog)';
    const answer = await sendFromContentScript(env.session, page, {
      type: 'context/hint',
      input: { title: renamed },
    });
    expect(answer).toEqual({ ok: true, data: {} });
    await eventually(() => popupHeading(popup)).toBe(renamed);
    expect(await toolbarTitle(tabId)).toBe(`${renamed} · Dashboard · project 1 — Hogmark`);
    await Promise.all([popup.close(), page.close()]);
  });

  /** The page says its title at last, as PostHog's app does once it has drawn the page. */
  const nameLate = (page: Page, title: string) =>
    page.evaluate((held) => {
      (window as { heldTitle?: string }).heldTitle = held;
      document.title = held;
    }, title);

  it('names an insight in an open popup when its page says its title late, and copies it by that name', async () => {
    await allowClipboard(env.session, env.server.url);
    const { shortId } = DEMO.insights.shared;
    const url = `${env.server.url}/project/${DEMO.projects.main}/insights/${shortId}`;
    const { page, tabId } = await untitledTab(url);
    const popup = await popupReady(env.session, tabId);
    expect(await popup.locator('.context-kind').textContent()).toBe('Insight');

    await nameLate(page, 'Weekly signups • Product analytics • PostHog');
    await eventually(() => popupHeading(popup)).toBe('Weekly signups');
    expect(await toolbarTitle(tabId)).toBe(
      `Weekly signups · Insight · project ${DEMO.projects.main} — Hogmark`,
    );
    await popup
      .getByRole('group', { name: 'Private link' })
      .getByRole('button', { name: 'Copy as Markdown' })
      .click();
    expect(await readClipboard(page)).toBe(`[Weekly signups](${url})`);
    await Promise.all([popup.close(), page.close()]);
  });

  it('follows a notebook to its late title, but not the tab to another notebook', async () => {
    const notebook = (id: string) => `${env.server.url}/project/${DEMO.projects.main}/notebooks/${id}`;
    const { page, tabId } = await untitledTab(notebook(DEMO.notebooks.titled));
    const popup = await popupReady(env.session, tabId);
    await nameLate(page, 'Release notes • Notebooks • PostHog');
    await eventually(() => popupHeading(popup)).toBe('Release notes');

    // In-app, to another notebook: the popup stays with the one it was opened over.
    const other = new URL(notebook(DEMO.notebooks.untitled)).pathname;
    await page.evaluate((path) => history.pushState(null, '', path), other);
    await nameLate(page, 'Roadmap • Notebooks • PostHog');
    await eventually(() => toolbarTitle(tabId)).toBe(
      `Roadmap · Notebook · project ${DEMO.projects.main} — Hogmark`,
    );
    expect(await popupHeading(popup)).toBe('Release notes');
    await Promise.all([popup.close(), page.close()]);
  });

  it('offers the last add’s Undo over its recording, not over a dashboard in another tab', async () => {
    const recording = await env.session.openTab(recordingPage(env.server, DEMO.recordings.loose));
    const picker = await pickerOver(env.session, recording.tabId);
    await picker.getByRole('combobox').fill('Onboarding');
    await picker.keyboard.press('Enter');
    await picker.getByText('✓ Added to Onboarding').waitFor();
    await picker.close();

    const dashboard = await env.session.openTab(dashboardUrl());
    const over = await popupReady(env.session, dashboard.tabId);
    // The notice would be painted with the header, in the same frame: it is not there.
    expect(await over.locator('.context-kind').textContent()).toBe('Dashboard');
    expect(await over.getByText(/Added to Onboarding/).count()).toBe(0);
    expect(await over.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await over.close();

    // Over its recording, the notice and its Undo are still there.
    const back = await popupReady(env.session, recording.tabId);
    await back.getByText('✓ Added to Onboarding').waitFor();
    await back.getByRole('button', { name: 'Undo' }).click();
    await back.getByText('Removed from Onboarding').waitFor();
    await Promise.all([back.close(), recording.page.close(), dashboard.page.close()]);
  });
});
