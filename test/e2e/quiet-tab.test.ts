import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { recordingPage } from '../support/recording-page';
import { serverHolds } from '../support/server-holds';
import { recordingCalls, signedInPickerOver, whoAskedCalls } from './collections-harness';
import { useExtension } from './fixtures';
import type { ExtensionSession } from './harness';

const { onboarding } = DEMO.playlists;
const { inCheckout, loose } = DEMO.recordings;
/** A recording of the demo seed in no collection ("Mobile sign-up"). */
const mobileSignUp = '0191dd9e-1111-7ccc-8ddd-000000000003';

type Tab = { id?: number; windowId?: number; active?: boolean; url?: string; pendingUrl?: string };
type TabsSeen = {
  created: Array<{ id?: number; windowId?: number; active?: boolean; url?: string }>;
  activated: number[];
  removed: number[];
};
type Chrome = {
  tabs: {
    query(query: object): Promise<Tab[]>;
    onCreated: { addListener(listener: (tab: Tab) => void): void };
    onActivated: { addListener(listener: (info: { tabId: number }) => void): void };
    onRemoved: { addListener(listener: (tabId: number) => void): void };
  };
  action: { getTitle(details: { tabId: number }): Promise<string> };
};
type TestGlobal = {
  chrome: Chrome;
  hogmarkTest: { menuClicked(info: object, tab: object): Promise<void> };
  tabsSeen?: TabsSeen;
};

/** Every tab of the browser, as the background sees them (no `tabs` permission: ids, windows, activity). */
function allTabs(browser: ExtensionSession): Promise<Tab[]> {
  return browser.serviceWorker.evaluate(() =>
    (globalThis as unknown as TestGlobal).chrome.tabs
      .query({})
      .then((tabs) => tabs.map(({ id, windowId, active }) => ({ id, windowId, active }))),
  );
}

/** From now on, what the browser reports of tabs being created, activated and closed. */
function watchTabs(browser: ExtensionSession): Promise<void> {
  return browser.serviceWorker.evaluate(() => {
    const scope = globalThis as unknown as TestGlobal;
    if (scope.tabsSeen) {
      scope.tabsSeen = { created: [], activated: [], removed: [] };
      return;
    }
    scope.tabsSeen = { created: [], activated: [], removed: [] };
    scope.chrome.tabs.onCreated.addListener(({ id, windowId, active, pendingUrl, url }) =>
      scope.tabsSeen?.created.push({ id, windowId, active, url: pendingUrl ?? url }),
    );
    scope.chrome.tabs.onActivated.addListener(({ tabId }) => scope.tabsSeen?.activated.push(tabId));
    scope.chrome.tabs.onRemoved.addListener((tabId) => scope.tabsSeen?.removed.push(tabId));
  });
}

const tabsSeen = (browser: ExtensionSession): Promise<TabsSeen | undefined> =>
  browser.serviceWorker.evaluate(() => (globalThis as unknown as TestGlobal).tabsSeen);

/** A page that is not PostHog's, with a link to a recording on it, in front; with its tab's id and window. */
async function pageLinkingTo(browser: ExtensionSession, recordingUrl: string) {
  const before = new Set((await allTabs(browser)).map((tab) => tab.id));
  const page = await browser.context.newPage();
  await page.goto(`data:text/html,<title>Notes</title><a href="${recordingUrl}">the checkout recording</a>`);
  await page.bringToFront();
  const tab = (await allTabs(browser)).find((candidate) => !before.has(candidate.id));
  if (tab?.id === undefined || tab.windowId === undefined) throw new Error('the new tab was not found');
  return { page, tabId: tab.id, windowId: tab.windowId };
}

/** What a click on the link's "Add to last-used collection" menu item reaches in the background. */
function clickAddToLast(browser: ExtensionSession, linkUrl: string, pageUrl: string, tabId: number) {
  return browser.serviceWorker.evaluate(
    ({ info, tab }) => (globalThis as unknown as TestGlobal).hogmarkTest.menuClicked(info, tab),
    { info: { menuItemId: 'hogmark-add-to-last-playlist', linkUrl, pageUrl }, tab: { id: tabId } },
  );
}

const postHogTabs = (browser: ExtensionSession, origin: string): Promise<number> =>
  browser.serviceWorker.evaluate(
    async (pattern) =>
      (await (globalThis as unknown as TestGlobal).chrome.tabs.query({ url: pattern })).length,
    `${origin}/*`,
  );

