import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import type { FakePostHog } from '../fake-posthog/index';
import { collectionsNamed } from '../support/collections-named';
import { pinnedOnServer } from '../support/pinned-on-server';
import { recordingPage } from '../support/recording-page';
import { recordingRoute } from '../support/recording-route';
import { serverHolds } from '../support/server-holds';
import { badgeText, pickerOver, recordingCalls, signedInPickerOver } from './collections-harness';
import { apiRequests, dashboardPopup } from './dashboards-harness';
import { faultOnce } from './faults';
import { useExtension } from './fixtures';

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;
const PLAYLIST_READS = /^\/api\/projects\/1\/session_recording_playlists\//;
const CREATE_COLLECTION = /^\/api\/projects\/1\/session_recording_playlists\/?$/;

async function add(popup: Page, name = 'Onboarding') {
  await popup.getByRole('combobox').fill(name);
  await popup.keyboard.press('Enter');
}

/** Types a new name and picks "Create collection … and add". */
async function createAndAdd(popup: Page, name: string) {
  await popup.getByRole('combobox').fill(name);
  await popup.getByRole('option', { name: `Create collection “${name}” and add` }).waitFor();
  await popup.keyboard.press('Enter');
}

describe('a write whose answer is lost ends on the true state (posthog flavor)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  beforeEach(() => {
    env.server.clearFaults();
    env.server.clearRequests();
  });

  /** A signed-in recording tab and the picker over it, with the key's refusal already learnt. */
  const pickerOnSignedInTab = () => signedInPickerOver(env.session, env.server.url, loose);

  it('add and undo PostHog made while the user stopped waiting: one read each, and the popup says what is true', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    // Learn that this PostHog refuses the key for adds (the next ones go straight through the tab).
    await add(popup);
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText('✓ Added to Onboarding', { exact: true })
      .waitFor();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();

    env.server.clearRequests();
    // PostHog makes the add at once, but its answer would take a minute.
    faultOnce(env.server, 'POST', recordingRoute(onboarding, loose), {
      type: 'lose-answer',
      as: 'late',
      ms: 60_000,
    });
    await add(popup);
    await popup.getByText('Still waiting for PostHog…').waitFor();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    expect(await popup.getByRole('option', { name: /Onboarding/ }).textContent()).toContain('In collection');
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST session 200']);
    expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
    expect(await popup.locator('[role="alert"]:not(:empty)').count()).toBe(0);
    expect(await serverHolds(env.server, onboarding, loose)).toBe(true);

    env.server.clearRequests();
    faultOnce(env.server, 'DELETE', recordingRoute(onboarding, loose), {
      type: 'lose-answer',
      as: 'late',
      ms: 60_000,
    });
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText('Still waiting for PostHog…').waitFor();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    expect(await popup.getByRole('option', { name: /Onboarding/ }).textContent()).not.toContain(
      'In collection',
    );
    // One DELETE, never a second one that PostHog would answer with a 500.
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['DELETE session 200']);
    expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
    expect(await serverHolds(env.server, onboarding, loose)).toBe(false);
    await Promise.all([popup.close(), page.close()]);
  });

  it('Cancel before PostHog made the add says so, and Check again shows what PostHog did after', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    // PostHog is slow to start: the add is made only after the popup has stopped waiting.
    faultOnce(env.server, 'POST', recordingRoute(onboarding, loose), { type: 'latency', ms: 4_000 });
    await add(popup);
    await popup.getByText('Still waiting for PostHog…').waitFor();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup
      .getByRole('alert')
      .getByText(/^Stopped waiting\. PostHog had not made the change/)
      .waitFor();
    const row = popup.getByRole('option', { name: /Onboarding/ });
    expect(await row.textContent()).not.toContain('In collection');
    await expect.poll(() => serverHolds(env.server, onboarding, loose), { timeout: 10_000 }).toBe(true);
    await popup.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => row.textContent()).toContain('In collection');
    expect(
      recordingCalls(env.server, onboarding, loose).filter((call) => call.startsWith('POST')),
    ).toHaveLength(1);
    await row.click();
    await popup.getByRole('button', { name: 'Remove' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    await Promise.all([popup.close(), page.close()]);
  });

  it('undo of a recording already removed in PostHog: its 500 is read back as removed', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    await add(popup);
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    // Someone removes it in PostHog while the popup is open (the page's own session, as PostHog's UI).
    await page.evaluate(async (path) => {
      const csrf = document.cookie.match(/posthog_csrftoken=([^;]+)/)?.[1] ?? '';
      await fetch(path, { method: 'DELETE', headers: { 'X-CSRFToken': csrf } });
    }, `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${loose}/`);
    env.server.clearRequests();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['DELETE session 500']);
    expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
    expect(await popup.locator('[role="alert"]:not(:empty)').count()).toBe(0);
    expect(await serverHolds(env.server, onboarding, loose)).toBe(false);
    await Promise.all([popup.close(), page.close()]);
  });

  it('a malformed 2xx for an add, then for its undo, that PostHog made: "added", then "removed"', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    env.server.clearRequests();
    faultOnce(env.server, 'POST', recordingRoute(onboarding, loose), {
      type: 'lose-answer',
      as: 'malformed-json',
    });
    await add(popup);
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    expect(await serverHolds(env.server, onboarding, loose)).toBe(true);
    faultOnce(env.server, 'DELETE', recordingRoute(onboarding, loose), {
      type: 'lose-answer',
      as: 'malformed-json',
    });
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    expect(await serverHolds(env.server, onboarding, loose)).toBe(false);
    await Promise.all([popup.close(), page.close()]);
  });

  it('when neither the answer nor a read comes back, it says it cannot tell, and Check again shows the truth', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    faultOnce(env.server, 'POST', recordingRoute(onboarding, loose), {
      type: 'lose-answer',
      as: 'late',
      ms: 60_000,
    });
    await add(popup);
    await popup.getByText('Still waiting for PostHog…').waitFor();
    env.server.setFault({ method: 'GET', path: PLAYLIST_READS, fault: { type: 'html' } });
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup
      .getByRole('alert')
      .getByText(/could not check whether it was made/)
      .waitFor();
    const row = popup.getByRole('option', { name: /Onboarding/ });
    expect(await row.textContent()).not.toContain('In collection');
    env.server.clearFaults();
    await popup.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => row.textContent()).toContain('In collection');
    expect(await popup.locator('[role="alert"]:not(:empty)').count()).toBe(0);
    // Leave PostHog as it was.
    await popup.getByRole('option', { name: /Onboarding/ }).click();
    await popup.getByRole('button', { name: 'Remove' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    await Promise.all([popup.close(), page.close()]);
  });

  it('a new collection whose answer was cut after PostHog created it: "Added", one read, one collection', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    const name = `Answer cut ${Date.now()}`;
    env.server.clearRequests();
    faultOnce(env.server, 'POST', CREATE_COLLECTION, { type: 'lose-answer', as: 'cut' });
    await createAndAdd(popup, name);
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText(`✓ Added to ${name}`, { exact: true })
      .waitFor();
    expect(await popup.getByRole('option', { name: new RegExp(`^${name}`) }).textContent()).toContain(
      'In collection',
    );
    expect(apiRequests(env.server, 'POST', CREATE_COLLECTION)).toHaveLength(1);
    expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
    expect(await popup.locator('[role="alert"]:not(:empty)').count()).toBe(0);
    expect(await collectionsNamed(env.server, name)).toBe(1);
    await Promise.all([popup.close(), page.close()]);
  });

  it('Cancel of a create PostHog made: says it is created but not added, and Try again adds, to one collection', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    const name = `Answer late ${Date.now()}`;
    env.server.clearRequests();
    // PostHog creates the collection at once, but its answer would take a minute.
    faultOnce(env.server, 'POST', CREATE_COLLECTION, { type: 'lose-answer', as: 'late', ms: 60_000 });
    await createAndAdd(popup, name);
    await popup.getByText('Still waiting for PostHog…').waitFor();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup
      .getByRole('alert')
      .getByText(`Created ${name}, but the recording was not added because you stopped waiting.`)
      .waitFor();
    // One read found it; the add was never sent.
    expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
    expect(apiRequests(env.server, 'POST', /\/recordings\//)).toEqual([]);
    await popup.getByRole('button', { name: 'Try again' }).click();
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText(`✓ Added to ${name}`, { exact: true })
      .waitFor();
    expect(apiRequests(env.server, 'POST', CREATE_COLLECTION)).toHaveLength(1);
    expect(await collectionsNamed(env.server, name)).toBe(1);
    await Promise.all([popup.close(), page.close()]);
  });

  it('Cancel before PostHog created the collection: Check again finds the one it made after, never a second', async () => {
    const { page, popup } = await pickerOnSignedInTab();
    const name = `Made late ${Date.now()}`;
    // PostHog is slow to start: the collection is made only after the popup has stopped waiting.
    faultOnce(env.server, 'POST', CREATE_COLLECTION, { type: 'latency', ms: 5_000 });
    await createAndAdd(popup, name);
    await popup.getByText('Still waiting for PostHog…').waitFor();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup
      .getByRole('alert')
      .getByText(/^Stopped waiting\. PostHog had not made the change/)
      .waitFor();
    await expect.poll(() => collectionsNamed(env.server, name), { timeout: 10_000 }).toBe(1);
    await popup.getByRole('button', { name: 'Check again' }).click();
    // The one PostHog made is offered, selected, in place of "Create".
    const row = popup.getByRole('option', { name: new RegExp(`^${name}`) });
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    expect(await popup.getByRole('option', { name: /^Create collection/ }).count()).toBe(0);
    await row.click();
    await popup
      .getByTitle('Sent via your PostHog session')
      .getByText(`✓ Added to ${name}`, { exact: true })
      .waitFor();
    expect(apiRequests(env.server, 'POST', CREATE_COLLECTION)).toHaveLength(1);
    expect(await collectionsNamed(env.server, name)).toBe(1);
    await Promise.all([popup.close(), page.close()]);
  });
});

