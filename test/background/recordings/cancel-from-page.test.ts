import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPostHogClient } from '../../../lib/api/client';
import type { HandlerContext } from '../../../lib/background/messages/dispatcher';
import { createCollectionService } from '../../../lib/background/recordings/collections';
import { createQuickAdd } from '../../../lib/background/recordings/quick-add';
import { createRecordingActions } from '../../../lib/background/recordings/recording-actions';
import { AppError } from '../../../lib/platform/errors';
import { parsePageContext } from '../../../lib/posthog/context';
import { DEMO } from '../../fake-posthog/demo-ids';
import { type FakePostHog, startFakePostHog } from '../../fake-posthog/index';
import { cloudTraits } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const { loose, inCheckout } = DEMO.recordings;
const { onboarding } = DEMO.playlists;
const ADD = new RegExp(`/session_recording_playlists/${onboarding}/recordings/${loose}/?$`);
/** An undo through the session on Cloud: `bulk_delete` (see recording-actions.ts). */
const REMOVE = new RegExp(`/session_recording_playlists/${onboarding}/recordings/bulk_delete/?$`);

/** The content script of tab `tabId`, as the dispatcher describes it (the browser names the tab). */
const fromTab = (tabId: number): HandlerContext => ({
  sender: { kind: 'content-script', tabId, url: 'https://ignored.example/' },
});

