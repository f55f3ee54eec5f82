import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addRecordingRoute } from '../../../lib/api/session-routes';
import {
  askedFromTab,
  containerOfTab,
  createSessionFeature,
  type SessionBrowser,
} from '../../../lib/background/session/session-feature';
import { PendingTargetSchema } from '../../../lib/messaging/pending-messages';

const ORIGIN = 'https://us.posthog.com';
const ROUTE = addRecordingRoute(1, 'eKdNnFRI', '0191dd9d-ec00-726b-b2a7-4de452e6b438');

describe('a tab’s Firefox container', () => {
  const tabs = (tab: unknown) => ({ get: async () => tab as { cookieStoreId?: string } });

  it('is its cookie store id, and nothing in Chromium or for a tab that is gone', async () => {
    expect(await containerOfTab(tabs({ cookieStoreId: 'firefox-container-4' }), 1)).toBe(
      'firefox-container-4',
    );
    expect(await containerOfTab(tabs({ status: 'complete' }), 1)).toBeUndefined();
    const gone = { get: async () => Promise.reject(new Error('Invalid tab ID: 1')) };
    expect(await containerOfTab(gone, 1)).toBeUndefined();
  });

  it('is never a value that is not one of Firefox’s ids', async () => {
    for (const cookieStoreId of ['', 'Firefox Container', 'x'.repeat(65), '../evil', 42]) {
      expect(await containerOfTab(tabs({ cookieStoreId }), 1)).toBeUndefined();
    }
  });

  it('is refused in a kept change unless it is one of Firefox’s ids', () => {
    const target = {
      origin: ORIGIN,
      projectId: 1,
      shortId: 'eKdNnFRI',
      recordingId: '0191dd9d-ec00-726b-b2a7-4de452e6b438',
      playlistName: 'Onboarding',
    };
    expect(PendingTargetSchema.safeParse({ ...target, container: 'firefox-container-1' }).success).toBe(true);
    expect(PendingTargetSchema.safeParse({ ...target, container: '<img src=x>' }).success).toBe(false);
  });
});

describe('the container of the PostHog tab a change was asked from', () => {
  const tabs = (tab: unknown) => ({ get: async () => tab as { url?: string; cookieStoreId?: string } });
  const containerOfPostHogTab = async (...args: Parameters<typeof askedFromTab>) =>
    (await askedFromTab(...args)).container;

  it('says a tab in a private window is one, wherever it is, and nothing more of a tab that is gone', async () => {
    expect(
      await askedFromTab(tabs({ url: 'https://jira.example.com/', incognito: true }), 1, ORIGIN),
    ).toEqual({
      private: true,
    });
    expect(
      await askedFromTab(
        tabs({ url: `${ORIGIN}/home`, incognito: true, cookieStoreId: 'firefox-private' }),
        1,
        ORIGIN,
      ),
    ).toEqual({ container: 'firefox-private', private: true });
    expect(await askedFromTab(tabs({ url: `${ORIGIN}/home`, incognito: false }), 1, ORIGIN)).toEqual({});
    const gone = { get: async () => Promise.reject(new Error('Invalid tab ID: 1')) };
    expect(await askedFromTab(gone, 1, ORIGIN)).toEqual({});
  });

  it('is the tab’s container only when the tab is on that PostHog origin', async () => {
    const on = (url: string) =>
      containerOfPostHogTab(tabs({ url, cookieStoreId: 'firefox-container-2' }), 1, ORIGIN);
    expect(await on(`${ORIGIN}/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438`)).toBe(
      'firefox-container-2',
    );
    // Elsewhere its container says nothing of PostHog: the change goes as before.
    expect(await on('https://jira.example.com/browse/X-1')).toBeUndefined();
    expect(await on('https://us.posthog.com.evil.example/project/1')).toBeUndefined();
    expect(await on('http://us.posthog.com/project/1')).toBeUndefined();
    expect(await on('not a url')).toBeUndefined();
  });

  it('is nothing in Chromium, for a tab that is gone, a tab whose URL is hidden, or a hostile id', async () => {
    expect(await containerOfPostHogTab(tabs({ url: `${ORIGIN}/home` }), 1, ORIGIN)).toBeUndefined();
    expect(
      await containerOfPostHogTab(tabs({ cookieStoreId: 'firefox-default' }), 1, ORIGIN),
    ).toBeUndefined();
    const gone = { get: async () => Promise.reject(new Error('Invalid tab ID: 1')) };
    expect(await containerOfPostHogTab(gone, 1, ORIGIN)).toBeUndefined();
    for (const cookieStoreId of ['', '../evil', '<img src=x>', 42]) {
      expect(
        await containerOfPostHogTab(tabs({ url: `${ORIGIN}/home`, cookieStoreId }), 1, ORIGIN),
      ).toBeUndefined();
    }
  });
});

const OWNER = '01900000-0000-7000-8000-000000000a1a';

