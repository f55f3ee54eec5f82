import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TRIGGER_GAP_MS } from '../../lib/background/pending/pending-store';
import { DEMO } from '../fake-posthog/demo-ids';
import type { FakePostHog } from '../fake-posthog/index';
import { recordingPage } from '../support/recording-page';
import { badgeText, recordingCalls, whoAskedCalls } from './collections-harness';
import { useExtension } from './fixtures';
import type { ExtensionSession } from './harness';
import { currentServiceWorker, stopServiceWorker } from './service-worker';

const { onboarding } = DEMO.playlists;
const { inCheckout, loose } = DEMO.recordings;
/** A third recording of project 1 in the demo seed, in no collection. */
const third = '0191dd9e-1111-7ccc-8ddd-000000000003';

/** The right-click "Add recording to last-used collection" on a link to `recordingId`, in tab `tabId`. */
async function menuAdd(session: ExtensionSession, server: FakePostHog, recordingId: string, tabId: number) {
  const worker = await currentServiceWorker(session);
  await worker.evaluate(
    ({ linkUrl, tabId }) =>
      (
        globalThis as unknown as {
          hogmarkTest: { menuClicked(info: object, tab: object): Promise<void> };
        }
      ).hogmarkTest.menuClicked(
        { menuItemId: 'hogmark-add-to-last-playlist', linkUrl, pageUrl: linkUrl },
        { id: tabId },
      ),
    { linkUrl: recordingPage(server, recordingId), tabId },
  );
}

/** The popup's list of waiting changes, as shown (one line per change). */
async function waitingRows(popup: Page): Promise<string[]> {
  await popup.locator('main.popup[aria-busy="false"]').waitFor();
  return popup.locator('.pending-change .pending-what').allTextContents();
}

