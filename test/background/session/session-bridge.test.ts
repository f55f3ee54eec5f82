import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addRecordingRoute, removeRecordingRoute } from '../../../lib/api/session-routes';
import type { QuietTabs } from '../../../lib/background/session/quiet-tab';
import {
  createSessionBridge,
  type KeptFor,
  type SessionTab,
  sessionOf,
} from '../../../lib/background/session/session-bridge';
import type { AppError } from '../../../lib/platform/errors';
import type { StorageAreaLike } from '../../../lib/platform/storage';
import { fromTab } from '../../support/from-tab';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const ORIGIN = 'https://us.posthog.com';
const ROUTE = addRecordingRoute(1, 'eKdNnFRI', '0191dd9d-ec00-726b-b2a7-4de452e6b438');

const ANA = '01900000-0000-7000-8000-000000000a1a';
const BEN = '01900000-0000-7000-8000-000000000b2b';

/** Who each tab's PostHog session is: a user (uuid, email), or an answer to `@me` of a tab not signed in. */
type Session = { uuid: string; email?: string } | { status: number };

function setup(
  options: {
    tabs?: SessionTab[];
    accept?: boolean;
    fail?: boolean;
    timeoutMs?: number;
    /** Each tab's session (default: Ana, the key's owner, everywhere). */
    sessions?: Record<number, Session>;
    /** `@me` is left for the test to answer. */
    answerMeByHand?: boolean;
    quietTabs?: QuietTabs;
    containerOf?: (tabId: number) => Promise<string | undefined>;
    /** `storage.session`, shared by the runs of one test (a worker stopped and started again). */
    keptUsers?: StorageAreaLike;
  } = {},
) {
  const sent: Array<{ tabId: number; message: unknown }> = [];
  /** The tabs asked who they are, in order. */
  const whoAsked: number[] = [];
  const found: Array<Pick<KeptFor, 'container' | 'private'>> = [];
  let requestNumber = 0;
  const bridge = createSessionBridge({
    findSessionTabs: async (_origin, where) => {
      found.push(where);
      return options.tabs ?? [{ tabId: 4 }];
    },
    keyOwner: async () => ANA,
    sendToTab: async (tabId, message) => {
      if (options.fail) throw new Error('Could not establish connection. Receiving end does not exist.');
      const { requestId, path } = (message as { input: { requestId: string; path: string } }).input;
      if (path === '/api/users/@me/' && !options.answerMeByHand) {
        whoAsked.push(tabId);
        const session = options.sessions?.[tabId] ?? { uuid: ANA, email: 'ana@example.com' };
        const answer =
          'uuid' in session ? { status: 200, body: session } : { status: session.status, body: {} };
        queueMicrotask(() => bridge.reply({ requestId, ...answer }, fromTab(tabId)));
      } else {
        sent.push({ tabId, message });
      }
      return { ok: true, data: { accepted: options.accept ?? true } };
    },
    timeoutMs: options.timeoutMs ?? 1000,
    ...(options.keptUsers ? { keptUsers: options.keptUsers } : {}),
    newRequestId: () => `0f8fad5b-d9cb-469f-a165-70867728950${requestNumber++}`,
    quietTabs: options.quietTabs,
    containerOf: options.containerOf,
  });
  return { bridge, sent, whoAsked, found };
}

/** Hogmark's quiet tabs as the bridge sees them: one open on ORIGIN or none, the ids it owns, tab 99 lent. */
function quiet(options: { open: boolean; owned?: number[] }) {
  const release = vi.fn();
  const quietTabs = {
    isOpen: (origin: string) => options.open && origin === ORIGIN,
    owns: (tabId: number) => (options.owned ?? [99]).includes(tabId),
    borrow: async () => ({ tabId: 99, deliver: <T>(attempt: () => Promise<T>) => attempt(), release }),
  } as unknown as QuietTabs;
  return { quietTabs, release };
}

const idOf = (sent: Array<{ message: unknown }>, index: number) =>
  (sent[index] as { message: { input: { requestId: string } } }).message.input.requestId;
const requests = (sent: Array<{ message: unknown }>) =>
  sent.map(({ message }) => {
    const { method, path } = (message as { input: { method: string; path: string } }).input;
    return `${method} ${path}`;
  });

