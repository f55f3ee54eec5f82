import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addRecordingRoute, removeRecordingRoute } from '../../../lib/api/session-routes';
import { createSessionBridge } from '../../../lib/background/session/session-bridge';
import { fromTab } from '../../support/from-tab';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const ORIGIN = 'https://us.posthog.com';
const ROUTE = addRecordingRoute(1, 'eKdNnFRI', '0191dd9d-ec00-726b-b2a7-4de452e6b438');

function setup(options: { tabId?: number; accept?: boolean; fail?: boolean; timeoutMs?: number } = {}) {
  const sent: Array<{ tabId: number; message: unknown }> = [];
  let requestNumber = 0;
  const bridge = createSessionBridge({
    findSessionTab: async () => ('tabId' in options ? options.tabId : 4),
    sendToTab: async (tabId, message) => {
      sent.push({ tabId, message });
      if (options.fail) throw new Error('Could not establish connection. Receiving end does not exist.');
      return { ok: true, data: { accepted: options.accept ?? true } };
    },
    timeoutMs: options.timeoutMs ?? 1000,
    newRequestId: () => `0f8fad5b-d9cb-469f-a165-70867728950${requestNumber++}`,
  });
  return { bridge, sent };
}

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
          requestId: '0f8fad5b-d9cb-469f-a165-708677289500',
          origin: ORIGIN,
          method: 'POST',
          path: ROUTE.path,
          body: {},
        },
      },
    });
    bridge.reply(
      { requestId: '0f8fad5b-d9cb-469f-a165-708677289500', status: 200, body: { success: true } },
      fromTab(4),
    );
    await expect(answer).resolves.toEqual({ status: 200, body: { success: true } });
  });

  it('ignores replies from another tab or for unknown requests', async () => {
    const { bridge, sent } = setup({ timeoutMs: 50 });
    const answer = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const requestId = '0f8fad5b-d9cb-469f-a165-708677289500';
    expect(() => bridge.reply({ requestId, status: 200, body: {} }, fromTab(9))).toThrow(
      expect.objectContaining({ kind: 'bad-message' }),
    );
    expect(() =>
      bridge.reply({ requestId: crypto.randomUUID(), status: 200, body: {} }, fromTab(4)),
    ).toThrow();
    await expect(answer).rejects.toMatchObject({ kind: 'timeout' });
    expect(() => bridge.reply({ requestId, status: 200, body: {} }, fromTab(4))).toThrow();
  });

  it('ignores a reply from the asked tab once it shows another origin, and takes the right one after', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const requestId = '0f8fad5b-d9cb-469f-a165-708677289500';
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
    await expect(answer).rejects.toMatchObject({ kind: 'network' });
  });

  it('refuses a route outside the allow-list without sending anything', async () => {
    const { bridge, sent } = setup();
    await expect(
      bridge.forward(ORIGIN, { method: 'POST', path: '/api/projects/1/dashboards/' }),
    ).rejects.toMatchObject({
      kind: 'bad-message',
    });
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['there is no PostHog tab', { tabId: undefined }],
    ['the tab has no content script', { fail: true }],
  ])('answers no-session-tab when %s (and no tab can be opened)', async (_name, options) => {
    const { bridge } = setup(options);
    await expect(bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({ kind: 'no-session-tab' });
  });

  it('answers no-session-tab when the content script declines: its page is not that PostHog now', async () => {
    const { bridge } = setup({ accept: false });
    await expect(bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({ kind: 'no-session-tab' });
  });
});

