import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { clickMenu, saveConnectionIn, useFirefoxExtension } from './fixtures';
import type { FirefoxPage } from './page';
import { firefoxPopupOver } from './popup';

const { shared, derived } = DEMO.insights;
const INSIGHT_SHARING = /^\/api\/projects\/1\/insights\/\d+\/sharing\/?$/;

declare const browser: {
  action: { getTitle(details: { tabId: number }): Promise<string> };
};

describe('Firefox: insights, notebooks and other PostHog pages', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const opened: FirefoxPage[] = [];
  const insightUrl = (shortId: string) => `${env.server.url}/project/1/insights/${shortId}`;
  const titleOf = (tabId: number) =>
    env.session.control.evaluate((id: number) => browser.action.getTitle({ tabId: id }), tabId);
  /** What a click on one of Hogmark's link menu items reaches (test builds expose the listener). */
  const clickLinkMenu = (menuItemId: string, tabId: number, linkUrl: string) =>
    clickMenu(env.session, { menuItemId, linkUrl }, tabId);

  beforeEach(() => env.server.clearRequests());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it("Alt+Shift+C copies a shared insight's public link, once read, and an unshared one's private link", async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(shared.shortId));
    opened.push(page);
    await env.session.bidi.send('browsingContext.activate', { context: page.context });
    await expect.poll(() => titleOf(tabId)).toContain('Weekly signups');
    await env.session.pressShortcut('C', 'alt,shift');
    await expect
      .poll(() => env.session.readClipboard())
      .toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    await expect.poll(() => titleOf(tabId)).toBe('Copied the public link — Hogmark');
    await env.session.pressShortcut('C', 'alt,shift');
    expect(
      env.server.requests.filter((r) => r.method === 'GET' && INSIGHT_SHARING.test(r.path)),
    ).toHaveLength(1);

    const other = await env.session.openTab(insightUrl(derived.shortId));
    opened.push(other.page);
    await env.session.bidi.send('browsingContext.activate', { context: other.page.context });
    await env.session.pressShortcut('C', 'alt,shift');
    await expect.poll(() => env.session.readClipboard()).toBe(insightUrl(derived.shortId));
    await expect.poll(() => titleOf(other.tabId)).toBe('Copied the private link — Hogmark');
  });

  it('copies a right-clicked insight link (public when shared) and a notebook link', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.marketing}`,
    );
    opened.push(page);
    await clickLinkMenu('hogmark-copy-insight-link', tabId, insightUrl(shared.shortId));
    await expect
      .poll(() => env.session.readClipboard())
      .toBe(`${env.server.url}/shared/${DEMO.insightSharedToken}`);
    const notebook = `${env.server.url}/project/1/notebooks/${DEMO.notebooks.titled}`;
    await clickLinkMenu('hogmark-copy-notebook-link', tabId, notebook);
    await expect.poll(() => env.session.readClipboard()).toBe(notebook);
  });

  /** A copy button in the row (a `fieldset`) whose legend is `row`. */
  const copyIn = (row: string, name: 'Copy link' | 'Copy as Markdown' = 'Copy link') => ({
    css: `button[aria-label="${name}"]`,
    within: { css: 'fieldset', hasText: row },
  });

  it('the popup over a shared insight names it and copies its public link, plain and as Markdown', async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(shared.shortId));
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'h1, h2', text: 'Weekly signups' });
    const shareUrl = `${env.server.url}/shared/${DEMO.insightSharedToken}`;
    await popup.click(copyIn('Public link'));
    await expect.poll(() => env.session.readClipboard()).toBe(shareUrl);
    await popup.click(copyIn('Public link', 'Copy as Markdown'));
    await expect.poll(() => env.session.readClipboard()).toBe(`[Weekly signups](${shareUrl})`);
    await popup.click(copyIn('Private link'));
    await expect.poll(() => env.session.readClipboard()).toBe(insightUrl(shared.shortId));
  });

  it('the popup over an unshared insight offers Sharing settings in PostHog, and its private link', async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(derived.shortId));
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'p', hasText: 'Public sharing is off for this insight' });
    const href = await popup.evaluate(() => document.querySelector('a.button')?.getAttribute('href') ?? null);
    expect(href).toBe(`${insightUrl(derived.shortId)}/sharing`);
    await expect(popup.text({ css: 'fieldset', hasText: 'Public link' })).resolves.toBeNull();
    await popup.click(copyIn('Private link', 'Copy as Markdown'));
    await expect
      .poll(() => env.session.readClipboard())
      .toBe(`[Pageview count](${insightUrl(derived.shortId)})`);
  });

  it('an open popup over an insight follows the title PostHog gives the page late', async () => {
    const { page, tabId } = await env.session.openTab(insightUrl(derived.shortId));
    opened.push(page);
    await expect.poll(() => page.evaluate(() => document.title)).toMatch(/^Pageview count/);
    // The tab goes back to PostHog's title before its app has booted, and stays there until let go.
    await page.evaluate(() => {
      const hold = () => {
        const held = (window as { heldTitle?: string }).heldTitle ?? 'PostHog';
        if (document.title !== held) document.title = held;
      };
      new MutationObserver(hold).observe(document, { subtree: true, childList: true, characterData: true });
      hold();
    });
    await expect.poll(() => titleOf(tabId)).not.toContain('Pageview count');
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'h1', text: `Insight ${derived.shortId}` });

    await page.evaluate(() => {
      const title = 'Pageview count • Product analytics • PostHog';
      (window as { heldTitle?: string }).heldTitle = title;
      document.title = title;
    });
    await popup.waitForTarget({ css: 'h1', text: 'Pageview count' });
    await popup.click(copyIn('Private link', 'Copy as Markdown'));
    await expect
      .poll(() => env.session.readClipboard())
      .toBe(`[Pageview count](${insightUrl(derived.shortId)})`);
  });

  it('the popup over a publicly shared recording copies its public link', async () => {
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/project/1/replay/${DEMO.recordings.inCheckout}`,
    );
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.click(copyIn('Public link'));
    await expect
      .poll(() => env.session.readClipboard())
      .toMatch(new RegExp(`^${env.server.url}/shared/${DEMO.recordingSharedToken}(\\?t=\\d+)?$`));
  });

  it('the popup over a notebook and a feature flag page copies their links, named after the page', async () => {
    const notebook = `${env.server.url}/project/1/notebooks/${DEMO.notebooks.titled}`;
    const { page, tabId } = await env.session.openTab(notebook);
    opened.push(page);
    // Opened once PostHog has named the page in its tab, as a user sees it before clicking.
    await expect
      .poll(() => page.evaluate(() => document.title), { timeout: 10_000 })
      .toMatch(/^Release notes/);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'h1, h2', text: 'Release notes' });
    await popup.click(copyIn('Private link', 'Copy as Markdown'));
    await expect.poll(() => env.session.readClipboard()).toBe(`[Release notes](${notebook})`);

    const flag = `${env.server.url}/project/1/feature_flags/${DEMO.featureFlags.newCheckout}`;
    const other = await env.session.openTab(flag);
    opened.push(other.page);
    await expect
      .poll(() => other.page.evaluate(() => document.title), { timeout: 10_000 })
      .toMatch(/^new-checkout • Feature Flags/);
    const flagPopup = await firefoxPopupOver(env, other.tabId);
    opened.push(flagPopup);
    await flagPopup.waitForTarget({ css: 'h1, h2', text: 'new-checkout • Feature Flags' });
    await flagPopup.click(copyIn('Private link', 'Copy as Markdown'));
    await expect.poll(() => env.session.readClipboard()).toBe(`[new-checkout • Feature Flags](${flag})`);
  });

  it('/replay/kiosk offers no add in the popup', async () => {
    const { page, tabId } = await env.session.openTab(`${env.server.url}/project/1/replay/kiosk`);
    opened.push(page);
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await expect(popup.text({ css: 'input[role="combobox"]' })).resolves.toBeNull();
  });

  it('logged no uncaught error', async () => {
    await expect(env.session.extensionErrors()).resolves.toEqual([]);
  });
});

describe('Firefox: an insight with a key without sharing_configuration:read', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' });
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });

  it('says why there is no public link in one sentence, and copies the private link', async () => {
    await saveConnectionIn(env.session, env.server.url, env.server.keys.noSharingRead);
    const insight = `${env.server.url}/project/1/insights/${shared.shortId}`;
    const { page, tabId } = await env.session.openTab(insight);
    opened.push(page);
    env.server.clearRequests();
    const popup = await firefoxPopupOver(env, tabId);
    opened.push(popup);
    await popup.waitForTarget({ css: 'p.error', hasText: 'lacks the sharing_configuration:read scope' });
    await expect(popup.text({ css: 'fieldset', hasText: 'Public link' })).resolves.toBeNull();
    await popup.click({
      css: 'button[aria-label="Copy link"]',
      within: { css: 'fieldset', hasText: 'Private link' },
    });
    await expect.poll(() => env.session.readClipboard()).toBe(insight);
    expect(env.server.requests.filter((r) => INSIGHT_SHARING.test(r.path))).toEqual([]);
  });
});