describe('session bridge', () => {
  it('sends the allow-listed request to the tab and resolves with its reply', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      tabId: 4,
      message: {
        type: 'session/request',
        input: {
          requestId: '0f8fad5b-d9cb-469f-a165-708677289501',
          origin: ORIGIN,
          method: 'POST',
          path: ROUTE.path,
          body: {},
        },
      },
    });
    bridge.reply(
      { requestId: '0f8fad5b-d9cb-469f-a165-708677289501', status: 200, body: { success: true } },
      fromTab(4),
    );
    await expect(answer).resolves.toEqual({ status: 200, body: { success: true } });
  });

  it('ignores replies from another tab or for unknown requests', async () => {
    const { bridge, sent } = setup({ timeoutMs: 50 });
    const answer = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const requestId = idOf(sent, 0);
    expect(() => bridge.reply({ requestId, status: 200, body: {} }, fromTab(9))).toThrow(
      expect.objectContaining({ kind: 'bad-message', detail: 'unexpected session reply' }),
    );
    expect(() =>
      bridge.reply({ requestId: crypto.randomUUID(), status: 200, body: {} }, fromTab(4)),
    ).toThrow();
    await expect(answer).rejects.toMatchObject({ kind: 'timeout', detail: 'no reply from the PostHog tab' });
    expect(() => bridge.reply({ requestId, status: 200, body: {} }, fromTab(4))).toThrow();
  });

  it('ignores a reply from the asked tab once it shows another origin, and takes the right one after', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const requestId = idOf(sent, 0);
    const elsewhere = {
      sender: { kind: 'content-script' as const, tabId: 4, url: 'https://eu.posthog.com/' },
    };
    expect(() => bridge.reply({ requestId, status: 200, body: { forged: true } }, elsewhere)).toThrow(
      expect.objectContaining({ kind: 'bad-message' }),
    );
    const noUrl = { sender: { kind: 'content-script' as const, tabId: 4 } };
    expect(() => bridge.reply({ requestId, status: 200, body: {} }, noUrl)).toThrow();
    bridge.reply({ requestId, status: 200, body: { success: true } }, fromTab(4));
    await expect(answer).resolves.toEqual({ status: 200, body: { success: true } });
  });

  it('stops waiting when the user cancels: the outcome is then unknown, not a failure', async () => {
    const { bridge, sent } = setup({ timeoutMs: 60_000 });
    const controller = new AbortController();
    const answer = bridge.forward(ORIGIN, ROUTE, controller.signal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(answer).rejects.toMatchObject({ kind: 'network', detail: 'stopped waiting' });
  });

  it('refuses a route outside the allow-list without sending anything', async () => {
    const { bridge, sent } = setup();
    await expect(
      bridge.forward(ORIGIN, { method: 'POST', path: '/api/projects/1/dashboards/' }),
    ).rejects.toMatchObject({
      kind: 'bad-message',
      detail: 'route not forwardable',
    });
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['there is no PostHog tab', { tabs: [] }],
    ['the tab has no content script', { fail: true }],
  ])('answers no-session-tab when %s (and no tab can be opened)', async (_name, options) => {
    const { bridge } = setup(options);
    await expect(bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({ kind: 'no-session-tab' });
  });

  it('answers no-session-tab when the content script declines: its page is not that PostHog now', async () => {
    const { bridge } = setup({ accept: false });
    await expect(bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({
      kind: 'no-session-tab',
      detail: 'the PostHog tab declined the request',
    });
  });
});

describe('every request through a page goes only as the key’s owner, or the user a kept change is for', () => {
  it('asks the tab who it is first, once per tab per run, then makes the change', async () => {
    const { bridge, sent, whoAsked } = setup();
    const first = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply({ requestId: idOf(sent, 0), status: 200, body: { success: true } }, fromTab(4));
    await expect(first).resolves.toEqual({ status: 200, body: { success: true } });
    const second = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    bridge.reply({ requestId: idOf(sent, 1), status: 200, body: { success: true } }, fromTab(4));
    await second;
    expect(whoAsked).toEqual([4]);
    expect(requests(sent)).toEqual([`POST ${ROUTE.path}`, `POST ${ROUTE.path}`]);
  });

  /** A `storage.session` of plain values, as the browser keeps them (copies, not the objects set). */
  function memoryArea(): StorageAreaLike {
    const data: Record<string, unknown> = {};
    const list = (keys: string | string[]) => (Array.isArray(keys) ? keys : [keys]);
    return {
      get: async (keys) =>
        Object.fromEntries(
          list(keys)
            .filter((key) => key in data)
            .map((key) => [key, structuredClone(data[key])]),
        ),
      set: async (items) => void Object.assign(data, structuredClone(items)),
      remove: async (keys) => {
        for (const key of list(keys)) delete data[key];
      },
    };
  }

  async function addThrough(run: ReturnType<typeof setup>) {
    const answer = run.bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(run.sent).toHaveLength(1));
    run.bridge.reply({ requestId: idOf(run.sent, 0), status: 200, body: {} }, fromTab(4));
    await answer;
  }

  it('after the worker stopped and started again, takes who the tab is from storage.session: no second `@me`', async () => {
    const keptUsers = memoryArea();
    const first = setup({ keptUsers });
    await addThrough(first);
    const next = setup({ keptUsers });
    await addThrough(next);
    expect(first.whoAsked).toEqual([4]);
    expect(next.whoAsked).toEqual([]);
    expect(requests(next.sent)).toEqual([`POST ${ROUTE.path}`]);
  });

  it('asks again in the next run when the tab loaded a page or closed before the stop', async () => {
    const keptUsers = memoryArea();
    const first = setup({ keptUsers });
    await addThrough(first);
    first.bridge.forgetTab(4);
    const next = setup({ keptUsers });
    await addThrough(next);
    expect(next.whoAsked).toEqual([4]);
  });

  it('asks again when the tab loads a page just as the next run starts, before the kept answer is read', async () => {
    const keptUsers = memoryArea();
    await addThrough(setup({ keptUsers }));
    const next = setup({ keptUsers });
    next.bridge.forgetTab(4);
    await addThrough(next);
    expect(next.whoAsked).toEqual([4]);
  });

  it('asks again once the tab has loaded a page (a sign-in as someone else loads one)', async () => {
    const { bridge, sent, whoAsked } = setup();
    const first = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply({ requestId: idOf(sent, 0), status: 200, body: {} }, fromTab(4));
    await first;
    bridge.forgetTab(4);
    bridge.forward(ORIGIN, ROUTE).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(whoAsked).toEqual([4, 4]);
  });

  it('a change asked now never goes through a tab signed in as someone else, and says who is there', async () => {
    const { bridge, sent } = setup({ sessions: { 4: { uuid: BEN, email: 'ben@example.com' } } });
    const error = await bridge.forward(ORIGIN, ROUTE).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'other-user', signedInAs: 'ben@example.com' });
    expect((error as AppError).userMessage()).toBe(
      'PostHog in this browser is signed in as ben@example.com, not as the owner of Hogmark’s key, so Hogmark did not make the change as them. Sign in to PostHog as the key’s owner, then try again.',
    );
    expect(sent).toEqual([]);
  });

  it('a kept change goes as the user it was kept for, not as whoever owns the key now', async () => {
    const { bridge, sent } = setup({ sessions: { 4: { uuid: ANA } } });
    await expect(bridge.forward(ORIGIN, ROUTE, undefined, { user: BEN })).rejects.toMatchObject({
      kind: 'other-user',
    });
    expect(sent).toEqual([]);
    const kept = setup({ sessions: { 4: { uuid: BEN } } });
    kept.bridge.forward(ORIGIN, ROUTE, undefined, { user: BEN }).catch(() => undefined);
    await vi.waitFor(() => expect(kept.sent).toHaveLength(1));
  });

  it('a tab not signed in answers as the change would have been answered, and the change is not sent', async () => {
    const { bridge, sent } = setup({ sessions: { 4: { status: 401 } } });
    await expect(bridge.forward(ORIGIN, ROUTE)).resolves.toMatchObject({ status: 401 });
    expect(sent).toEqual([]);
  });

  it('a signed-in answer without a uuid is nobody to trust: nothing is sent', async () => {
    const { bridge, sent } = setup({ answerMeByHand: true });
    const answer = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply({ requestId: idOf(sent, 0), status: 200, body: { email: 'ana@example.com' } }, fromTab(4));
    await expect(answer).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(requests(sent)).toEqual(['GET /api/users/@me/']);
  });

  it('in Firefox, goes through the container signed in as the owner, asking one tab per container', async () => {
    const { bridge, sent, whoAsked } = setup({
      tabs: [
        { tabId: 4, container: 'firefox-container-1' },
        { tabId: 5, container: 'firefox-container-1' },
        { tabId: 6, container: 'firefox-default' },
      ],
      sessions: { 4: { uuid: BEN, email: 'ben@example.com' }, 6: { uuid: ANA } },
    });
    bridge.forward(ORIGIN, ROUTE).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(whoAsked).toEqual([4, 6]);
    expect(sent[0]?.tabId).toBe(6);
  });

  it('names who is signed in elsewhere before saying signed out, when no tab is the owner', async () => {
    const { bridge } = setup({
      tabs: [
        { tabId: 4, container: 'firefox-container-1' },
        { tabId: 6, container: 'firefox-default' },
      ],
      sessions: { 4: { uuid: BEN, email: 'ben@example.com' }, 6: { status: 403 } },
    });
    await expect(bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({
      kind: 'other-user',
      signedInAs: 'ben@example.com',
    });
  });

  it('a change asked in a private window looks only for private PostHog tabs, and never opens one', async () => {
    const { bridge, found } = setup({ tabs: [] });
    await expect(bridge.forward(ORIGIN, ROUTE, undefined, { private: true })).rejects.toMatchObject({
      kind: 'private-window',
      detail: 'no private PostHog tab',
    });
    expect(found).toEqual([{ private: true }]);
  });
});