/** The changes the background keeps waiting, as stored (`pendingChanges` in the extension's IndexedDB). */
async function keptChanges(session: ExtensionSession): Promise<Array<{ lastTriedAt: number }>> {
  const worker = await currentServiceWorker(session);
  return worker.evaluate(
    () =>
      new Promise<Array<{ lastTriedAt: number }>>((resolve, reject) => {
        const open = indexedDB.open('hogmark');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result
            .transaction('items', 'readonly')
            .objectStore('items')
            .get('pendingChanges');
          read.onsuccess = () => resolve((read.result as { changes?: [] } | undefined)?.changes ?? []);
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** Every add or removal of `recordingId` in any collection, as `METHOD auth status`. */
function addsOf(server: FakePostHog, recordingId: string): string[] {
  return server.requests
    .filter((request) => request.path.endsWith(`/recordings/${recordingId}/`))
    .filter((request) => request.path.includes('/session_recording_playlists/'))
    .map((request) => `${request.method} ${request.auth} ${request.status}`);
}

async function signOut(session: ExtensionSession, server: FakePostHog) {
  const { page } = await session.openTab(`${server.url}/logout`);
  await page.close();
}

describe('changes PostHog cannot take yet wait, and are made once (against PostHog)', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  let tab: { page: Page; tabId: number };

  beforeAll(async () => {
    // Signed in, one add through the popup makes Onboarding the last-used collection.
    tab = await env.session.openTab(`${env.server.url}/login?next=/project/1/replay/${loose}`);
    await tab.page.waitForURL(recordingPage(env.server, loose));
    const popup = await env.session.openPopup(tab.tabId);
    await popup.getByRole('option', { name: /Onboarding/ }).waitFor();
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await popup.close();
  });

  it('signed out: the add waits, the badge counts it, and signing in makes it exactly once', async () => {
    await signOut(env.session, env.server);
    await tab.page.goto(recordingPage(env.server, third));
    env.server.clearRequests();
    await menuAdd(env.session, env.server, third, tab.tabId);
    await expect.poll(() => badgeText(env.session, tab.tabId), { timeout: 10_000 }).toBe('1');
    // Signed out (and without a CSRF cookie), the PostHog tab is asked who it is first, and PostHog's
    // 401 says signed out: the add itself is not sent.
    expect(whoAskedCalls(env.server)).toEqual(['none 401']);
    expect(recordingCalls(env.server, onboarding, third)).toEqual([]);

    const popup = await env.session.openPopup(tab.tabId);
    expect(await waitingRows(popup)).toEqual([
      expect.stringMatching(/^Add Sam Park’s recording of .+ to Onboarding$/),
    ]);
    await popup.getByText('Waiting for you to sign in to PostHog.').waitFor();
    expect(await popup.getByRole('link', { name: 'Open PostHog' }).getAttribute('href')).toBe(
      `${env.server.url}/project/1/replay/playlists/${onboarding}`,
    );
    await popup.close();

    // Signing in loads a PostHog page: the waiting add is made through it, once.
    await tab.page.goto(`${env.server.url}/login?next=/project/1/replay/${third}`);
    await tab.page.waitForURL(recordingPage(env.server, third));
    const made = ['POST session 200'];
    await expect.poll(() => recordingCalls(env.server, onboarding, third)).toEqual(made);
    await expect.poll(() => badgeText(env.session, tab.tabId)).toBe('REC');
    // Another PostHog page loading sends nothing more.
    await tab.page.reload();
    await tab.page.waitForTimeout(1000);
    expect(recordingCalls(env.server, onboarding, third)).toEqual(made);

    const after = await env.session.openPopup(tab.tabId);
    await after.getByText(/^Added Sam Park’s recording of .+ to Onboarding \(it was waiting\)\.$/).waitFor();
    expect(await waitingRows(after)).toEqual([]);
    // Told once.
    await after.close();
    const again = await env.session.openPopup(tab.tabId);
    await again.locator('main.popup[aria-busy="false"]').waitFor();
    expect(await again.getByText('(it was waiting)').count()).toBe(0);
    await again.close();
  });

  it('an add discarded while it waits sends nothing more, even after signing in', async () => {
    await signOut(env.session, env.server);
    await tab.page.goto(recordingPage(env.server, inCheckout));
    env.server.clearRequests();
    await menuAdd(env.session, env.server, inCheckout, tab.tabId);
    await expect.poll(() => badgeText(env.session, tab.tabId), { timeout: 10_000 }).toBe('1');

    const popup = await env.session.openPopup(tab.tabId);
    expect(await waitingRows(popup)).toEqual([
      expect.stringMatching(/^Add ana@acme\.com’s recording of .+ to Onboarding$/),
    ]);
    await popup.getByRole('button', { name: 'Discard' }).focus();
    await popup.keyboard.press('Enter');
    await expect.poll(() => waitingRows(popup)).toEqual([]);
    await popup.close();
    await expect.poll(() => badgeText(env.session, tab.tabId)).toBe('REC');

    await tab.page.goto(`${env.server.url}/login?next=/project/1/replay/${inCheckout}`);
    await tab.page.waitForURL(recordingPage(env.server, inCheckout));
    await tab.page.waitForTimeout(1500);
    // The signed-out try sent no add (its tab said it was signed out); nothing after the Discard.
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual([]);
  });

  it('PostHog down: the add waits across a service worker restart, and is made once when it is back', async () => {
    await tab.page.goto(recordingPage(env.server, inCheckout));
    // Every request to PostHog now finds the connection closed, as when it is down.
    env.server.setFault({ path: /./, fault: { type: 'drop' } });
    env.server.clearRequests();
    await menuAdd(env.session, env.server, inCheckout, tab.tabId);
    await expect.poll(() => badgeText(env.session, tab.tabId), { timeout: 30_000 }).toBe('1');

    await stopServiceWorker(env.session);
    env.server.clearFaults();
    env.server.clearRequests();
    // PostHog is back; the next PostHog page to load wakes the worker, which makes the add.
    await tab.page.reload();
    await expect
      .poll(() => recordingCalls(env.server, onboarding, inCheckout), { timeout: 20_000 })
      .toEqual(['POST session 200']);
    await expect.poll(() => badgeText(env.session, tab.tabId)).toBe('REC');
    // Over another page (a link's add is usually made far from its recording), the notice offers Undo.
    await tab.page.goto(recordingPage(env.server, loose));
    const popup = await env.session.openPopup(tab.tabId);
    await popup
      .getByText(/^Added ana@acme\.com’s recording of .+ to Onboarding \(it was waiting\)\.$/)
      .waitFor();
    env.server.clearRequests();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed ana@acme\.com’s recording of .+ from Onboarding\.$/).waitFor();
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['DELETE session 200']);
    await popup.close();
  });

  it('a waiting change is not made while PostHog is signed in as another user, and is made once as its own', async () => {
    await signOut(env.session, env.server);
    await tab.page.goto(recordingPage(env.server, inCheckout));
    env.server.clearRequests();
    await menuAdd(env.session, env.server, inCheckout, tab.tabId);
    await expect.poll(() => badgeText(env.session, tab.tabId), { timeout: 10_000 }).toBe('1');
    env.server.clearRequests();

    // Someone else signs in to PostHog in this browser (the local PostHog's second user).
    await tab.page.goto(`${env.server.url}/login?user=2&next=/project/1/replay/${inCheckout}`);
    await tab.page.waitForURL(recordingPage(env.server, inCheckout));
    await tab.page.waitForTimeout(1500);
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual([]);
    expect(await badgeText(env.session, tab.tabId)).toBe('1');
    const popup = await env.session.openPopup(tab.tabId);
    await popup.getByText('Waiting for PostHog to be signed in as the user who asked for it.').waitFor();
    await popup.close();

    // The key's owner signs in: the change is made, once. (A page that loads within two seconds of
    // the change's last try does not try it again: PAGE_TRIGGER_GAP_MS.)
    await tab.page.waitForTimeout(2_100);
    await tab.page.goto(`${env.server.url}/login?next=/project/1/replay/${inCheckout}`);
    await tab.page.waitForURL(recordingPage(env.server, inCheckout));
    await expect
      .poll(() => recordingCalls(env.server, onboarding, inCheckout), { timeout: 10_000 })
      .toEqual(['POST session 200']);
    await expect.poll(() => badgeText(env.session, tab.tabId)).toBe('REC');
    await tab.page.reload();
    await tab.page.waitForTimeout(1000);
    expect(recordingCalls(env.server, onboarding, inCheckout)).toEqual(['POST session 200']);
  });

  it('PostHog unreachable: a pick in the popup waits, outlives the popup and the worker, and is made once', async () => {
    const checkoutBugs = DEMO.playlists.checkoutBugs;
    await tab.page.goto(recordingPage(env.server, loose));
    const popup = await env.session.openPopup(tab.tabId);
    await popup.getByRole('option', { name: /Checkout bugs/ }).waitFor();
    // Every request to PostHog now finds the connection closed: the pick's, and the read after it.
    env.server.setFault({ path: /./, fault: { type: 'drop' } });
    env.server.clearRequests();
    await popup.getByRole('combobox').fill('Checkout bugs');
    await popup.keyboard.press('Enter');
    await popup
      .getByText(/^Hogmark could not tell whether Checkout bugs took it: PostHog’s answer was lost\./)
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => badgeText(env.session, tab.tabId), { timeout: 10_000 }).toBe('1');
    await popup.close();
    await stopServiceWorker(env.session);

    // PostHog is back; the next PostHog page to load wakes the worker, which reads, then adds once
    // (a page that loads within two seconds of the change's last try does not try it again).
    env.server.clearFaults();
    await tab.page.waitForTimeout(2_100);
    env.server.clearRequests();
    await tab.page.reload();
    await expect
      .poll(() => recordingCalls(env.server, checkoutBugs, loose), { timeout: 20_000 })
      .toEqual(['POST session 200']);
    await expect.poll(() => badgeText(env.session, tab.tabId)).toBe('REC');
    await tab.page.reload();
    await tab.page.waitForTimeout(1000);
    expect(recordingCalls(env.server, checkoutBugs, loose)).toEqual(['POST session 200']);
  });

  it('signed out: a pick in the picker window waits, the badge counts it, and signing in makes it once', async () => {
    const checkoutBugs = DEMO.playlists.checkoutBugs;
    await signOut(env.session, env.server);
    await tab.page.goto(recordingPage(env.server, third));
    env.server.clearRequests();
    // The window a link's "Choose a collection…" opens where the toolbar popup cannot be opened.
    const picker = await env.session.context.newPage();
    const base = `chrome-extension://${env.session.extensionId}`;
    await picker.goto(`${base}/popup.html?recording=${third}&project=1&from=${tab.tabId}`);
    await picker.getByRole('option', { name: /Checkout bugs/ }).waitFor();
    await picker.getByRole('combobox').fill('Checkout bugs');
    await picker.keyboard.press('Enter');
    await picker
      .getByText(
        'Not added to Checkout bugs yet: you are signed out of PostHog, so Hogmark will add it once you sign in.',
      )
      .waitFor();
    await expect.poll(() => badgeText(env.session, tab.tabId), { timeout: 10_000 }).toBe('1');
    expect(recordingCalls(env.server, checkoutBugs, third)).toEqual([]);
    await picker.close();

    // Signing in loads a PostHog page: the pick is made through it, once.
    await tab.page.goto(`${env.server.url}/login?next=/project/1/replay/${third}`);
    await tab.page.waitForURL(recordingPage(env.server, third));
    const made = ['POST session 200'];
    await expect
      .poll(() => recordingCalls(env.server, checkoutBugs, third), { timeout: 10_000 })
      .toEqual(made);
    await expect.poll(() => badgeText(env.session, tab.tabId)).toBe('REC');
    await tab.page.reload();
    await tab.page.waitForTimeout(1000);
    expect(recordingCalls(env.server, checkoutBugs, third)).toEqual(made);
  });

  it('signing in a second after a failed pick makes it within seconds, once', async () => {
    // The add goes to the last-used collection, whichever an earlier test left.
    const { anonymous } = DEMO.recordings;
    await signOut(env.session, env.server);
    await tab.page.goto(recordingPage(env.server, anonymous));
    env.server.clearRequests();
    await menuAdd(env.session, env.server, anonymous, tab.tabId);
    await expect.poll(async () => (await keptChanges(env.session)).length, { timeout: 10_000 }).toBe(1);
    const triedAt = (await keptChanges(env.session))[0]?.lastTriedAt ?? 0;
    // Its tab said signed out (a 401 to `@me`), or it was kept without a try where the background
    // already knew: no add was sent.
    expect(addsOf(env.server, anonymous)).toEqual([]);

    // At once: the PostHog page the sign-in lands on loads inside the gap after that failed try.
    await tab.page.goto(`${env.server.url}/login?next=/project/1/replay/${anonymous}`);
    await tab.page.waitForURL(recordingPage(env.server, anonymous));
    const page = new URL(recordingPage(env.server, anonymous)).pathname;
    const landed = env.server.requests.findLast((request) => request.path === page);
    expect((landed?.at ?? Number.POSITIVE_INFINITY) - triedAt).toBeLessThan(PAGE_TRIGGER_GAP_MS);

    const made = ['POST session 200'];
    await expect.poll(() => addsOf(env.server, anonymous), { timeout: 5_000 }).toEqual(made);
    await expect.poll(() => keptChanges(env.session)).toEqual([]);
    await tab.page.waitForTimeout(PAGE_TRIGGER_GAP_MS);
    expect(addsOf(env.server, anonymous)).toEqual(made);
  });
});
