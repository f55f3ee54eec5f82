import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addRecordingRoute, CURRENT_USER_ROUTE } from '../../../lib/api/session-routes';
import { createQuietTabs, QUIET_TAB_PATH } from '../../../lib/background/session/quiet-tab';
import { quietTabsItem } from '../../../lib/background/session/quiet-tab-ids';
import { createSessionBridge, DEFAULT_CONTAINER } from '../../../lib/background/session/session-bridge';
import { createItemStore, type StorageAreaLike } from '../../../lib/platform/storage';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const ORIGIN = 'https://us.posthog.com';
const ROUTE = addRecordingRoute(1, 'eKdNnFRI', '0191dd9d-ec00-726b-b2a7-4de452e6b438');
const OWNER = '01900000-0000-7000-8000-000000000a1a';
const NOT_LISTENING = 'Could not establish connection. Receiving end does not exist.';
const OTHER_ROUTE = addRecordingRoute(1, 'zL3kQx9P', '0191dd9d-ec00-726b-b2a7-4de452e6b439');

type Window = { id?: number; incognito: boolean; type?: string };

interface BrowserOptions {
  /** The user's own PostHog tab, if one is open. */
  usersTab?: number;
  /** The user's tab has no content script (opened before Hogmark was installed). */
  usersTabDeaf?: boolean;
  lastFocused?: Window;
  windows?: Window[];
  createFails?: boolean;
  /** How many tries after the page loaded find no content script yet (`Infinity`: never one). */
  deafTries?: number;
  /** The content script's `accepted`. */
  accept?: boolean;
  /** The quiet tab's page loads by itself this soon after opening (else only on `load(tabId)`). */
  loadsAfterMs?: number;
  timeoutMs?: number;
  readyWithinMs?: number;
  /** How long the tab waits for the run's next request after its last (short here). */
  lingerMs?: number;
  /** `storage.session`, where the quiet tabs' ids are kept. */
  session?: StorageAreaLike;
  /** The first tab id the browser gives. */
  firstTabId?: number;
  /** Firefox's container of the user's own tab, and of the tabs Hogmark opens (default: Firefox's own). */
  usersTabContainer?: string;
  quietTabContainer?: string;
}

/**
 * `browser.tabs` and `browser.windows` as far as the quiet tab uses them, and content scripts that
 * take `session/request`: what the extension would do, recorded.
 */