describe('Hogmark\u2019s quiet tab beside the user\u2019s own', () => {
  const CONTAINER = 'firefox-container-2';

  it('is shared by a request while it is open on the origin: the user\u2019s tabs are not looked for', async () => {
    const { bridge, found, whoAsked, sent } = setup({ quietTabs: quiet({ open: true }).quietTabs });
    bridge.forward(ORIGIN, ROUTE).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(found).toEqual([]);
    expect(whoAsked).toEqual([99]);
    expect(sent[0]?.tabId).toBe(99);
  });

  it('is shared the same by a change asked in Firefox\u2019s own container', async () => {
    const { bridge, found, sent } = setup({
      quietTabs: quiet({ open: true }).quietTabs,
      containerOf: async () => 'firefox-default',
    });
    bridge.forward(ORIGIN, ROUTE, undefined, { container: 'firefox-default' }).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(found).toEqual([]);
    expect(sent[0]?.tabId).toBe(99);
  });

  it.each<[string, KeptFor, SessionTab]>([
    ['another container, through a tab of it', { container: CONTAINER }, { tabId: 4, container: CONTAINER }],
    ['a private window, through a private tab', { private: true }, { tabId: 4 }],
  ])('is not taken for a change asked in %s, even while open', async (_name, keptFor, tab) => {
    const { bridge, found, sent } = setup({ quietTabs: quiet({ open: true }).quietTabs, tabs: [tab] });
    bridge.forward(ORIGIN, ROUTE, undefined, keptFor).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(found).toEqual([keptFor]);
    expect(sent[0]?.tabId).toBe(4);
  });

  it('is never taken for one of the user\u2019s own tabs', async () => {
    const { bridge, whoAsked, sent } = setup({
      quietTabs: quiet({ open: false, owned: [4] }).quietTabs,
      tabs: [{ tabId: 4 }, { tabId: 5 }],
    });
    bridge.forward(ORIGIN, ROUTE).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(whoAsked).toEqual([5]);
  });

  it('is not opened for a change of another container: that change waits for a tab of its own', async () => {
    const { bridge } = setup({ quietTabs: quiet({ open: false }).quietTabs, tabs: [] });
    await expect(bridge.forward(ORIGIN, ROUTE, undefined, { container: CONTAINER })).rejects.toMatchObject({
      kind: 'no-session-tab',
      detail: 'waiting for a PostHog tab of its container',
    });
  });

  it('is given back unused when it opened in another container than the change\u2019s', async () => {
    const { quietTabs, release } = quiet({ open: false });
    const { bridge, sent } = setup({ quietTabs, tabs: [], containerOf: async () => CONTAINER });
    await expect(
      bridge.forward(ORIGIN, ROUTE, undefined, { container: 'firefox-default' }),
    ).rejects.toMatchObject({ kind: 'no-session-tab', detail: 'the quiet tab opened in another container' });
    expect(sent).toEqual([]);
    expect(release).toHaveBeenCalledTimes(1);
  });
});