describe('a change kept for later goes only through a session of the user it was kept for', () => {
  const ANA = '01900000-0000-7000-8000-000000000a1a';
  const requests = (sent: Array<{ message: unknown }>) =>
    sent.map(({ message }) => {
      const { method, path } = (message as { input: { method: string; path: string } }).input;
      return `${method} ${path}`;
    });
  const idOf = (sent: Array<{ message: unknown }>, index: number) =>
    (sent[index] as { message: { input: { requestId: string } } }).message.input.requestId;

  it('asks the tab who it is first, then makes the change when it is that user', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(requests(sent)).toEqual(['GET /api/users/@me/']);
    bridge.reply(
      { requestId: idOf(sent, 0), status: 200, body: { uuid: ANA, email: 'ana@example.com' } },
      fromTab(4),
    );
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(requests(sent)).toEqual(['GET /api/users/@me/', `POST ${ROUTE.path}`]);
    bridge.reply({ requestId: idOf(sent, 1), status: 200, body: { success: true } }, fromTab(4));
    await expect(answer).resolves.toEqual({ status: 200, body: { success: true } });
  });

  it('never makes it through a tab signed in as someone else', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply(
      { requestId: idOf(sent, 0), status: 200, body: { uuid: '01900000-0000-7000-8000-000000000b2b' } },
      fromTab(4),
    );
    await expect(answer).rejects.toMatchObject({ kind: 'other-user' });
    expect(requests(sent)).toEqual(['GET /api/users/@me/']);
  });

  it('a tab not signed in answers as the change would have been answered, and the change is not sent', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply(
      {
        requestId: idOf(sent, 0),
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      },
      fromTab(4),
    );
    await expect(answer).resolves.toMatchObject({ status: 401 });
    expect(requests(sent)).toEqual(['GET /api/users/@me/']);
  });

  it('asks nothing more of a change made now, from a click', async () => {
    const { bridge, sent } = setup();
    void bridge.forward(ORIGIN, ROUTE);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(requests(sent)).toEqual([`POST ${ROUTE.path}`]);
  });
});

describe('the session bridge, at its edges', () => {
  const ANA = '01900000-0000-7000-8000-000000000a1a';
  const idOf = (sent: Array<{ message: unknown }>, index: number) =>
    (sent[index] as { message: { input: { requestId: string } } }).message.input.requestId;

  it.each([0, 199, 300, 403, 500])(
    'takes a user read answered %i as what the change would have been told, and sends no change',
    async (status) => {
      const { bridge, sent } = setup();
      const answer = bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      bridge.reply({ requestId: idOf(sent, 0), status, body: { uuid: ANA } }, fromTab(4));
      await expect(answer).resolves.toEqual({ status, body: { uuid: ANA } });
      expect(sent).toHaveLength(1);
    },
  );

  it.each([200, 299])('takes any success of the user read (%i) as signed in', async (status) => {
    const { bridge, sent } = setup();
    void bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply({ requestId: idOf(sent, 0), status, body: { uuid: ANA } }, fromTab(4));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
  });

  it('takes a user read with no body as another user', async () => {
    const { bridge, sent } = setup();
    const answer = bridge.forward(ORIGIN, ROUTE, undefined, { user: ANA });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    bridge.reply({ requestId: idOf(sent, 0), status: 200, body: null }, fromTab(4));
    await expect(answer).rejects.toMatchObject({ kind: 'other-user' });
  });

  it('sends a request without a body as one with no body field', async () => {
    const { bridge, sent } = setup();
    const removal = removeRecordingRoute(1, 'eKdNnFRI', '0191dd9d-ec00-726b-b2a7-4de452e6b438');
    void bridge.forward(ORIGIN, removal);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]?.message as { input: object }).input).not.toHaveProperty('body');
  });

  it('names each request with a fresh UUID, and waits 20 s for its reply by default', async () => {
    vi.useFakeTimers();
    try {
      const sent: Array<{ message: unknown }> = [];
      const bridge = createSessionBridge({
        findSessionTab: async () => 4,
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
      findSessionTab: async () => {
        throw new TypeError('tabs.query failed');
      },
      sendToTab: async () => ({ ok: true, data: { accepted: true } }),
    });
    await expect(bridge.forward(ORIGIN, ROUTE)).rejects.toMatchObject({
      kind: 'no-session-tab',
      cause: expect.any(TypeError),
    });
  });
});
