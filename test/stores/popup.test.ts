import { beforeAll, describe, expect, it } from 'vitest';
import type { PopupOpen, Status } from '../../lib/messaging/messages';
import { requestPopupOpen, tabIdFromSearch } from '../../lib/messaging/popup-open-request';
import { AppError } from '../../lib/platform/errors';
import { createPopupStore, postHogHomeLink } from '../../lib/stores/popup';
import { deferred } from '../support/deferred';
import { type Answers, fakeBackground } from '../support/fake-background';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const CONFIGURED: Status = {
  configured: true,
  origin: US,
  maskedKey: 'phx_…a1B2',
  projectId: 1,
  projectName: 'Main',
};
/** What `popup/open` says of the tab. */
type TabView = Pick<PopupOpen, 'context' | 'hints'>;
const RECORDING_VIEW: TabView = {
  context: { kind: 'recording', origin: US, projectId: 1, recordingId: REC },
  hints: { title: 'Checkout flow', currentSecond: 12 },
};

const NO_SESSION = { pick: null, lastAction: null };
/** `popup/open`'s answer for a status and a tab view. */
const opened = (status: Status, view: TabView = { context: null, hints: {} }): PopupOpen => ({
  status,
  ...view,
  session: NO_SESSION,
  playlists: null,
});

function storeFor(
  answers: Answers,
  tab: { id?: number } = { id: 7 },
  more: Partial<Parameters<typeof createPopupStore>[0]> = {},
) {
  const background = fakeBackground(answers);
  const store = createPopupStore({
    send: background.send,
    openOptions: async () => undefined,
    getTabId: async () => tab.id,
    ...more,
  });
  return { store, sent: background.sent };
}