describe('whose a change is, from where it was asked', () => {
  it('is the container and the window kind, and nothing when neither', () => {
    expect(sessionOf(undefined)).toBeUndefined();
    expect(sessionOf({})).toBeUndefined();
    expect(sessionOf({ container: 'firefox-container-2' })).toEqual({ container: 'firefox-container-2' });
    expect(sessionOf({ private: true })).toEqual({ private: true });
    expect(sessionOf({ container: 'firefox-private', private: true })).toEqual({
      container: 'firefox-private',
      private: true,
    });
  });
});

describe('the session bridge, at its edges', () => {
  it('takes a reply once: the same reply again, at once, is refused', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const reply = { requestId: idOf(sent, 0), status: 200, body: {} };
    expect(bridge.reply(reply, fromTab(4))).toEqual({});
    expect(() => bridge.reply(reply, fromTab(4))).toThrow(
      expect.objectContaining({ detail: 'unexpected session reply' }),
    );
    await expect(answer).resolves.toEqual({ status: 200, body: {} });
  });

  it('leaves no timer running once the answer came', async () => {
    vi.useFakeTimers();
    try {
      const { bridge, sent } = setup();
      const answer = bridge.forward(ORIGIN, ROUTE);
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      bridge.reply({ requestId: idOf(sent, 0), status: 200, body: {} }, fromTab(4));
      await answer;
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([0, 199, 300, 403, 500])(
    'takes a user read answered %i as what the change would have been told, and sends no change',
    async (status) => {
      const { bridge, sent } = setup({ answerMeByHand: true });
      const answer = bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      bridge.reply({ requestId: idOf(sent, 0), status, body: { uuid: ANA } }, fromTab(4));
      await expect(answer).resolves.toEqual({ status, body: { uuid: ANA } });
      expect(sent).toHaveLength(1);
    },
  );

  it.each([200, 299])('takes any success of the user read (%i) as signed in', async (status) => {
    const { bridge, sent } = setup({ answerMeByHand: true });
    bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA }).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply({ requestId: idOf(sent, 0), status, body: { uuid: ANA } }, fromTab(4));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
  });

  it('takes a user read with no body as nobody to trust: nothing is sent', async () => {
    const { bridge, sent } = setup({ answerMeByHand: true });
    const answer = bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply({ requestId: idOf(sent, 0), status: 200, body: null }, fromTab(4));
    await expect(answer).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(sent).toHaveLength(1);
  });

  it('sends a request without a body as one with no body field', async () => {
    const { bridge, sent } = setup();
    const removal = removeRecordingRoute(1, 'eKdNnFRI', '0191dd9d-ec00-726b-b2a7-4de452e6b438');
    bridge.forward(ORIGIN, removal).catch(() => undefined);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { message: { input: object } }).message.input).not.toHaveProperty('body');
  });

  it('names each request with a fresh UUID, and waits 20 s for its reply by default', async () => {
    vi.useFakeTimers();
    try {
      const sent: Array<{ message: unknown }> = [];
      // The first request is who the tab is: it names itself and waits as any other.
      const bridge = createSessionBridge({
        findSessionTabs: async () => [{ tabId: 4 }],
        keyOwner: async () => ANA,
        sendToTab: async (_tabId, message) => {
          sent.push({ message });
          return { ok: true, data: { accepted: true } };
        },
      });
      const answer = bridge.forward(ORIGIN, ROUTE);
      const settled = vi.fn();
      answer.then(settled, settled);
      await vi.advanceTimersByTimeAsync(0);
      expect(sent).toHaveLength(1);
      expect(idOf(sent, 0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await vi.advanceTimersByTimeAsync(19_999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers no-session-tab, keeping the cause, when the tab fails with something not an AppError', async () => {
    const bridge = createSessionBridge({
      findSessionTabs: async () => {
        throw new TypeError('tabs.query failed');
      },
      keyOwner: async () => ANA,
      sendToTab: async () => ({ ok: true, data: { accepted: true } }),
    });
    await expect(bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({
      kind: 'no-session-tab',
      cause: expect.any(TypeError),
    });
  });
});