describe('Cancel from the in-page button (posthog flavor: adds go through the signed-in tab)', () => {
  let server: FakePostHog;
  beforeEach(async () => {
    fakeBrowser.reset();
    server = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
  });
  afterEach(() => server.close());

  /** A signed-in PostHog tab's cookies, as the session relay sends them. */
  async function signIn() {
    const answer = await fetch(`${server.url}/login?next=/project/1/replay/x`, { redirect: 'manual' });
    const jar = answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    const csrf = jar.find((cookie) => cookie.startsWith('posthog_csrftoken='))?.split('=')[1] ?? '';
    return { cookie: jar.join('; '), 'x-csrftoken': csrf, 'content-type': 'application/json' };
  }

  /** The services as the extension wires them (a Cancel stops the write's request); tab → its page. */
  async function wired() {
    const connection = { origin: server.url, apiKey: server.keys.all, projectId: 1 };
    const headers = await signIn();
    const playlists = createCollectionService({
      connection: async () => connection,
      playlistsApi: (c, projectId, signal) =>
        createPostHogClient({ ...c, signal }).project(projectId).playlists,
      trusted: fakeBrowser.storage.local,
    });
    const actions = createRecordingActions({
      playlists,
      session: fakeBrowser.storage.session,
      // As on Cloud: this PostHog refuses the key for adds, so each one goes through the tab at once.
      originTraits: cloudTraits,
      // As the session bridge does: the tab's request with its session, given up on the user's Cancel.
      forward: async (_origin, route, signal) => {
        try {
          const answer = await fetch(`${server.url}${route.path}`, {
            method: route.method,
            headers,
            ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
            ...(signal ? { signal } : {}),
          });
          const text = await answer.text();
          return { status: answer.status, body: text ? JSON.parse(text) : null };
        } catch {
          throw new AppError('network', { detail: 'stopped waiting' });
        }
      },
    });
    const pages: Record<number, string> = {
      4: `/project/1/replay/${loose}`,
      5: `/project/1/replay/${inCheckout}`,
      6: '/project/1/dashboard/1',
    };
    const quickAdd = createQuickAdd({
      actions,
      playlists,
      tabContext: async (tabId) => ({
        context: parsePageContext(`${server.url}${pages[tabId]}`, [server.url]),
      }),
      flash: async () => undefined,
      session: fakeBrowser.storage.session,
      openPopup: async () => undefined,
      openPickerWindow: async () => undefined,
    });
    await playlists.list({ source: 'server' });
    await playlists.markUsed(await playlists.scopeOf(), onboarding);
    server.clearRequests();
    return quickAdd;
  }

  /** The requests PostHog got to `path` (the add by default). */
  const writes = (path = ADD) =>
    server.requests.filter((request) => request.method === 'POST' && path.test(request.path));
  const sent = (path = ADD) =>
    vi.waitFor(() => expect(writes(path)).toHaveLength(1), { interval: 5, timeout: 5_000 });
  const serverHolds = async () => {
    const answer = await fetch(
      `${server.url}/api/projects/1/session_recording_playlists/${onboarding}/recordings/`,
      {
        headers: { authorization: `Bearer ${server.keys.all}` },
      },
    );
    const body = (await answer.json()) as { results: Array<{ id: string }> };
    return body.results.some((recording) => recording.id === loose);
  };

  it('stops an add PostHog had not made yet: the button is told so, and nothing is sent again', async () => {
    const quickAdd = await wired();
    server.setFault({ method: 'POST', path: ADD, fault: { type: 'latency', ms: 1_500 }, times: 1 });
    const added = quickAdd.fromPage({}, fromTab(4));
    await sent();
    expect(await quickAdd.cancelFromPage({}, fromTab(4))).toEqual({ cancelled: true });
    expect(await added).toMatchObject({
      added: false,
      undoable: false,
      message: expect.stringMatching(/^Stopped waiting\. PostHog had not made the change/),
    });
    expect(writes()).toHaveLength(1);
  });

  it('an add PostHog made although its answer was late ends as "Added", after one read', async () => {
    const quickAdd = await wired();
    server.setFault({
      method: 'POST',
      path: ADD,
      fault: { type: 'lose-answer', as: 'late', ms: 60_000 },
      times: 1,
    });
    const added = quickAdd.fromPage({}, fromTab(4));
    await sent();
    expect(await quickAdd.cancelFromPage({}, fromTab(4))).toEqual({ cancelled: true });
    expect(await added).toMatchObject({
      added: true,
      undoable: true,
      message: 'Added to Onboarding via your PostHog session. Open Hogmark to undo.',
    });
    expect(writes()).toHaveLength(1);
    expect(await serverHolds()).toBe(true);
  });

  it.each([
    ['another recording', 5],
    ['no recording', 6],
    ['no tab at all', undefined],
  ])('a page showing %s cannot stop the write', async (_name, tabId) => {
    const quickAdd = await wired();
    server.setFault({ method: 'POST', path: ADD, fault: { type: 'latency', ms: 300 }, times: 1 });
    const added = quickAdd.fromPage({}, fromTab(4));
    await sent();
    const sender = tabId === undefined ? { sender: { kind: 'content-script' as const } } : fromTab(tabId);
    expect(await quickAdd.cancelFromPage({}, sender)).toEqual({ cancelled: false });
    expect(await added).toMatchObject({ added: true });
    expect(await serverHolds()).toBe(true);
  });

  it('answers false when nothing of its recording is running', async () => {
    const quickAdd = await wired();
    expect(await quickAdd.cancelFromPage({}, fromTab(4))).toEqual({ cancelled: false });
  });

  it('stops an undo PostHog had not made yet: the button is told so, and nothing is sent again', async () => {
    const quickAdd = await wired();
    expect(await quickAdd.fromPage({}, fromTab(4))).toMatchObject({ added: true });
    server.setFault({ method: 'POST', path: REMOVE, fault: { type: 'latency', ms: 1_500 }, times: 1 });
    const undone = quickAdd.undoFromPage({}, fromTab(4));
    await sent(REMOVE);
    expect(await quickAdd.cancelFromPage({}, fromTab(4))).toEqual({ cancelled: true });
    expect(await undone).toMatchObject({
      undone: false,
      message: expect.stringMatching(/^Stopped waiting\. PostHog had not made the change/),
    });
    expect(writes(REMOVE)).toHaveLength(1);
  });
});