describe('popup store, first view from the stores', () => {
  const storedView = opened(CONFIGURED, RECORDING_VIEW);
  /** A store whose stores' view is ready while the background's answer is still to come. */
  const paintedFromStores = (
    background: { promise: Promise<PopupOpen> },
    more: Partial<Parameters<typeof createPopupStore>[0]> = {},
  ) => storeFor({}, { id: 7 }, { opening: background.promise, stored: Promise.resolve(storedView), ...more });

  it('paints the view made from the stores while the background is still starting', async () => {
    const background = deferred<PopupOpen>();
    const sources: string[] = [];
    const { store } = paintedFromStores(background, { onFirstView: (source) => sources.push(source) });
    await store.load();
    expect(store.state.value).toEqual({ phase: 'ready', status: CONFIGURED, ...RECORDING_VIEW });
    expect(sources).toEqual(['stores']);
    background.resolve(storedView);
  });

  it('paints nothing again when the background answers the same', async () => {
    const background = deferred<PopupOpen>();
    const given: PopupOpen[] = [];
    const { store } = paintedFromStores(background, { onOpen: (answer) => given.push(answer) });
    await store.load();
    const painted = store.state.value;
    background.resolve(structuredClone(storedView));
    await background.promise;
    await Promise.resolve();
    // Not even a new object: nothing that renders from the state renders again.
    expect(store.state.value).toBe(painted);
    // The other stores are told the answer without a list (the picker has painted its own already).
    expect(given.map((answer) => answer.playlists)).toEqual([null, null]);
    expect(given).toHaveLength(2);
  });

  it('follows the background where it differs: a key forgotten meanwhile turns to the setup', async () => {
    const background = deferred<PopupOpen>();
    const { store } = storeFor(
      {},
      { id: 7 },
      { opening: background.promise, stored: Promise.resolve(storedView) },
    );
    await store.load();
    background.resolve(opened({ configured: false }, RECORDING_VIEW));
    await background.promise;
    await Promise.resolve();
    expect(store.state.value).toEqual({ phase: 'setup' });
  });

  it('takes the background’s answer only once the stores’ view is painted', async () => {
    const background = deferred<PopupOpen>();
    const painted = deferred<void>();
    const given: PopupOpen[] = [];
    const { store } = paintedFromStores(background, {
      onOpen: (answer) => given.push(answer),
      afterPaint: () => painted.promise,
    });
    await store.load();
    const first = store.state.value;
    background.resolve(opened({ configured: false }, RECORDING_VIEW));
    await background.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The answer is in, the frame is not: nothing is checked or re-rendered before it.
    expect(store.state.value).toBe(first);
    expect(given).toHaveLength(1);
    painted.resolve();
    await painted.promise;
    await Promise.resolve();
    expect(store.state.value).toEqual({ phase: 'setup' });
    expect(given).toHaveLength(2);
  });

  it('drops an answer that comes after a retry began, once painted as well', async () => {
    const background = deferred<PopupOpen>();
    const painted = deferred<void>();
    const { store } = storeFor(
      { 'popup/open': opened(CONFIGURED) },
      { id: 7 },
      { opening: background.promise, stored: Promise.resolve(storedView), afterPaint: () => painted.promise },
    );
    await store.load();
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: null });
    background.resolve(opened({ configured: false }, RECORDING_VIEW));
    painted.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.state.value).toMatchObject({ phase: 'ready', context: null });
  });

  it('waits for the background when the stores cannot say', async () => {
    const background = deferred<PopupOpen>();
    const sources: string[] = [];
    const { store } = storeFor(
      {},
      { id: 7 },
      {
        opening: background.promise,
        stored: Promise.resolve(null),
        onFirstView: (source) => sources.push(source),
      },
    );
    const loading = store.load();
    await Promise.resolve();
    expect(store.state.value).toEqual({ phase: 'loading' });
    background.resolve(opened(CONFIGURED));
    await loading;
    expect(store.state.value).toMatchObject({ phase: 'ready', context: null });
    expect(sources).toEqual(['background']);
  });

  it('reports the background’s failure only when the stores cannot say either', async () => {
    const failing = Promise.reject(new AppError('bad-message'));
    failing.catch(() => undefined);
    const { store } = storeFor({}, { id: 7 }, { opening: failing, stored: Promise.resolve(null) });
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'error', error: { kind: 'bad-message' } });

    const again = Promise.reject(new AppError('bad-message'));
    again.catch(() => undefined);
    const painted = storeFor({}, { id: 7 }, { opening: again, stored: Promise.resolve(storedView) });
    await painted.store.load();
    expect(painted.store.state.value).toMatchObject({ phase: 'ready', context: { kind: 'recording' } });
  });
});

