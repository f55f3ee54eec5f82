import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { badgeText } from './collections-harness';
import { allowClipboard, apiRequests, popupOver, readClipboard } from './dashboards-harness';
import { useExtension } from './fixtures';
import type { ExtensionSession } from './harness';
import { readInPage, waitForContentScript } from './in-page';
import { saveConnection } from './options-page';
import { seekPlayer } from './player-control';

const { shared, derived } = DEMO.insights;
const INSIGHT_SHARING = /^\/api\/projects\/1\/insights\/\d+\/sharing\/?$/;

type TestHooks = {
  hogmarkTest: {
    command(command: string, tab?: { id?: number }): Promise<void>;
    menuClicked(info: object, tab: object): Promise<void>;
  };
};

/** What Alt+Shift+C reaches: the shortcut listener, for the tab it was pressed in. */
function pressCopyShortcut(session: ExtensionSession, tabId: number): Promise<void> {
  return session.serviceWorker.evaluate(
    (id) => (globalThis as unknown as TestHooks).hogmarkTest.command('copy-link', { id }),
    tabId,
  );
}

/** What a right-click on a link and a click on one of Hogmark's items reaches. */
function clickLinkMenu(
  session: ExtensionSession,
  menuItemId: string,
  page: Page,
  tabId: number,
  linkUrl: string,
) {
  return session.serviceWorker.evaluate(
    (click) =>
      (globalThis as unknown as TestHooks).hogmarkTest.menuClicked(
        {
          menuItemId: click.menuItemId,
          linkUrl: click.linkUrl,
          pageUrl: click.pageUrl,
          frameId: 0,
          editable: false,
        },
        { id: click.tabId, url: click.pageUrl, active: true, windowId: -1, index: 0, pinned: false },
      ),
    { menuItemId, tabId, linkUrl, pageUrl: page.url() },
  );
}

function titleOf(session: ExtensionSession, tabId: number): Promise<string> {
  return session.serviceWorker.evaluate((id) => {
    type Action = { getTitle(details: { tabId: number }): Promise<string> };
    return (globalThis as unknown as { chrome: { action: Action } }).chrome.action.getTitle({ tabId: id });
  }, tabId);
}