function setup(options: BrowserOptions = {}) {
  const created: Array<{ url: string; active: boolean; windowId: number }> = [];
  const removed: number[] = [];
  /** Messages a content script took, by tab. */
  const delivered: Array<{ tabId: number; requestId: string; path: string }> = [];
  /** The tabs asked who is signed in there (`@me`), in order. */
  const asked: number[] = [];
  const status = new Map<number, string>();
  const updated = new Set<(tabId: number, change: { status?: string }) => void>();
  const gone = new Set<(tabId: number) => void>();
  const deafLeft = new Map<number, number>();
  let nextTabId = options.firstTabId ?? 100;
  let requestNumber = 0;

  function load(tabId: number) {
    if (!status.has(tabId)) return;
    status.set(tabId, 'complete');
    for (const listener of updated) listener(tabId, { status: 'complete' });
  }

  const quietTabs = createQuietTabs({
    tabs: {
      async create(properties) {
        if (options.createFails) throw new Error('Tabs cannot be edited right now.');
        created.push(properties);
        const tabId = nextTabId++;
        status.set(tabId, 'loading');
        deafLeft.set(tabId, options.deafTries ?? 1);
        if (options.loadsAfterMs !== undefined) setTimeout(() => load(tabId), options.loadsAfterMs);
        return { id: tabId };
      },
      async get(tabId) {
        const current = status.get(tabId);
        if (current === undefined) throw new Error(`No tab with id: ${tabId}.`);
        return { status: current };
      },
      async remove(tabId) {
        removed.push(tabId);
        status.delete(tabId);
        for (const listener of gone) listener(tabId);
      },
      onUpdated: { addListener: (l) => updated.add(l), removeListener: (l) => updated.delete(l) },
      onRemoved: { addListener: (l) => gone.add(l), removeListener: (l) => gone.delete(l) },
    },
    windows: {
      getLastFocused: async () => options.lastFocused ?? { id: 7, incognito: false, type: 'normal' },
      getAll: async () => options.windows ?? [],
    },
    readyWithinMs: options.readyWithinMs ?? 1000,
    retryDelaysMs: [5, 10, 20],
    lingerMs: options.lingerMs ?? 20,
    ...(options.session ? { session: options.session } : {}),
  });

  const bridge = createSessionBridge({
    // As the session room finds one: a kept change only from a tab of its container.
    findSessionTabs: async (_origin, { container }) =>
      options.usersTab !== undefined &&
      (container === undefined || container === (options.usersTabContainer ?? DEFAULT_CONTAINER))
        ? [{ tabId: options.usersTab, container: options.usersTabContainer ?? DEFAULT_CONTAINER }]
        : [],
    // Every page here is signed in as the key's owner: who it is is answered at once (session-bridge.test.ts).
    keyOwner: async () => OWNER,
    containerOf: async (tabId) =>
      tabId === options.usersTab
        ? (options.usersTabContainer ?? DEFAULT_CONTAINER)
        : (options.quietTabContainer ?? DEFAULT_CONTAINER),
    sendToTab: async (tabId, message) => {
      const quiet = tabId !== options.usersTab;
      if (quiet && status.get(tabId) !== 'complete') throw new Error(NOT_LISTENING);
      const deaf = quiet ? (deafLeft.get(tabId) ?? 0) : options.usersTabDeaf ? 1 : 0;
      if (deaf > 0) {
        if (quiet) deafLeft.set(tabId, deaf - 1);
        throw new Error(NOT_LISTENING);
      }
      const { requestId, path } = (message as { input: { requestId: string; path: string } }).input;
      if (path === CURRENT_USER_ROUTE.path) {
        asked.push(tabId);
        const sender = { kind: 'content-script' as const, tabId, url: `${ORIGIN}/replay/playlists` };
        queueMicrotask(() => bridge.reply({ requestId, status: 200, body: { uuid: OWNER } }, { sender }));
        return { ok: true, data: { accepted: options.accept ?? true } };
      }
      delivered.push({ tabId, requestId, path });
      return { ok: true, data: { accepted: options.accept ?? true } };
    },
    quietTabs,
    timeoutMs: options.timeoutMs ?? 1000,
    newRequestId: () => `0f8fad5b-d9cb-469f-a165-70867728950${requestNumber++}`,
  });

  /** The content script that took the request for `route` answers it. */
  function answer(route = ROUTE, status = 200, body: unknown = { success: true }) {
    const request = delivered.findLast((taken) => taken.path === route.path);
    if (!request) throw new Error(`${route.path} was not taken`);
    bridge.reply(
      { requestId: request.requestId, status, body },
      { sender: { kind: 'content-script', tabId: request.tabId, url: `${ORIGIN}/replay/playlists` } },
    );
  }

  return { bridge, created, removed, delivered, asked, load, answer, quietTabs };
}