describe('popup store', () => {
  it('starts loading', () => {
    const { store } = storeFor({});
    expect(store.state.value).toEqual({ phase: 'loading' });
    expect(store.busy.value).toBe(true);
  });

  it("shows the context of the popup's tab when a key is set, from one message", async () => {
    const { store, sent } = storeFor({ 'popup/open': opened(CONFIGURED, RECORDING_VIEW) });
    await store.load();
    expect(store.state.value).toEqual({ phase: 'ready', status: CONFIGURED, ...RECORDING_VIEW });
    expect(sent).toEqual([{ type: 'popup/open', input: { tabId: 7 } }]);
    expect(store.busy.value).toBe(false);
  });

  it('hands the whole answer on before it turns ready, so the picker paints in the same frame', async () => {
    const answer = {
      ...opened(CONFIGURED, RECORDING_VIEW),
      playlists: {
        recording: { recordingId: REC, projectId: 1 },
        list: { projectId: 1, fetchedAt: 1, playlists: [], recent: [], membership: null },
      },
    };
    const phases: string[] = [];
    const { store, sent } = storeFor(
      { 'popup/open': answer },
      { id: 7 },
      {
        recording: { recordingId: REC, projectId: 1 },
        onOpen: (given) => {
          phases.push(store.state.value.phase);
          expect(given).toEqual(answer);
        },
      },
    );
    await store.load();
    expect(phases).toEqual(['loading']);
    expect(sent).toEqual([
      { type: 'popup/open', input: { tabId: 7, recording: { recordingId: REC, projectId: 1 } } },
    ]);
  });

  it('has no context (the empty state) on a page that is not PostHog', async () => {
    const { store } = storeFor({ 'popup/open': opened(CONFIGURED) });
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: null, hints: {} });
  });

  it('names no tab when there is none', async () => {
    const { store, sent } = storeFor({ 'popup/open': opened(CONFIGURED) }, {});
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: null });
    expect(sent).toEqual([{ type: 'popup/open', input: {} }]);
  });

  it('asks for setup when no key is set, whatever the tab shows', async () => {
    const { store } = storeFor({ 'popup/open': opened({ configured: false }, RECORDING_VIEW) });
    await store.load();
    expect(store.state.value).toEqual({ phase: 'setup' });
  });

  it('turns a failure into one sentence, and loads again on retry', async () => {
    let fail = true;
    const { store } = storeFor({
      'popup/open': async () => (fail ? new AppError('bad-message') : opened(CONFIGURED, RECORDING_VIEW)),
    });
    await store.load();
    expect(store.state.value).toMatchObject({
      phase: 'error',
      error: {
        kind: 'bad-message',
        message: 'Hogmark refused a malformed request. Reload the page and try again.',
      },
    });
    fail = false;
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: { kind: 'recording' } });
  });

  it('reports a background that cannot be reached', async () => {
    const { store } = storeFor({
      'popup/open': async () => {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      },
    });
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'error', error: { kind: 'unknown' } });
  });

  it('keeps the answer of the latest load when an earlier one finishes last', async () => {
    const firstAnswer = deferred<PopupOpen>();
    let calls = 0;
    const opens: unknown[] = [];
    const { store } = storeFor(
      {
        'popup/open': async () => {
          calls += 1;
          if (calls === 1) return firstAnswer.promise;
          return opened({ configured: false });
        },
      },
      { id: 7 },
      { onOpen: (answer) => opens.push(answer.status) },
    );
    const first = store.load();
    await store.load();
    firstAnswer.resolve(opened(CONFIGURED, RECORDING_VIEW));
    await first;
    expect(store.state.value).toEqual({ phase: 'setup' });
    expect(opens).toEqual([{ configured: false }]);
  });
});

describe('popup store: the first answer sent ahead', () => {
  it('takes the answer the page asked for before the store existed, without asking again', async () => {
    const { store, sent } = storeFor(
      { 'popup/open': opened({ configured: false }) },
      { id: 7 },
      { opening: Promise.resolve(opened(CONFIGURED, RECORDING_VIEW)) as never },
    );
    await store.load();
    expect(store.state.value).toEqual({ phase: 'ready', status: CONFIGURED, ...RECORDING_VIEW });
    expect(sent).toEqual([]);
  });

  it('asks anew on a retry after the early answer failed', async () => {
    const { store, sent } = storeFor(
      { 'popup/open': opened(CONFIGURED, RECORDING_VIEW) },
      { id: 7 },
      { opening: Promise.reject(new AppError('network')) },
    );
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'error', error: { kind: 'network' } });
    expect(sent).toEqual([]);
    await store.load();
    expect(store.state.value).toMatchObject({ phase: 'ready', context: { kind: 'recording' } });
    expect(sent).toEqual([{ type: 'popup/open', input: { tabId: 7 } }]);
  });
});