describe('insights, notebooks and other PostHog pages without the popup', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const insightUrl = (shortId: string) => `${env.server.url}/project/1/insights/${shortId}`;

  beforeAll(async () => {
    await allowClipboard(env.session, env.server.url);
  });

  it("Alt+Shift+C copies a shared insight's public link, and the toolbar says so; one sharing read in ten minutes", async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(shared.shortId));
    // The tab's title names the insight once PostHog has loaded it.
    await expect.poll(() => titleOf(env.session, tabId)).toContain('Weekly signups');
    env.server.clearRequests();
    await pressCopyShortcut(env.session, tabId);
    expect(await readClipboard(page)).toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    expect(await titleOf(env.session, tabId)).toBe('Copied the public link — Hogmark');
    expect(await badgeText(env.session, tabId)).toBe('✓');
    await pressCopyShortcut(env.session, tabId);
    expect(apiRequests(env.server, 'GET', INSIGHT_SHARING)).toHaveLength(1);
    await page.close();
  });

  it("Alt+Shift+C copies an unshared insight's private link, and says it is the private one", async () => {
    const { page, tabId } = await env.session.openTab(`${insightUrl(derived.shortId)}/edit#panel=docs`);
    await pressCopyShortcut(env.session, tabId);
    expect(await readClipboard(page)).toBe(insightUrl(derived.shortId));
    expect(await titleOf(env.session, tabId)).toBe('Copied the private link — Hogmark');
    await page.close();
  });

  it('copies a right-clicked insight link the same way, and a notebook link as it is', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.marketing}`,
    );
    await clickLinkMenu(env.session, 'hogmark-copy-insight-link', page, tabId, insightUrl(shared.shortId));
    await expect.poll(() => readClipboard(page)).toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    const notebook = `${env.server.url}/project/1/notebooks/${DEMO.notebooks.titled}`;
    await clickLinkMenu(env.session, 'hogmark-copy-notebook-link', page, tabId, notebook);
    await expect.poll(() => readClipboard(page)).toBe(notebook);
    expect(await titleOf(env.session, tabId)).toBe('Copied the link of this page — Hogmark');
    // The insight item on a notebook link copies nothing, and says so.
    await clickLinkMenu(env.session, 'hogmark-copy-insight-link', page, tabId, notebook);
    expect(await titleOf(env.session, tabId)).toContain('Nothing to copy');
    expect(await readClipboard(page)).toBe(notebook);
    await page.close();
  });

  it('/replay/kiosk is not a recording: no in-page button, and the popup offers no add', async () => {
    const { page, tabId } = await env.session.openTab(`${env.server.url}/project/1/replay/kiosk`);
    await waitForContentScript(page, env.session.extensionId);
    const popup = await popupOver(env.session, tabId);
    expect(await popup.getByRole('combobox').count()).toBe(0);
    expect(await popup.getByText('Add to', { exact: false }).count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readInPage(page)).toBeNull();
    await Promise.all([popup.close(), page.close()]);
  });
});

describe('the popup over an insight, a recording shared publicly, a notebook and a flag page', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const insightUrl = (shortId: string) => `${env.server.url}/project/1/insights/${shortId}`;
  const apiCalls = () => env.server.requests.filter((request) => request.path.startsWith('/api/'));

  beforeAll(async () => {
    await allowClipboard(env.session, env.server.url);
  });

  it('names a shared insight and copies its public and private links, plain and as Markdown', async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(shared.shortId));
    const popup = await popupOver(env.session, tabId);
    await popup.getByRole('heading', { name: 'Weekly signups' }).waitFor();
    const publicLink = popup.getByRole('group', { name: 'Public link' });
    await publicLink.getByRole('button', { name: 'Copy link' }).click();
    await popup.getByRole('status').getByText('Copied the public link').waitFor();
    const shareUrl = `${env.server.url}/shared/${DEMO.insightSharedToken}`;
    expect(await readClipboard(page)).toBe(shareUrl);
    await popup.bringToFront();
    await publicLink.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => readClipboard(page)).toBe(`[Weekly signups](${shareUrl})`);
    await popup.bringToFront();
    await popup
      .getByRole('group', { name: 'Private link' })
      .getByRole('button', { name: 'Copy link' })
      .click();
    await expect.poll(() => readClipboard(page)).toBe(insightUrl(shared.shortId));
    await popup.close();

    // Warm: the popup sends nothing to PostHog, before its first paint or after.
    env.server.clearRequests();
    const again = await popupOver(env.session, tabId);
    await again.getByRole('group', { name: 'Public link' }).waitFor();
    expect(apiCalls()).toEqual([]);
    await Promise.all([again.close(), page.close()]);
  });

  it('offers Sharing settings in PostHog when sharing is off, and never turns it on', async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(derived.shortId));
    const popup = await popupOver(env.session, tabId);
    // PostHog names it by its derived name.
    await popup.getByRole('heading', { name: 'Pageview count' }).waitFor();
    await popup.getByText('Public sharing is off for this insight', { exact: false }).waitFor();
    const settings = popup.getByRole('link', { name: 'Open sharing settings' });
    expect(await settings.getAttribute('href')).toBe(`${insightUrl(derived.shortId)}/sharing`);
    expect(await popup.getByRole('group', { name: 'Public link' }).count()).toBe(0);
    await popup
      .getByRole('group', { name: 'Private link' })
      .getByRole('button', { name: 'Copy as Markdown' })
      .click();
    await expect.poll(() => readClipboard(page)).toBe(`[Pageview count](${insightUrl(derived.shortId)})`);
    expect(env.server.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });

  it("copies a publicly shared recording's public link at the player's second", async () => {
    const recording = `${env.server.url}/project/1/replay/${DEMO.recordings.inCheckout}`;
    const { page, tabId } = await env.session.openTab(`${recording}?pause`);
    await page.locator('[data-attr="recording-timestamp"]').waitFor();
    await seekPlayer(page, 32);
    // The player's second reaches the background as a throttled hint: reopen until it has arrived.
    let popup = await popupOver(env.session, tabId);
    await expect
      .poll(
        async () => {
          await popup.close();
          popup = await popupOver(env.session, tabId);
          await popup.getByRole('group', { name: /^Public link/ }).waitFor();
          return popup.getByRole('group', { name: 'Public link at 00:32' }).count();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(1);
    await popup
      .getByRole('group', { name: 'Public link at 00:32' })
      .getByRole('button', { name: 'Copy link' })
      .click();
    await expect
      .poll(() => readClipboard(page))
      .toBe(`${env.server.url}/shared/${DEMO.recordingSharedToken}?t=32`);
    await Promise.all([popup.close(), page.close()]);
  });

  it("copies a notebook's and a feature flag page's links, named after the page", async () => {
    const notebook = `${env.server.url}/project/1/notebooks/${DEMO.notebooks.titled}`;
    const { page, tabId } = await env.session.openTab(notebook);
    const popup = await popupOver(env.session, tabId);
    await popup.getByRole('heading', { name: 'Release notes' }).waitFor();
    await popup
      .getByRole('group', { name: 'Private link' })
      .getByRole('button', { name: 'Copy as Markdown' })
      .click();
    await expect.poll(() => readClipboard(page)).toBe(`[Release notes](${notebook})`);
    await popup.close();

    const flag = `${env.server.url}/project/1/feature_flags/${DEMO.featureFlags.newCheckout}`;
    await page.goto(`${flag}#panel=docs`);
    const flagPopup = await popupOver(env.session, tabId);
    await flagPopup.getByRole('heading', { name: 'new-checkout • Feature Flags' }).waitFor();
    const row = flagPopup.getByRole('group', { name: 'Private link' });
    await row.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => readClipboard(page)).toBe(flag);
    await flagPopup.bringToFront();
    await row.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => readClipboard(page)).toBe(`[new-checkout • Feature Flags](${flag})`);
    await Promise.all([flagPopup.close(), page.close()]);
  });
});

describe('the popup over an insight with a key without sharing_configuration:read', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });

  beforeAll(async () => {
    await allowClipboard(env.session, env.server.url);
    await saveConnection(env.session, env.server.url, env.server.keys.noSharingRead);
  });

  it('says in one sentence why there is no public link, and still copies the private one', async () => {
    const insight = `${env.server.url}/project/1/insights/${shared.shortId}`;
    const { page, tabId } = await env.session.openTab(insight);
    env.server.clearRequests();
    const popup = await popupOver(env.session, tabId);
    await popup
      .getByText(
        'Your API key lacks the sharing_configuration:read scope. Add it in PostHog → Settings → Personal API keys, then check the key again.',
      )
      .waitFor();
    expect(await popup.getByRole('group', { name: 'Public link' }).count()).toBe(0);
    await popup
      .getByRole('group', { name: 'Private link' })
      .getByRole('button', { name: 'Copy link' })
      .click();
    await expect.poll(() => readClipboard(page)).toBe(insight);
    // Known from the key check: nothing asked that could only be refused.
    expect(apiRequests(env.server, 'GET', INSIGHT_SHARING)).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });
});