describe('adding from a page that is not PostHog, with no PostHog tab open', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  beforeEach(() => env.server.clearRequests());

  /** Signs in on a recording's page and adds it to Onboarding there: Onboarding is then the last-used collection. */
  async function signInAndUseOnboarding() {
    const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    await popup.getByRole('combobox').fill('onboard');
    await popup.keyboard.press('Enter');
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText('✓ Added to Onboarding', { exact: true })
      .waitFor();
    await Promise.all([popup.close(), page.close()]);
  }

  async function closeAll(pages: Page[]) {
    await Promise.all(pages.map((page) => page.close()));
  }

  it('makes the add through a PostHog tab it opens in the background and closes, without taking the focus', async () => {
    await signInAndUseOnboarding();
    expect(await postHogTabs(env.session, env.server.url)).toBe(0);
    const notes = await pageLinkingTo(env.session, recordingPage(env.server, inCheckout));
    const pagesBefore = env.session.context.pages().length;
    const tabsBefore = (await allTabs(env.session)).length;
    await watchTabs(env.session);
    env.server.clearRequests();

    await clickAddToLast(env.session, recordingPage(env.server, inCheckout), notes.page.url(), notes.tabId);

    // PostHog has it: one request, with the session, from the tab Hogmark opened.
    expect(await serverHolds(env.server, onboarding, inCheckout)).toBe(true);
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST session 200']);
    // The toolbar button on the page the link was on says it was added.
    const title = await env.session.serviceWorker.evaluate(
      (tabId) => (globalThis as unknown as TestGlobal).chrome.action.getTitle({ tabId }),
      notes.tabId,
    );
    expect(title).toMatch(
      /^Added ana@acme\.com’s recording of .+ to Onboarding through a PostHog tab Hogmark opened in the background, which closes by itself\. Open Hogmark to undo\.$/,
    );
    const seen = await tabsSeen(env.session);
    expect(seen?.created).toEqual([
      {
        id: expect.any(Number),
        windowId: notes.windowId,
        active: false,
        url: `${env.server.url}/replay/playlists`,
      },
    ]);
    const quietTabId = seen?.created[0]?.id;
    // It is closed a few seconds after PostHog answered (kept for a run's next request), and the page
    // the user was on stayed in front throughout.
    await expect
      .poll(async () => (await tabsSeen(env.session))?.removed, { timeout: 10_000 })
      .toEqual([quietTabId]);
    expect((await tabsSeen(env.session))?.activated).toEqual([]);
    expect((await allTabs(env.session)).length).toBe(tabsBefore);
    await expect.poll(() => env.session.context.pages().length, { timeout: 10_000 }).toBe(pagesBefore);
    const active = (await allTabs(env.session)).filter(
      (tab) => tab.active && tab.windowId === notes.windowId,
    );
    expect(active.map((tab) => tab.id)).toEqual([notes.tabId]);
    await closeAll([notes.page]);
  });

  it('signed out: says so, adds nothing yet (the add waits), and closes the tab it opened', async () => {
    const bye = await env.session.context.newPage();
    await bye.goto(`${env.server.url}/logout`);
    await bye.close();
    expect(await postHogTabs(env.session, env.server.url)).toBe(0);
    const notes = await pageLinkingTo(env.session, recordingPage(env.server, mobileSignUp));
    const tabsBefore = (await allTabs(env.session)).length;
    await watchTabs(env.session);
    env.server.clearRequests();

    await clickAddToLast(env.session, recordingPage(env.server, mobileSignUp), notes.page.url(), notes.tabId);

    const title = await env.session.serviceWorker.evaluate(
      (tabId) => (globalThis as unknown as TestGlobal).chrome.action.getTitle({ tabId }),
      notes.tabId,
    );
    // Nothing is lost: the add waits for a sign-in (pending-changes.test.ts follows it to the end).
    expect(title).toMatch(
      /^Waiting to add Sam Park’s recording of .+ to Onboarding: you are signed out of PostHog, so Hogmark will add it once you sign in\.$/,
    );
    expect(await serverHolds(env.server, onboarding, mobileSignUp)).toBe(false);
    // The signed-out page is asked who it is first: PostHog's 401 says signed out (not the missing
    // CSRF cookie), and the add itself is not sent.
    expect(whoAskedCalls(env.server)).toEqual(['none 401']);
    expect(recordingCalls(env.server, onboarding, mobileSignUp)).toEqual([]);
    const seen = await tabsSeen(env.session);
    expect(seen?.created.map((tab) => tab.active)).toEqual([false]);
    await expect.poll(async () => (await allTabs(env.session)).length, { timeout: 10_000 }).toBe(tabsBefore);
    expect((await tabsSeen(env.session))?.activated).toEqual([]);
    await closeAll([notes.page]);
  });
});
