import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { recordingPage } from '../../support/recording-page';
import { sendFromExtension, useFirefoxExtension } from './fixtures';
import { waitForFirefoxInPage } from './in-page';
import type { FirefoxPage } from './page';

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;
const ADD_PATH = `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${loose}/`;
const ME_PATH = '/api/users/@me/';
/** A page load retries a change only once 2 s have passed since its last try (PAGE_TRIGGER_GAP_MS). */
const PAGE_TRIGGER_GAP_MS = 2100;

declare const browser: { tabs: { get(tabId: number): Promise<{ cookieStoreId?: string }> } };

describe('Firefox: a waiting change and containers', () => {
  const env = useFirefoxExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const opened: FirefoxPage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
  });
  const requests = (path: string) =>
    env.server.requests
      .filter((request) => request.path === path)
      .map((request) => `${request.method} ${request.auth} ${request.status}`);
  // The adds sent through a page (the key's, refused on this PostHog, are not).
  const sessionAdds = () =>
    requests(ADD_PATH).filter((line) => line.startsWith('POST') && !line.startsWith('POST key'));

  it('is made only from a PostHog tab of the container it was asked in, not from another signed in as the same user', async () => {
    // A pick in the popup over a recording in the "Work" container, where PostHog is signed out.
    const work = await env.session.newContainer();
    const inWork = await env.session.openTab(`${recordingPage(env.server, loose)}?in=work`, work);
    opened.push(inWork.page);
    // Its content script is there (its button shows): the pick can go through this tab's session.
    await waitForFirefoxInPage(env.session, inWork.tabId);
    await expect(
      sendFromExtension(env.session, 'playlists/add', {
        projectId: 1,
        shortId: onboarding,
        recordingId: loose,
        tabId: inWork.tabId,
      }),
    ).resolves.toMatchObject({ ok: true, data: { outcome: 'pending' } });
    // Asked who it is, the Work tab's PostHog says signed out: the add itself is not sent.
    expect(requests(ME_PATH).filter((line) => !line.startsWith('GET key'))).toEqual(['GET none 401']);
    expect(sessionAdds()).toEqual([]);
    const tabContainer = (tabId: number) =>
      env.session.control.evaluate(async (id: number) => (await browser.tabs.get(id)).cookieStoreId, tabId);
    expect(await tabContainer(inWork.tabId)).toMatch(/^firefox-container-\d+$/);

    // Signed in as the same PostHog user, but in Firefox's own container: the page load tries the
    // change, through the Work tab only (still signed out there), and nothing is made.
    await new Promise((resolve) => setTimeout(resolve, PAGE_TRIGGER_GAP_MS));
    const meBefore = requests(ME_PATH).length;
    const home = await env.session.openTab(`${env.server.url}/login?next=/project/1/replay/home`);
    opened.push(home.page);
    expect(await tabContainer(home.tabId)).toBe('firefox-default');
    await expect.poll(() => requests(ME_PATH).length, { timeout: 10_000 }).toBeGreaterThan(meBefore);
    expect(requests(ME_PATH).slice(meBefore)).toEqual(['GET none 401']);
    expect(sessionAdds()).toEqual([]);

    // Signing in inside the Work container makes it there, once.
    await new Promise((resolve) => setTimeout(resolve, PAGE_TRIGGER_GAP_MS));
    await inWork.page.goto(`${env.server.url}/login?next=/project/1/replay/${loose}`);
    await expect.poll(sessionAdds, { timeout: 15_000 }).toEqual(['POST session 200']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sessionAdds()).toEqual(['POST session 200']);
  });

  it('asked now from a PostHog tab, is made through a tab of its container, not the most recent signed-in one', async () => {
    const recording = DEMO.recordings.inCheckout;
    const path = `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${recording}/`;
    const adds = () =>
      requests(path).filter((line) => line.startsWith('POST') && !line.startsWith('POST key'));
    // The recording open in a "Personal" container, where PostHog is signed out; then PostHog signed
    // in, in Firefox's own container, and used last.
    const personal = await env.session.newContainer();
    const inPersonal = await env.session.openTab(
      `${recordingPage(env.server, recording)}?in=personal`,
      personal,
    );
    opened.push(inPersonal.page);
    await waitForFirefoxInPage(env.session, inPersonal.tabId);
    const home = await env.session.openTab(`${env.server.url}/login?next=/project/1/replay/${recording}`);
    opened.push(home.page);

    // A pick in the popup over the Personal tab goes through that container's session, not the other
    // one: it is not signed in there, so the pick waits.
    await expect(
      sendFromExtension(env.session, 'playlists/add', {
        projectId: 1,
        shortId: onboarding,
        recordingId: recording,
        tabId: inPersonal.tabId,
      }),
    ).resolves.toMatchObject({ ok: true, data: { outcome: 'pending' } });
    // Asked who it is, the Personal tab's PostHog says signed out: nothing is sent through any tab.
    // (The waiting pick is tried again as PostHog pages load: each time the same answer.)
    expect(new Set(requests(ME_PATH).filter((line) => line.startsWith('GET none')))).toEqual(
      new Set(['GET none 401']),
    );
    expect(adds()).toEqual([]);
  });
});