/**
 * Waits until the pin PostHog was sent is settled: the PATCH has arrived (so the toggle, busy from
 * the click, has drawn itself busy), then the toggle is no longer busy (the outcome is known).
 */
async function settled(popup: import('playwright-core').Page, server: FakePostHog, patches: number) {
  await expect
    .poll(() => server.requests.filter((request) => request.method === 'PATCH').length)
    .toBeGreaterThanOrEqual(patches);
  await popup.locator('.dashboard-pin button[aria-busy]').waitFor({ state: 'detached' });
}

describe('a pin whose answer is lost ends on the true state', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const PATCH_DASHBOARD = /^\/api\/projects\/1\/dashboards\/\d+\/?$/;
  beforeEach(() => {
    env.server.clearFaults();
    env.server.clearRequests();
  });

  /** The popup over a dashboard, once it shows the dashboard unpinned. */
  async function popupOn(id: number) {
    const opened = await dashboardPopup(env, id);
    await expect.poll(() => opened.popup.locator('.dashboard-pin-state').textContent()).toBe('Not pinned');
    return opened;
  }

  it('pin (malformed 200) and unpin (answer cut mid-body) that PostHog made: pinned, then not, one read each', async () => {
    const { tab, popup } = await popupOn(DEMO.dashboards.marketing);
    env.server.clearRequests();
    faultOnce(env.server, 'PATCH', PATCH_DASHBOARD, { type: 'lose-answer', as: 'malformed-json' });
    await popup.getByRole('button', { name: 'Pin', exact: true }).click();
    // The toggle shows the new state at once: wait for PostHog's answer (and the read) to be in.
    await settled(popup, env.server, 1);
    expect(await popup.locator('.dashboard-pin-state').textContent()).toBe('★ Pinned');
    expect(await popup.getByText(/Not changed/).count()).toBe(0);
    expect(apiRequests(env.server, 'PATCH', PATCH_DASHBOARD)).toHaveLength(1);
    expect(apiRequests(env.server, 'GET', PATCH_DASHBOARD)).toHaveLength(1);
    expect(await pinnedOnServer(env.server, DEMO.dashboards.marketing)).toBe(true);

    env.server.clearRequests();
    faultOnce(env.server, 'PATCH', PATCH_DASHBOARD, { type: 'lose-answer', as: 'cut' });
    await popup.getByRole('button', { name: 'Unpin', exact: true }).click();
    await settled(popup, env.server, 1);
    expect(await popup.locator('.dashboard-pin-state').textContent()).toBe('Not pinned');
    expect(await popup.locator('[role="alert"]:not(:empty)').count()).toBe(0);
    expect(apiRequests(env.server, 'PATCH', PATCH_DASHBOARD)).toHaveLength(1);
    expect(apiRequests(env.server, 'GET', PATCH_DASHBOARD)).toHaveLength(1);
    expect(await pinnedOnServer(env.server, DEMO.dashboards.marketing)).toBe(false);
    await Promise.all([popup.close(), tab.close()]);
  });

  it('when the read fails too: "cannot tell", never "Not changed.", and Check again shows the truth', async () => {
    const { tab, popup } = await popupOn(DEMO.dashboards.marketing);
    faultOnce(env.server, 'PATCH', PATCH_DASHBOARD, { type: 'lose-answer', as: 'cut' });
    env.server.setFault({ method: 'GET', path: PATCH_DASHBOARD, fault: { type: 'status', status: 502 } });
    await popup.getByRole('button', { name: 'Pin', exact: true }).click();
    await popup
      .getByRole('alert')
      .getByText(/could not check whether it was made/)
      .waitFor();
    expect(await popup.locator('.dashboard-pin-state').textContent()).toBe(
      'Hogmark cannot tell whether this dashboard is pinned.',
    );
    expect(await popup.getByText(/Not changed/).count()).toBe(0);
    env.server.clearFaults();
    await popup.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => popup.locator('.dashboard-pin-state').textContent()).toBe('★ Pinned');
    expect(await popup.locator('[role="alert"]:not(:empty)').count()).toBe(0);
    env.server.clearRequests();
    await popup.getByRole('button', { name: 'Unpin', exact: true }).click();
    await settled(popup, env.server, 1);
    await Promise.all([popup.close(), tab.close()]);
  });

  it('Cancel of a hung pin never says "Not changed.", and Check again shows the pin PostHog made after', async () => {
    const { tab, popup } = await popupOn(DEMO.dashboards.marketing);
    env.server.clearRequests();
    // PostHog is slow to start: the pin is made only after the popup has stopped waiting.
    faultOnce(env.server, 'PATCH', PATCH_DASHBOARD, { type: 'latency', ms: 6_000 });
    await popup.getByRole('button', { name: 'Pin', exact: true }).click();
    await popup.getByText('Still waiting for PostHog…').waitFor();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup
      .getByRole('alert')
      .getByText(/^Stopped waiting\. PostHog had not made the change/)
      .waitFor();
    expect(await popup.getByText(/Not changed/).count()).toBe(0);
    // What the one read saw, while the PATCH is still on its way.
    expect(await popup.locator('.dashboard-pin-state').textContent()).toBe('Not pinned');
    expect(apiRequests(env.server, 'GET', PATCH_DASHBOARD)).toHaveLength(1);
    await expect
      .poll(() => pinnedOnServer(env.server, DEMO.dashboards.marketing), { timeout: 10_000 })
      .toBe(true);
    await popup.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => popup.locator('.dashboard-pin-state').textContent()).toBe('★ Pinned');
    expect(await popup.getByText(/Not changed/).count()).toBe(0);
    expect(await popup.locator('[role="alert"]:not(:empty)').count()).toBe(0);
    expect(apiRequests(env.server, 'PATCH', PATCH_DASHBOARD)).toHaveLength(1);
    await popup.getByRole('button', { name: 'Unpin', exact: true }).click();
    await settled(popup, env.server, 2);
    await Promise.all([popup.close(), tab.close()]);
  });
});