describe('the session room’s PostHog tab for a kept change', () => {
  function setup() {
    const sent: number[] = [];
    const open: Array<Record<string, unknown>> = [
      {
        id: 3,
        url: `${ORIGIN}/project/1`,
        status: 'complete',
        lastAccessed: 9,
        cookieStoreId: 'firefox-default',
      },
      {
        id: 5,
        url: `${ORIGIN}/project/1`,
        status: 'complete',
        lastAccessed: 1,
        cookieStoreId: 'firefox-container-1',
      },
    ];
    const browser = {
      tabs: {
        query: async () => open,
        get: async (tabId: number) =>
          open.find((tab) => tab.id === tabId) ?? Promise.reject(new Error('gone')),
        sendMessage: async (tabId: number) => {
          sent.push(tabId);
          // Declined: the request is not made, only which tab it went to counts here.
          return { ok: true, data: { accepted: false } };
        },
        create: async () => ({ id: 99 }),
        remove: async () => undefined,
        onUpdated: { addListener: () => undefined, removeListener: () => undefined },
        onRemoved: { addListener: () => undefined, removeListener: () => undefined },
      },
      windows: {
        getLastFocused: async () => ({ id: 1, incognito: false, type: 'normal' }),
        getAll: async () => [],
      },
      storage: { session: fakeBrowser.storage.session },
    } as unknown as SessionBrowser;
    return { feature: createSessionFeature({ browser, keyOwner: async () => OWNER }), sent, open };
  }

  it('is one of the container it was asked from, even when another was used more recently', async () => {
    const { feature, sent } = setup();
    await feature
      .forward(ORIGIN, ROUTE, undefined, { container: 'firefox-container-1' })
      .catch(() => undefined);
    expect(sent).toEqual([5]);
  });

  it('is the most recently used for a change made now (no container asked)', async () => {
    const { feature, sent } = setup();
    await feature.forward(ORIGIN, ROUTE).catch(() => undefined);
    expect(sent).toEqual([3]);
    expect(await feature.containerOf(5)).toBe('firefox-container-1');
  });

  it('is never a private tab for a change asked in a normal window, and only one for a private ask', async () => {
    const { feature, sent, open } = setup();
    open.push({
      id: 8,
      url: `${ORIGIN}/project/1`,
      status: 'complete',
      lastAccessed: 99,
      cookieStoreId: 'firefox-private',
      incognito: true,
    });
    await feature.forward(ORIGIN, ROUTE).catch(() => undefined);
    await feature.forward(ORIGIN, ROUTE, undefined, { private: true }).catch(() => undefined);
    expect(sent).toEqual([3, 8]);
    expect(await feature.privateTab(8)).toBe(true);
    expect(await feature.privateTab(3)).toBe(false);
    // A tab that closed meanwhile: what it asked is kept, as before.
    expect(await feature.privateTab(42)).toBe(false);
  });
});

describe('an add the worker’s wake script sent before the background loaded', () => {
  const RECORDING = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
  const OWNER_UUID = '01900000-0000-7000-8000-000000000a1a';
  const ADD = addRecordingRoute(1, 'eKdNnFRI', RECORDING);
  const fromTab = { sender: { kind: 'content-script' as const, tabId: 3, url: `${ORIGIN}/project/1` } };

  function setup(delivered: Promise<unknown> = Promise.resolve({ ok: true, data: { accepted: true } })) {
    const bridgeSent: number[] = [];
    const browser = {
      tabs: {
        query: async () => [{ id: 3, url: `${ORIGIN}/project/1`, status: 'complete', lastAccessed: 9 }],
        get: async () => ({ url: `${ORIGIN}/project/1` }),
        sendMessage: async (tabId: number) => {
          bridgeSent.push(tabId);
          return { ok: true, data: { accepted: false } };
        },
      },
      windows: {},
      storage: { session: fakeBrowser.storage.session },
    } as unknown as SessionBrowser;
    const feature = createSessionFeature({ browser, keyOwner: async () => OWNER_UUID });
    const requestId = crypto.randomUUID();
    const sent = {
      add: {
        requestId,
        tabId: 3,
        origin: ORIGIN,
        projectId: 1,
        shortId: 'eKdNnFRI',
        playlistName: 'Onboarding',
        recordingId: RECORDING,
        route: ADD,
        asUser: OWNER_UUID,
      },
      delivered,
    };
    const reply = (status: number) =>
      feature.handlers['session/reply']({ requestId, status, body: {} }, fromTab);
    return { feature, sent, reply, bridgeSent };
  }

  it('answers the background’s own forward of that add, which then sends nothing', async () => {
    const { feature, sent, reply, bridgeSent } = setup();
    const left = vi.fn(async () => undefined);
    let answer: unknown;
    await feature.withWakeAdd(
      sent,
      async () => {
        reply(200);
        answer = await feature.forward(ORIGIN, ADD);
      },
      left,
    );
    expect(answer).toEqual({ status: 200, body: {} });
    expect(bridgeSent).toEqual([]);
    expect(left).not.toHaveBeenCalled();
  });

  it('hands the answer on when the background decided otherwise', async () => {
    const { feature, sent, reply } = setup();
    const left = vi.fn(async () => undefined);
    await feature.withWakeAdd(sent, async () => void reply(201), left);
    expect(left).toHaveBeenCalledWith(sent.add, { status: 201, body: {} });
  });

  it('leaves the add to the bridge when the tab’s content script was not there', async () => {
    const { feature, sent, bridgeSent } = setup(
      Promise.reject(new Error('Could not establish connection. Receiving end does not exist.')),
    );
    const left = vi.fn(async () => undefined);
    await feature.withWakeAdd(
      sent,
      () =>
        feature.forward(ORIGIN, ADD).then(
          () => undefined,
          () => undefined,
        ),
      left,
    );
    expect(bridgeSent).toEqual([3]);
    expect(left).not.toHaveBeenCalled();
  });
});
