import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { signedInPickerOver } from './collections-harness';
import { useExtension } from './fixtures';
import { serveSupportTicket } from './person-page';

/** A toolbar popup is at most 600 px tall: taller, the browser cuts it and the user scrolls. */
const POPUP_MAX_HEIGHT = 600;

/** How tall the popup's document is, at its own width (the body sets it), as the browser would size it. */
const heightOf = (popup: Page) =>
  popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));

/** Every computed font size in the popup, by what it is. */
function fontSizes(popup: Page) {
  return popup.evaluate(() => {
    const size = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? Number.parseFloat(getComputedStyle(element).fontSize) : null;
    };
    return {
      row: size('.playlist-option-name'),
      search: size('#playlist-search'),
      button: size('button'),
      hint: size('.muted'),
      badge: size('.playlist-badge, .playlist-option-status'),
    };
  });
}

const { loose } = DEMO.recordings;

/**
 * The states that fit today. Still over 600 px, and not checked here yet (issue 38): the popup over a
 * recording with changes waiting (696 px) or with an error (737 px), and the picker window (664 px).
 */
describe('the popup fits in 600 px at its width (posthog flavor)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  async function measure(name: string, popup: Page): Promise<void> {
    const height = await heightOf(popup);
    // FIT_SHOTS=<dir>: what each state looks like, to judge it as a user does.
    if (process.env.FIT_SHOTS) {
      await popup.screenshot({
        path: `${process.env.FIT_SHOTS}/${name.replaceAll(' ', '-')}.png`,
        fullPage: true,
      });
    }
    expect(height, `${name} is ${height} px tall`).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
  }

  it('over a recording: fresh, after an add, after a create, and the type scale', async () => {
    const { page, popup } = await signedInPickerOver(env.session, env.server.url, loose);
    await popup.getByRole('group', { name: /^Recording link/ }).waitFor();
    await measure('recording', popup);
    // Names, inputs and buttons are never smaller than the hints beside them, in pixels of their own.
    const sizes = await fontSizes(popup);
    expect(sizes.row).toBe(14);
    expect(sizes.search).toBe(14);
    expect(sizes.button).toBe(14);
    expect(sizes.row).toBeGreaterThanOrEqual(sizes.hint ?? Number.POSITIVE_INFINITY);
    expect(sizes.badge).toBeLessThan(sizes.row ?? 0);

    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await measure('after an add', popup);

    await popup.getByRole('combobox').fill('Fit check');
    await popup.getByRole('option', { name: 'Create collection “Fit check” and add' }).click();
    await popup
      .locator('.playlist-notice')
      .getByText(/Fit check/)
      .waitFor();
    await measure('after a create', popup);
    await popup.close();
    await page.close();
  });

  it('over a dashboard, an insight, and any other page', async () => {
    const dashboard = await env.session.openTab(
      `${env.server.url}/project/1/dashboard/${DEMO.dashboards.productKpis}`,
    );
    const overDashboard = await env.session.openPopup(dashboard.tabId);
    await overDashboard.getByRole('button', { name: /^(Pin|Unpin)$/ }).waitFor();
    await measure('dashboard', overDashboard);

    const insight = await env.session.openTab(
      `${env.server.url}/project/1/insights/${DEMO.insights.shared.shortId}`,
    );
    const overInsight = await env.session.openPopup(insight.tabId);
    await overInsight.getByRole('group', { name: /Private link/ }).waitFor();
    await measure('insight', overInsight);

    const ticket = await serveSupportTicket();
    const elsewhere = await env.session.openTab(ticket.url);
    const overElsewhere = await env.session.openPopup(elsewhere.tabId);
    await overElsewhere.getByText('Open a recording or dashboard').waitFor();
    await measure('any page', overElsewhere);
    for (const page of [
      dashboard.page,
      overDashboard,
      insight.page,
      overInsight,
      elsewhere.page,
      overElsewhere,
    ]) {
      await page.close();
    }
    ticket.server.close();
  });
});

describe('the popup before a key is set fits too', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });

  it('is at most 600 px tall', async () => {
    const popup = await env.session.openPopup();
    await popup.getByRole('heading', { name: 'Sign in to PostHog' }).waitFor();
    expect(await heightOf(popup)).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
    await popup.close();
  });
});
