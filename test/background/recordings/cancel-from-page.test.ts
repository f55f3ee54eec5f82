import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createQuickAdd } from '../../../lib/background/recordings/quick-add';
import { createRecordingActions } from '../../../lib/background/recordings/recording-actions';
import { AppError } from '../../../lib/platform/errors';
import { parsePageContext } from '../../../lib/posthog/context';
import { DEMO } from '../../fake-posthog/demo-ids';
import { type FakePostHog, startFakePostHog } from '../../fake-posthog/index';
import { cancellableCollections, cloudTraits } from '../../support/collections-background';
import { fromTab } from '../../support/from-tab';
import { installEnglishTranslator } from '../../support/i18n';
import { recordingRoute } from '../../support/recording-route';
import { serverHolds } from '../../support/server-holds';
import { signIn } from '../../support/sign-in';

beforeAll(installEnglishTranslator);

const { loose, inCheckout } = DEMO.recordings;
const { onboarding } = DEMO.playlists;
const ADD = recordingRoute(onboarding, loose);
/** An undo through the session on Cloud: `bulk_delete` (see recording-actions.ts). */
const REMOVE = new RegExp(`/session_recording_playlists/${onboarding}/recordings/bulk_delete/?$`);

describe('Cancel from the in-page button (posthog flavor: adds go through the signed-in tab)', () => {
  let server: FakePostHog;
  beforeEach(async () => {
    fakeBrowser.reset();
    server = await startFakePostHog({ flavor: 'posthog', seed: 'demo' });
  });
  afterEach(() => server.close());

  /** The services as the extension wires them (a Cancel stops the write's request); tab → its page. */
  async function wired() {
    // A signed-in PostHog tab's cookies, as the session relay sends them.
    const { cookie, csrf } = await signIn(server);
    const headers = { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' };
    const playlists = cancellableCollections(server);
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
      message: '✓ Onboarding',
      detail: expect.stringMatching(/^Added recording …\S+ to Onboarding via your PostHog session\.$/),
    });
    expect(writes()).toHaveLength(1);
    expect(await serverHolds(server, onboarding, loose)).toBe(true);
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
    expect(await serverHolds(server, onboarding, loose)).toBe(true);
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
