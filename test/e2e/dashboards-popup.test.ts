import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import type { Flavor } from '../fake-posthog/index';
import { allowClipboard, apiRequests, dashboardPopup, readClipboard } from './dashboards-harness';
import { faultOnce } from './faults';
import { useExtension } from './fixtures';
import { saveConnection } from './options-page';

const CHECKOUT_HEALTH = 7;
const PATCH_DASHBOARD = /^\/api\/projects\/1\/dashboards\/\d+\/?$/;

describe.each<Flavor>(['contract', 'posthog'])('the popup over a dashboard (%s flavor)', (flavor) => {
  const env = useExtension({ flavor, seed: 'demo' }, { connected: true });
  const page = (id: number) => `${env.server.url}/project/1/dashboard/${id}`;

  beforeAll(() => allowClipboard(env.session, env.server.url));
  beforeEach(() => env.server.clearRequests());

  it('pins and unpins, sending exactly {"pinned": …} and nothing else', async () => {
    const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.marketing);
    await expect.poll(() => popup.locator('.dashboard-pin-state').textContent()).toBe('Not pinned');
    await expect.poll(() => popup.getByText('Pins are shared').count()).toBe(1);

    await popup.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect.poll(() => popup.locator('.dashboard-pin-state').textContent()).toBe('★ Pinned');
    await popup.getByRole('button', { name: 'Unpin', exact: true }).waitFor();
    await expect.poll(() => apiRequests(env.server, 'PATCH', PATCH_DASHBOARD).length).toBe(1);

    await popup.getByRole('button', { name: 'Unpin', exact: true }).click();
    await expect.poll(() => popup.locator('.dashboard-pin-state').textContent()).toBe('Not pinned');
    await expect.poll(() => apiRequests(env.server, 'PATCH', PATCH_DASHBOARD).length).toBe(2);
    expect(
      apiRequests(env.server, 'PATCH', PATCH_DASHBOARD).map((entry) => [entry.path, entry.body]),
    ).toEqual([
      ['/api/projects/1/dashboards/2/', { pinned: true }],
      ['/api/projects/1/dashboards/2/', { pinned: false }],
    ]);
    await Promise.all([popup.close(), tab.close()]);
  });

  it('sends nothing more for a second click while the first is in flight', async () => {
    const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.marketing);
    faultOnce(env.server, 'PATCH', PATCH_DASHBOARD, { type: 'latency', ms: 700 });
    await popup.getByRole('button', { name: 'Pin', exact: true }).click();
    // Shown at once, before PostHog answered. The button says it is busy (aria-disabled), which
    // Playwright would wait out; a user's second click does not wait.
    await popup.getByRole('button', { name: 'Unpin', exact: true }).click({ force: true });
    await expect.poll(() => popup.locator('.dashboard-pin button[aria-busy]').count()).toBe(0);
    expect(apiRequests(env.server, 'PATCH', PATCH_DASHBOARD).map((entry) => entry.body)).toEqual([
      { pinned: true },
    ]);
    expect(await popup.locator('.dashboard-pin-state').textContent()).toBe('★ Pinned');

    // Put it back for the other tests.
    await popup.getByRole('button', { name: 'Unpin', exact: true }).click();
    await expect.poll(() => apiRequests(env.server, 'PATCH', PATCH_DASHBOARD).length).toBe(2);
    await Promise.all([popup.close(), tab.close()]);
  });

  it('rolls back and says why when PostHog refuses the pin', async () => {
    const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.marketing);
    env.server.setFault({
      method: 'PATCH',
      path: PATCH_DASHBOARD,
      fault: { type: 'status', status: 503 },
      times: 3,
    });
    await popup.getByRole('button', { name: 'Pin', exact: true }).click();
    await popup.getByRole('alert').filter({ hasText: 'Not changed.' }).waitFor();
    expect(await popup.locator('.dashboard-pin-state').textContent()).toBe('Not pinned');
    await Promise.all([popup.close(), tab.close()]);
  });

  it('turns the toggle off on a dashboard the user may only view, says why, and sends no PATCH', async () => {
    const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.finance);
    const toggle = popup.locator('.dashboard-pin button');
    await expect.poll(() => toggle.isDisabled()).toBe(true);
    expect(await popup.locator('#pin-blocked').textContent()).toBe(
      'You can only view this dashboard, so you cannot pin or unpin it. Ask its owner or a project admin for edit access.',
    );
    expect(await toggle.getAttribute('aria-describedby')).toBe('pin-blocked');
    await toggle.click({ force: true });
    expect(apiRequests(env.server, 'PATCH', PATCH_DASHBOARD)).toEqual([]);
    await Promise.all([popup.close(), tab.close()]);
  });

  it('copies the public link of a shared dashboard, plain and as Markdown', async () => {
    const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.productKpis);
    const publicLink = popup.getByRole('group', { name: 'Public link' });
    await publicLink.getByRole('button', { name: 'Copy link' }).click();
    await popup.getByRole('status').getByText('Copied the public link').waitFor();
    const url = `${env.server.url}/shared/${DEMO.sharedToken}`;
    expect(await readClipboard(tab)).toBe(url);

    await popup.bringToFront();
    await publicLink.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => readClipboard(tab)).toBe(`[Product KPIs](${url})`);
    await popup.bringToFront();
    await popup
      .getByRole('group', { name: 'Private link' })
      .getByRole('button', { name: 'Copy link' })
      .click();
    await expect.poll(() => readClipboard(tab)).toBe(page(DEMO.dashboards.productKpis));
    // Reading a link changes nothing on the server.
    expect(env.server.requests.filter((entry) => entry.method !== 'GET')).toEqual([]);
    await Promise.all([popup.close(), tab.close()]);
  });

  it.runIf(flavor === 'posthog')('labels a password-protected public link as such', async () => {
    const sharing = `${env.server.url}/api/projects/1/dashboards/${DEMO.dashboards.productKpis}/sharing/`;
    const setPassword = (on: boolean) =>
      fetch(sharing, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${env.server.keys.all}`, 'content-type': 'application/json' },
        body: JSON.stringify({ password_required: on }),
      });
    expect((await setPassword(true)).status).toBe(200);
    try {
      const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.productKpis);
      const link = popup.getByRole('group', { name: 'Password-protected link' });
      await link.getByText('Viewers need a password').waitFor();
      expect(await popup.getByRole('group', { name: 'Public link' }).count()).toBe(0);
      await Promise.all([popup.close(), tab.close()]);
    } finally {
      await setPassword(false);
    }
  });

  it('says whether the organization lets the public link open, and never offers one that opens for nobody', async () => {
    const hedge = 'if your organization allows public sharing';
    if (flavor === 'contract') {
      // The contract's users/@me does not say: the link comes with the hedge.
      const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.productKpis);
      await popup.getByRole('group', { name: 'Public link' }).getByText(hedge).waitFor();
      await Promise.all([popup.close(), tab.close()]);
      return;
    }
    let { tab, popup } = await dashboardPopup(env, DEMO.dashboards.productKpis);
    await popup.getByRole('group', { name: 'Public link' }).waitFor();
    expect(await popup.getByText(hedge).count()).toBe(0);
    await Promise.all([popup.close(), tab.close()]);

    // An admin turns public sharing off; Hogmark learns it with the next key check (saving).
    env.server.setPublicSharingAllowed(false);
    try {
      await saveConnection(env.session, env.server.url, env.server.keys.all);
      ({ tab, popup } = await dashboardPopup(env, DEMO.dashboards.productKpis));
      await popup.getByText('your organization has turned public sharing off').waitFor();
      expect(await popup.getByRole('group', { name: 'Public link' }).count()).toBe(0);
      await popup.getByRole('group', { name: 'Private link' }).waitFor();
      await Promise.all([popup.close(), tab.close()]);
    } finally {
      env.server.setPublicSharingAllowed(true);
      await saveConnection(env.session, env.server.url, env.server.keys.all);
    }
  });

  it.each([
    ['without a sharing configuration', DEMO.dashboards.marketing],
    ['with sharing saved but off', CHECKOUT_HEALTH],
  ])(
    'says public sharing is off for a dashboard %s, and offers PostHog’s sharing settings',
    async (_label, id) => {
      const { tab, popup } = await dashboardPopup(env, id);
      await popup.getByText('Public sharing is off for this dashboard').waitFor();
      const settings = popup.getByRole('link', { name: 'Open sharing settings' });
      expect(await settings.getAttribute('href')).toBe(`${page(id)}/sharing`);
      expect(await popup.getByRole('group', { name: 'Public link' }).count()).toBe(0);
      // Never turned on behind the user's back.
      expect(env.server.requests.filter((entry) => entry.method !== 'GET')).toEqual([]);
      await Promise.all([popup.close(), tab.close()]);
    },
  );

  it('lists who may edit a restricted dashboard, read-only', async () => {
    const { tab, popup } = await dashboardPopup(env, DEMO.dashboards.restrictedOwned);
    const section = popup.getByRole('region', { name: 'Who can edit' });
    await section.getByText('Bo').first().waitFor();
    expect(await section.getByRole('button').count()).toBe(0);
    await Promise.all([popup.close(), tab.close()]);
  });
});