describe('the session fallback with no PostHog tab open', () => {
  it('opens PostHog in the background of the last-focused window, asks once, and closes the tab on the answer', async () => {
    const browser = setup({ loadsAfterMs: 5 });
    const answer = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    expect(browser.created).toEqual([{ url: `${ORIGIN}${QUIET_TAB_PATH}`, active: false, windowId: 7 }]);
    // Who is signed in there first (request 0), then the request itself.
    expect(browser.asked).toEqual([100]);
    expect(browser.delivered).toEqual([
      { tabId: 100, requestId: '0f8fad5b-d9cb-469f-a165-708677289501', path: ROUTE.path },
    ]);
    // Open until the page has answered.
    expect(browser.removed).toEqual([]);
    browser.answer();
    await expect(answer).resolves.toEqual({ status: 200, body: { success: true }, quiet: true });
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
    expect(browser.delivered).toHaveLength(1);
  });

  it('sends nothing before the page has loaded, then tries again while the content script is not there yet', async () => {
    const browser = setup({ deafTries: 2 });
    const answer = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.created).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(browser.delivered).toEqual([]);
    browser.load(100);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    browser.answer();
    await expect(answer).resolves.toMatchObject({ status: 200, quiet: true });
  });

  it('uses the user’s own PostHog tab when one is open, and opens none', async () => {
    const browser = setup({ usersTab: 4 });
    const answer = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    browser.answer();
    const result = await answer;
    expect(result).toEqual({ status: 200, body: { success: true } });
    expect(result.quiet).toBeUndefined();
    expect(browser.delivered[0]?.tabId).toBe(4);
    expect(browser.created).toEqual([]);
    expect(browser.removed).toEqual([]);
  });

  it('opens one when the user’s PostHog tab has no content script (nothing was delivered there)', async () => {
    const browser = setup({ usersTab: 4, usersTabDeaf: true, loadsAfterMs: 5 });
    const answer = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    expect(browser.delivered[0]?.tabId).toBe(100);
    browser.answer();
    await expect(answer).resolves.toMatchObject({ quiet: true });
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
  });

  it('shares one tab between requests at the same time, and closes it when both are answered', async () => {
    const browser = setup({ loadsAfterMs: 5 });
    const first = browser.bridge.forward(ORIGIN, ROUTE);
    const second = browser.bridge.forward(ORIGIN, OTHER_ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(2));
    expect(browser.created).toHaveLength(1);
    expect(browser.delivered.map((request) => request.tabId)).toEqual([100, 100]);
    browser.answer();
    await expect(first).resolves.toMatchObject({ quiet: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(browser.removed).toEqual([]);
    browser.answer(OTHER_ROUTE, 201);
    await expect(second).resolves.toMatchObject({ status: 201, quiet: true });
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
    // The next request, after that, opens a tab of its own.
    const third = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(3));
    expect(browser.created).toHaveLength(2);
    browser.answer();
    await expect(third).resolves.toMatchObject({ quiet: true });
  });

  it('counts a reply only from the tab it opened', async () => {
    const browser = setup({ loadsAfterMs: 5, timeoutMs: 100 });
    const answer = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    const requestId = browser.delivered[0]?.requestId ?? '';
    expect(() =>
      browser.bridge.reply(
        { requestId, status: 200, body: { forged: true } },
        { sender: { kind: 'content-script', tabId: 4, url: `${ORIGIN}/` } },
      ),
    ).toThrow(expect.objectContaining({ kind: 'bad-message' }));
    await expect(answer).rejects.toMatchObject({ kind: 'timeout' });
  });

  it.each([
    ['the page declines the request (it is on another PostHog now)', { accept: false }, 'no-session-tab'],
    ['the page never answers', { timeoutMs: 30 }, 'timeout'],
    [
      'the content script never comes',
      { deafTries: Number.POSITIVE_INFINITY, readyWithinMs: 80 },
      'no-session-tab',
    ],
    ['the page never loads', { loadsAfterMs: undefined, readyWithinMs: 50 }, 'no-session-tab'],
  ] as const)('closes the tab when %s (%s)', async (_name, options, kind) => {
    const browser = setup({ loadsAfterMs: 5, ...options });
    await expect(browser.bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({ kind });
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
    expect(browser.delivered.length).toBeLessThanOrEqual(1);
  });

  it('closes the tab when the user stops waiting before it loaded, having sent nothing', async () => {
    const browser = setup();
    const controller = new AbortController();
    const answer = browser.bridge.forward(ORIGIN, ROUTE, controller.signal);
    await vi.waitFor(() => expect(browser.created).toHaveLength(1));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ kind: 'cancelled' });
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
    browser.load(100);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(browser.delivered).toEqual([]);
  });

  it('closes the tab when the user stops waiting for the answer: the outcome is then unknown', async () => {
    const browser = setup({ loadsAfterMs: 5, timeoutMs: 60_000 });
    const controller = new AbortController();
    const answer = browser.bridge.forward(ORIGIN, ROUTE, controller.signal);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ kind: 'network' });
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
  });

  it('keeps the tab for the other request when one of two stops waiting', async () => {
    const browser = setup({ loadsAfterMs: 5 });
    const controller = new AbortController();
    const first = browser.bridge.forward(ORIGIN, ROUTE, controller.signal);
    const second = browser.bridge.forward(ORIGIN, OTHER_ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(2));
    controller.abort();
    await expect(first).rejects.toMatchObject({ kind: 'network' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(browser.removed).toEqual([]);
    browser.answer(OTHER_ROUTE);
    await expect(second).resolves.toMatchObject({ quiet: true });
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
  });

  it.each([
    ['no tab can be opened', { createFails: true }],
    ['the only window is private', { lastFocused: { id: 8, incognito: true, type: 'normal' } }],
    ['there is no window', { lastFocused: { incognito: false } }],
  ] as const)('answers no-session-tab when %s, and opens no window', async (_name, options) => {
    const browser = setup(options);
    await expect(browser.bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({ kind: 'no-session-tab' });
    expect(browser.created).toEqual([]);
    expect(browser.delivered).toEqual([]);
    // Nothing stays behind: the next request tries again.
    expect(browser.quietTabs.isOpen(ORIGIN)).toBe(false);
  });

  it.each([
    ['a private window', { id: 8, incognito: true, type: 'normal' }],
    ['a popup (the picker window)', { id: 9, incognito: false, type: 'popup' }],
  ])('skips %s for another normal window', async (_name, lastFocused) => {
    const browser = setup({
      lastFocused,
      windows: [
        { id: 8, incognito: true, type: 'normal' },
        { id: 11, incognito: false, type: 'normal' },
      ],
      loadsAfterMs: 5,
    });
    const answer = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    expect(browser.created).toEqual([{ url: `${ORIGIN}${QUIET_TAB_PATH}`, active: false, windowId: 11 }]);
    browser.answer();
    await answer;
  });
});

describe('one quiet tab per run', () => {
  it('keeps the tab a moment after an answer: the run’s next request goes through it, then it closes', async () => {
    const browser = setup({ loadsAfterMs: 5, lingerMs: 200 });
    const first = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    browser.answer();
    await first;
    // The next recording of the run, right after: the same tab, no second one.
    const second = browser.bridge.forward(ORIGIN, OTHER_ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(2));
    browser.answer(OTHER_ROUTE);
    await second;
    expect(browser.created).toHaveLength(1);
    expect(browser.delivered.map((taken) => taken.tabId)).toEqual([100, 100]);
    expect(browser.removed).toEqual([]);
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
  });

  it('keeps which tabs are quiet in storage.session, and a new worker closes the ones left open', async () => {
    fakeBrowser.reset();
    const session = fakeBrowser.storage.session;
    const ids = createItemStore(session, quietTabsItem);
    const before = setup({ loadsAfterMs: 5, lingerMs: 60_000, session });
    const asked = before.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(before.delivered).toHaveLength(1));
    before.answer();
    await asked;
    await vi.waitFor(async () => expect((await ids.get()).tabIds).toEqual([100]));
    // The worker stops with the tab still open; the next one starts and closes it, and only it.
    const after = setup({ session, firstTabId: 200 });
    await after.quietTabs.closeLeftovers();
    expect(after.removed).toEqual([100]);
    expect((await ids.get()).tabIds).toEqual([]);
    await after.quietTabs.closeLeftovers();
    expect(after.removed).toEqual([100]);
  });
});