describe('an add with the key whose answer is lost (contract flavor: the key adds)', () => {
  const env = useExtension({ flavor: 'contract', seed: 'demo' }, { connected: true });
  beforeEach(() => {
    env.server.clearFaults();
    env.server.clearRequests();
  });

  // This server never says which collections hold a recording, so the one read cannot settle it:
  // the popup never says "not added"; the pick waits (the badge counts it), is read back first on
  // its next try, and an add setting a state, is sent once more, once.
  it.each(['malformed-json', 'cut'] as const)(
    'PostHog made it, then its answer was lost (%s): one read, the pick waits, and Retry now ends "Added" once',
    async (as) => {
      const { page, tabId } = await env.session.openTab(recordingPage(env.server, loose));
      const popup = await pickerOver(env.session, tabId);
      env.server.clearRequests();
      faultOnce(env.server, 'POST', recordingRoute(onboarding, loose), { type: 'lose-answer', as });
      await add(popup);
      await popup
        .getByText(
          'Hogmark could not tell whether Onboarding took it: PostHog’s answer was lost. Hogmark will check, and add it if it is not there.',
        )
        .waitFor();
      // The server's log: it made the add (200), and Hogmark read once before speaking.
      expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 200']);
      expect(apiRequests(env.server, 'GET', PLAYLIST_READS)).toHaveLength(1);
      const row = popup.getByRole('option', { name: /Onboarding/ });
      expect(await row.textContent()).not.toContain('In collection');
      expect(await popup.getByText(/^Not in/).count()).toBe(0);
      await expect.poll(() => badgeText(env.session, tabId)).toBe('1');
      // Closing the popup loses nothing: the next one lists it, and Retry now makes it, once.
      await popup.close();
      const again = await pickerOver(env.session, tabId);
      await again.getByRole('button', { name: 'Retry now' }).click();
      await again.getByText(/^Added .+ to Onboarding \(it was waiting\)\./).waitFor();
      expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 200', 'POST key 200']);
      await expect.poll(() => badgeText(env.session, tabId)).toBe('REC');
      // Leave PostHog as it was (Undo on the made change's line).
      await again.getByRole('listitem').getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => recordingCalls(env.server, onboarding, loose)).toHaveLength(3);
      await Promise.all([again.close(), page.close()]);
    },
  );
});
