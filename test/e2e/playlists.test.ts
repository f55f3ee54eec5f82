import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import type { FakePostHog } from '../fake-posthog/index';
import { findAccessibilityViolations } from './axe';
import { useExtension } from './fixtures';
import { saveConnection, sendFromExtensionPage } from './options-page';
import { badgeText, pickerOver, recordingCalls } from './playlists-harness';

const { checkoutBugs, onboarding } = DEMO.playlists;
const { inCheckout, loose } = DEMO.recordings;
const recordingPage = (server: FakePostHog, id: string) => `${server.url}/project/1/replay/${id}`;

describe('adding a recording to a playlist against PostHog (session fallback)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  beforeEach(() => env.server.clearRequests());

  it('without a signed-in PostHog tab: says so, offers "Open in PostHog", and adds nothing', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup
      .getByRole('alert')
      .getByText(/signed-in PostHog tab/)
      .waitFor();
    const open = popup.getByRole('link', { name: 'Open in PostHog' });
    expect(await open.getAttribute('href')).toBe(recordingPage(env.server, loose));
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 403']);
    // The selection stays for "Try again".
    expect(await popup.getByRole('option', { selected: true }).textContent()).toContain('Onboarding');
    await Promise.all([popup.close(), page.close()]);
  });

  it('adds through the signed-in tab with one session POST, says which way it went, and undoes', async () => {
    // Saving the settings again forgets that this PostHog refused the key: the first add tries it.
    await saveConnection(env.session, env.server.url, env.server.keys.all);
    const { page, tabId } = await env.session.openTab(
      `${env.server.url}/login?next=/project/1/replay/${loose}`,
    );
    await page.waitForURL(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    env.server.clearRequests();
    await popup.getByRole('combobox').fill('onboard');
    expect(await popup.getByRole('option', { selected: true }).textContent()).toContain('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText('Added to Onboarding. (via your PostHog session)').waitFor();
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 403', 'POST session 200']);
    expect(await popup.getByRole('option', { name: /Onboarding/ }).textContent()).toContain('In playlist');

    // Refused once on this origin: from now on the signed-in tab makes the request, one per action.
    env.server.clearRequests();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText('Removed from Onboarding. (via your PostHog session)').waitFor();
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['DELETE session 200']);
    await Promise.all([popup.close(), page.close()]);
  });

  it('shows which playlists already hold the recording, and sends nothing for those', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, inCheckout));
    const popup = await pickerOver(env.session, tabId);
    const row = popup.getByRole('option', { name: /Checkout bugs/ });
    expect(await row.textContent()).toContain('In playlist');
    await row.click();
    await popup.getByText('Already in Checkout bugs.').waitFor();
    await popup.getByRole('button', { name: 'Remove' }).waitFor();
    expect(recordingCalls(env.server, checkoutBugs, inCheckout)).toEqual([]);
    // PostHog's synthetic lists are not offered; saved filters are, disabled with the reason.
    expect(await popup.getByRole('option', { name: /Watch history/ }).count()).toBe(0);
    const filters = popup.getByRole('option', { name: /Rage clicks/ });
    expect(await filters.getAttribute('aria-disabled')).toBe('true');
    expect(await filters.textContent()).toContain("Saved filter — can't hold recordings");
    await Promise.all([popup.close(), page.close()]);
  });

  it('creates a playlist from the typed name and adds the recording to it', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Escalations from e2e');
    await popup.getByRole('option', { name: 'Create playlist “Escalations from e2e” and add' }).waitFor();
    await popup.keyboard.press('Enter');
    await popup.getByText('Added to Escalations from e2e. (via your PostHog session)').waitFor();
    const created = env.server.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/projects/1/session_recording_playlists/',
    );
    expect(created.map((r) => [r.auth, r.status, r.body])).toEqual([
      ['key', 201, { type: 'collection', name: 'Escalations from e2e' }],
    ]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('the shortcut adds to the last-used playlist, flashes the badge, and the popup offers Undo', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    // The last add made "Escalations from e2e" the last-used playlist; remove it there first.
    const last = popup.getByRole('option').first();
    expect(await last.textContent()).toContain('Escalations from e2e');
    env.server.clearRequests();
    const result = await sendFromExtensionPage(popup, 'playlists/quick-add', { tabId });
    expect(result).toMatchObject({ ok: true, data: { outcome: 'already' } });
    expect(env.server.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await badgeText(env.session, tabId)).toBe('=');

    const other = await env.session.openTab(recordingPage(env.server, DEMO.recordings.inCheckout));
    const added = await sendFromExtensionPage(popup, 'playlists/quick-add', { tabId: other.tabId });
    expect(added).toMatchObject({ ok: true, data: { outcome: 'added', via: 'session' } });
    expect(await badgeText(env.session, other.tabId)).toBe('✓');
    await expect.poll(() => badgeText(env.session, other.tabId), { timeout: 6_000 }).toBe('REC');

    const again = await env.session.openPopup(other.tabId);
    await again.getByText('Added to Escalations from e2e. (via your PostHog session)').waitFor();
    env.server.clearRequests();
    await again.getByRole('button', { name: 'Undo' }).click();
    await again.getByText(/^Removed from Escalations from e2e/).waitFor();
    expect(env.server.requests.filter((r) => r.method === 'DELETE').map((r) => r.auth)).toEqual(['session']);
    await Promise.all([popup.close(), page.close(), other.page.close(), again.close()]);
  });

  it.each(['light', 'dark'] as const)(
    'the picker has no WCAG A/AA violations in %s mode',
    async (colorScheme) => {
      const { page, tabId } = await env.session.openTab(recordingPage(env.server, inCheckout));
      const popup = await pickerOver(env.session, tabId);
      await popup.emulateMedia({ colorScheme });
      await popup.getByRole('combobox').fill('check');
      await popup.keyboard.press('Enter');
      await popup.getByText('Already in Checkout bugs.').waitFor();
      expect(await findAccessibilityViolations(popup)).toEqual([]);
      await Promise.all([popup.close(), page.close()]);
    },
  );

  it('the in-page button sits right before the player and follows dark mode', async () => {
    const { page } = await env.session.openTab(recordingPage(env.server, loose));
    const host = page.locator('[data-hogmark="in-page-button"]');
    await host.waitFor();
    expect(await host.evaluate((element) => element.nextElementSibling?.getAttribute('data-attr'))).toBe(
      'session-recording-player',
    );
    expect(await host.getAttribute('data-dark')).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => host.getAttribute('data-dark'), { timeout: 5_000 }).toBe('');
    await page.close();
  });

  it('the in-page button adds beside the player and can undo, without the key', async () => {
    // The shortcut's add to this recording was undone above, so the last-used playlist lacks it.
    const { page } = await env.session.openTab(recordingPage(env.server, inCheckout));
    const button = page.getByRole('button', { name: 'Add to playlist' });
    await button.waitFor();
    env.server.clearRequests();
    await button.click();
    await page.getByText(/^Added to Escalations from e2e via your PostHog session/).waitFor();
    const writes = env.server.requests.filter((r) => r.method === 'POST' && r.path.includes('/recordings/'));
    // This PostHog refused the key before: the signed-in tab adds at once.
    expect(writes.map((r) => `${r.auth} ${r.status}`)).toEqual(['session 200']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Removed from Escalations from e2e.').waitFor();
    // The page never sees the key: nothing the page can read carries it.
    const html = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify(localStorage));
    expect(html).not.toContain(env.server.keys.all);
    await page.close();
  });

  it('the in-page button goes away when turned off in the options, and comes back', async () => {
    const { page } = await env.session.openTab(recordingPage(env.server, loose));
    const host = page.locator('[data-hogmark="in-page-button"]');
    await host.waitFor();
    const options = await env.session.openOptions();
    const save = (inPageButton: boolean) =>
      sendFromExtensionPage(options, 'settings/save', { origin: env.server.url, projectId: 1, inPageButton });
    expect(await save(false)).toMatchObject({ ok: true });
    await host.waitFor({ state: 'detached' });
    expect(await save(true)).toMatchObject({ ok: true });
    await host.waitFor();
    await Promise.all([options.close(), page.close()]);
  });
});