describe('a quiet tab the user brought to the front', () => {
  it('is theirs: not closed after the run, nor kept as quiet', async () => {
    fakeBrowser.reset();
    const session = fakeBrowser.storage.session;
    const ids = createItemStore(session, quietTabsItem);
    const browser = setup({ loadsAfterMs: 5, lingerMs: 50, session });
    const asked = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    await browser.quietTabs.takenOver(100);
    // The request on its way finishes there.
    browser.answer();
    await asked;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(browser.removed).toEqual([]);
    expect((await ids.get()).tabIds).toEqual([]);
    expect(browser.quietTabs.owns(100)).toBe(false);
    // A new worker has nothing of it to close.
    const after = setup({ session, firstTabId: 200 });
    await after.quietTabs.closeLeftovers();
    expect(after.removed).toEqual([]);
  });

  it('left by a stopped worker, is not closed on the next start; another tab to the front changes nothing', async () => {
    fakeBrowser.reset();
    const session = fakeBrowser.storage.session;
    const ids = createItemStore(session, quietTabsItem);
    await ids.set({ version: 1, tabIds: [100, 101] });
    const after = setup({ session, firstTabId: 200 });
    await after.quietTabs.takenOver(100);
    await after.quietTabs.takenOver(7);
    await after.quietTabs.closeLeftovers();
    expect(after.removed).toEqual([101]);
    expect((await ids.get()).tabIds).toEqual([]);
  });
});