describe('requestPopupOpen', () => {
  it('sends during the call when the tab is known at once, before any later microtask', () => {
    const { send, sent } = fakeBackground({ 'popup/open': opened(CONFIGURED) });
    void requestPopupOpen({ send, getTabId: () => 7, recording: { recordingId: REC, projectId: 1 } });
    expect(sent).toEqual([
      { type: 'popup/open', input: { tabId: 7, recording: { recordingId: REC, projectId: 1 } } },
    ]);
  });

  it('waits for a tab id that comes later (the active tab), and sends without one when there is none', async () => {
    const { send, sent } = fakeBackground({ 'popup/open': opened({ configured: false }) });
    const later = requestPopupOpen({ send, getTabId: async () => 9 });
    expect(sent).toEqual([]);
    await later;
    await requestPopupOpen({ send, getTabId: () => undefined });
    expect(sent).toEqual([
      { type: 'popup/open', input: { tabId: 9 } },
      { type: 'popup/open', input: {} },
    ]);
  });

  it('turns a failure to find the tab into a rejected answer, not a throw', async () => {
    const { send } = fakeBackground({ 'popup/open': opened(CONFIGURED) });
    const answer = requestPopupOpen({
      send,
      getTabId: () => {
        throw new Error('no tabs API');
      },
    });
    await expect(answer).rejects.toThrow('no tabs API');
  });
});

describe('popup store following its tab', () => {
  const DASHBOARD_VIEW: TabView = {
    context: { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 3 },
    hints: {},
  };

  it('repaints the header when the page’s name or second arrives after the first paint', async () => {
    const { store } = storeFor({ 'popup/open': opened(CONFIGURED, DASHBOARD_VIEW) });
    await store.load();
    store.follow({ ...DASHBOARD_VIEW, hints: { title: 'Product KPIs' } } as never);
    expect(store.state.value).toMatchObject({ phase: 'ready', hints: { title: 'Product KPIs' } });

    const recording = storeFor({ 'popup/open': opened(CONFIGURED, RECORDING_VIEW) });
    await recording.store.load();
    const later = { context: { ...RECORDING_VIEW.context, t: 40 }, hints: { currentSecond: 41 } };
    recording.store.follow(later as never);
    expect(recording.store.state.value).toMatchObject(later);
  });

  it('keeps its page when the tab has moved to another one, and ignores views before it is ready', async () => {
    const { store } = storeFor({ 'popup/open': opened(CONFIGURED, DASHBOARD_VIEW) });
    store.follow({ ...DASHBOARD_VIEW, hints: { title: 'Early' } } as never);
    expect(store.state.value).toEqual({ phase: 'loading' });
    await store.load();
    store.follow(RECORDING_VIEW as never);
    store.follow({
      context: { ...DASHBOARD_VIEW.context, dashboardId: 4 },
      hints: { title: 'Other' },
    } as never);
    store.follow({ context: null, hints: {} });
    expect(store.state.value).toMatchObject({ phase: 'ready', ...DASHBOARD_VIEW });

    const empty = storeFor({ 'popup/open': opened(CONFIGURED) });
    await empty.store.load();
    empty.store.follow(DASHBOARD_VIEW as never);
    expect(empty.store.state.value).toMatchObject({ phase: 'ready', context: null });
  });
});

describe('tabIdFromSearch', () => {
  it.each([
    ['?tabId=12', 12],
    ['?x=1&tabId=0', 0],
    ['', undefined],
    ['?tabId=', undefined],
    ['?tabId=-1', undefined],
    ['?tabId=1.5', undefined],
    ['?tabId=12abc', undefined],
    ['?tabId=99999999999', undefined],
  ])('%j → %s', (search, expected) => {
    expect(tabIdFromSearch(search)).toBe(expected);
  });

  it('reads the tab a picker window was opened from only from `from`', () => {
    expect(tabIdFromSearch('?recording=x&project=1&from=7', 'from')).toBe(7);
    expect(tabIdFromSearch('?recording=x&project=1&from=7')).toBeUndefined();
    expect(tabIdFromSearch('?from=7%20', 'from')).toBeUndefined();
  });
});

describe('postHogHomeLink', () => {
  it("opens the configured project's home, or the app when no project is chosen", () => {
    expect(postHogHomeLink({ origin: US, projectId: 1 })).toBe(`${US}/project/1`);
    expect(postHogHomeLink({ origin: 'https://posthog.example.com' })).toBe('https://posthog.example.com');
    expect(postHogHomeLink({})).toBe(US);
  });
});