describe('adding a recording to a playlist against the contract (the key adds)', () => {
  const env = useExtension({ flavor: 'contract', seed: 'demo' }, { connected: true });

  beforeEach(() => env.server.clearRequests());

  it('adds with exactly one POST, keeps membership unknown except what Hogmark did, and undoes with one DELETE', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, inCheckout));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByText(/does not say which playlists already hold this recording/).waitFor();
    // Checkout bugs does hold it, but this server does not say so: no mark is guessed.
    expect(await popup.getByRole('option', { name: /Checkout bugs/ }).textContent()).not.toContain(
      'In playlist',
    );
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText('Added to Onboarding.', { exact: true }).waitFor();
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST key 200']);
    expect(await popup.getByRole('option', { name: /Onboarding/ }).textContent()).toContain('In playlist');

    await popup.keyboard.press('Enter');
    await popup.getByText('Already in Onboarding.').waitFor();
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST key 200']);

    await popup.getByRole('button', { name: 'Remove' }).click();
    await popup.getByText('Removed from Onboarding.').waitFor();
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST key 200', 'DELETE key 204']);
    await Promise.all([popup.close(), page.close()]);
  });

  it('keeps the selection on a server error, and "Try again" adds once', async () => {
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    env.server.setFault({
      method: 'POST',
      path: `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${loose}/`,
      fault: { type: 'status', status: 503 },
      times: 1,
    });
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup
      .getByRole('alert')
      .getByText(/server error \(503\)/)
      .waitFor();
    expect(await popup.getByRole('option', { selected: true }).textContent()).toContain('Onboarding');
    await popup.getByRole('button', { name: 'Try again' }).click();
    await popup.getByText('Added to Onboarding.', { exact: true }).waitFor();
    // Faults answer before authentication, so the log shows no auth for the failed attempt.
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST none 503', 'POST key 200']);
    await Promise.all([popup.close(), page.close()]);
  });

  it('reports a missing scope in one sentence', async () => {
    await saveConnection(env.session, env.server.url, env.server.keys.noPlaylistWrite);
    const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Sup');
    await popup.keyboard.press('Enter');
    await popup
      .getByRole('alert')
      .getByText(/lacks the session_recording_playlist:write scope/)
      .waitFor();
    await Promise.all([popup.close(), page.close()]);
  });
});