describe('a change kept in a Firefox container', () => {
  const WORK = 'firefox-container-1';

  it('goes through the user’s PostHog tab of that container', async () => {
    const browser = setup({ usersTab: 4, usersTabContainer: WORK });
    const answer = browser.bridge.forward(ORIGIN, ROUTE, undefined, { container: WORK });
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    expect(browser.delivered[0]?.tabId).toBe(4);
    browser.answer();
    await expect(answer).resolves.toMatchObject({ status: 200 });
    expect(browser.created).toEqual([]);
  });

  it('waits for a PostHog tab of its container: none of another container, and no quiet tab', async () => {
    // The only PostHog tab is in Firefox's own container, maybe signed in as someone else.
    const browser = setup({ usersTab: 4, loadsAfterMs: 5 });
    await expect(browser.bridge.forward(ORIGIN, ROUTE, undefined, { container: WORK })).rejects.toMatchObject(
      {
        kind: 'no-session-tab',
      },
    );
    expect(browser.delivered).toEqual([]);
    expect(browser.created).toEqual([]);
  });

  it('kept in Firefox’s own container, goes through a quiet tab when no PostHog tab is open', async () => {
    const browser = setup({ loadsAfterMs: 5 });
    const answer = browser.bridge.forward(ORIGIN, ROUTE, undefined, { container: DEFAULT_CONTAINER });
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    browser.answer();
    await expect(answer).resolves.toMatchObject({ status: 200, quiet: true });
  });

  it('sends nothing through a quiet tab that opened in another container (another extension moved it)', async () => {
    const browser = setup({ loadsAfterMs: 5, quietTabContainer: WORK });
    await expect(
      browser.bridge.forward(ORIGIN, ROUTE, undefined, { container: DEFAULT_CONTAINER }),
    ).rejects.toMatchObject({ kind: 'no-session-tab' });
    expect(browser.delivered).toEqual([]);
    await vi.waitFor(() => expect(browser.removed).toEqual([100]));
  });

  it('a change from Chromium (no container) goes through any PostHog tab, as before', async () => {
    const browser = setup({ usersTab: 4, usersTabContainer: WORK });
    const answer = browser.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(browser.delivered).toHaveLength(1));
    browser.answer();
    await expect(answer).resolves.toMatchObject({ status: 200 });
  });
});
