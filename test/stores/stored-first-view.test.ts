import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPendingChanges } from '../../lib/background/pending/pending-queue';
import { AppError } from '../../lib/platform/errors';
import type { StoredSnapshot } from '../../lib/platform/key-store';
import { createStoredFirstView, type StoredFirstViewDeps } from '../../lib/stores/stored-first-view';

const US = 'https://us.posthog.com';
const SELF = 'https://posthog.acme.dev';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const OTHER = '0191dd9d-ffff-7aaa-8bbb-000000000002';
const RECORDING_URL = `${US}/project/1/replay/${REC}`;
const DASHBOARD_URL = `${US}/project/1/dashboard/3`;
const NOW = 1_800_000_000_000;
const entry = (shortId: string, name: string) => ({
  shortId,
  name,
  kind: 'collection' as const,
  pinned: false,
  id: shortId.length,
});

/** What the background keeps after a key was saved and a popup listed project 1's collections. */
function stores(
  edit: {
    items?: Record<string, unknown>;
    session?: Record<string, unknown>;
    key?: StoredSnapshot['key'];
    tab?: { url?: string; title?: string };
  } = {},
) {
  const items: Record<string, unknown> = {
    movedFromLocal: 1,
    settings: { version: 2, origin: US, projectId: 1, projectName: 'Main', inPageButton: true },
    keyCheck: { version: 1, check: null },
    playlistCache: {
      version: 1,
      scope: `${US}|1`,
      fetchedAt: 5,
      playlists: [entry('eKdNnFRI', 'Checkout bugs'), entry('Onb0ard1', 'Onboarding')],
      recordingFilter: null,
    },
    playlistPrefs: { version: 1, scopes: { [`${US}|1`]: { lastUsed: 'Onb0ard1', recent: ['Onb0ard1'] } } },
    playlistMembership: {
      version: 1,
      recordings: [
        { key: `${US}|1|${REC}`, server: { holds: ['eKdNnFRI'], at: 10 }, own: {}, touchedAt: 10 },
      ],
    },
    ...edit.items,
  };
  const session: Record<string, unknown> = {
    'tabHints:7': { version: 1, url: RECORDING_URL, hints: { title: 'Checkout flow', currentSecond: 12 } },
    ...edit.session,
  };
  const asked: string[][] = [];
  const deps: StoredFirstViewDeps = {
    snapshot: async (keys) => ({
      key: edit.key ?? { saved: true, masked: 'phx_…a1B2', origin: US },
      items: Object.fromEntries(keys.filter((key) => key in items).map((key) => [key, items[key]])),
    }),
    session: {
      get: async (keys) => {
        asked.push(keys);
        return Object.fromEntries(keys.filter((key) => key in session).map((key) => [key, session[key]]));
      },
    },
    getTab: async () => edit.tab ?? { url: RECORDING_URL, title: 'Replay' },
    hostAccess: async () => false,
    now: () => NOW,
  };
  return { view: createStoredFirstView(deps), asked };
}

describe('the popup’s first view from the stores', () => {
  it('names the tab’s recording, its hints and the cached collections that hold it, with the key masked', async () => {
    const { view } = stores();
    await expect(view({ tabId: 7 })).resolves.toEqual({
      status: { configured: true, origin: US, maskedKey: 'phx_…a1B2', projectId: 1, projectName: 'Main' },
      context: { kind: 'recording', origin: US, projectId: 1, recordingId: REC },
      hints: { title: 'Checkout flow', currentSecond: 12 },
      session: { pick: null, lastAction: null },
      playlists: {
        recording: { recordingId: REC, projectId: 1 },
        list: {
          projectId: 1,
          fetchedAt: 5,
          playlists: [entry('eKdNnFRI', 'Checkout bugs'), entry('Onb0ard1', 'Onboarding')],
          lastUsed: 'Onb0ard1',
          recent: ['Onb0ard1'],
          membership: { complete: true, holds: ['eKdNnFRI'], lacks: [] },
        },
      },
      pending: { changes: [], notices: [] },
    });
  });

  it('never takes the hints of the page the tab has left', async () => {
    const { view } = stores({ tab: { url: `${US}/project/1/replay/${OTHER}`, title: 'Replay' } });
    const first = await view({ tabId: 7 });
    expect(first?.context).toEqual({ kind: 'recording', origin: US, projectId: 1, recordingId: OTHER });
    expect(first?.hints).toEqual({});
    expect(first?.playlists?.list.membership).toEqual({ complete: false, holds: [], lacks: [] });
  });

  it('shows the setup when no key is saved, whatever the settings still say', async () => {
    const { view } = stores({ key: { saved: false, masked: null, origin: null } });
    const first = await view({ tabId: 7 });
    expect(first?.status).toEqual({ configured: false });
    expect(first?.playlists).toBeNull();
  });

  it('offers Undo of a recent last action over its recording, not of an old one', async () => {
    const action = {
      id: 'a1',
      origin: US,
      projectId: 1,
      recordingId: REC,
      shortId: 'Onb0ard1',
      playlistName: 'Onboarding',
      change: 'added',
      via: 'key',
    };
    const recent = stores({
      session: { playlistLastAction: { version: 1, action: { ...action, at: NOW - 1000 } } },
    });
    expect((await recent.view({ tabId: 7 }))?.session.lastAction).toMatchObject({ id: 'a1' });
    const old = stores({
      session: { playlistLastAction: { version: 1, action: { ...action, at: NOW - 16 * 60_000 } } },
    });
    expect((await old.view({ tabId: 7 }))?.session.lastAction).toBeNull();
  });

  it('lists nothing for a self-hosted PostHog the user has not granted access to', async () => {
    const { view } = stores({
      items: { settings: { version: 2, origin: SELF, projectId: 1, inPageButton: true } },
      key: { saved: true, masked: 'phx_…a1B2', origin: SELF },
      tab: { url: `${SELF}/project/1/replay/${REC}` },
      session: {},
    });
    const first = await view({ tabId: 7 });
    expect(first?.context).toMatchObject({ kind: 'recording', origin: SELF });
    expect(first?.playlists).toBeNull();
  });

  it('tells the kept changes and recent notices without taking them (the background takes them)', async () => {
    const notice = {
      id: 'n1',
      origin: US,
      projectId: 1,
      shortId: 'Onb0ard1',
      recordingId: REC,
      playlistName: 'Onboarding',
      direction: 'add',
      outcome: 'applied',
      at: NOW - 1000,
    };
    const { view } = stores({
      items: {
        pendingChanges: {
          version: 1,
          changes: [],
          notices: [notice, { ...notice, id: 'n0', at: NOW - 8 * 24 * 3600 * 1000 }],
        },
      },
    });
    expect((await view({ tabId: 7 }))?.pending).toEqual({ changes: [], notices: [notice] });
  });

  it('tells a change kept with its user and its recording’s face as the background tells it', async () => {
    // What the background keeps (its own queue and schema), read by both.
    fakeBrowser.reset();
    const queue = createPendingChanges({
      store: browser.storage.local,
      apply: async () => undefined,
      now: () => NOW,
      newId: () => 'p1',
    });
    await queue.keep(
      {
        origin: US,
        projectId: 1,
        shortId: 'Onb0ard1',
        recordingId: REC,
        playlistName: 'Onboarding',
        user: '0191aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee',
        face: { person: 'ada@example.com', startTime: '2026-11-20T10:00:00Z' },
      },
      'add',
      new AppError('signed-out'),
    );
    const { pendingChanges } = await browser.storage.local.get('pendingChanges');
    const { view } = stores({ items: { pendingChanges } });
    const fromStores = (await view({ tabId: 7 }))?.pending;
    expect(fromStores?.changes[0]).toMatchObject({
      user: '0191aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee',
      face: { person: 'ada@example.com', startTime: '2026-11-20T10:00:00Z' },
    });
    expect(fromStores).toEqual(await queue.takeState());
  });

  it.each<[string, Parameters<typeof stores>[0]]>([
    ['before what older versions kept has moved to IndexedDB', { items: { movedFromLocal: undefined } }],
    [
      'with settings of an older version, still to be migrated',
      { items: { settings: { version: 1, host: 'eu' } } },
    ],
    ['with a key saved before its mask was kept', { key: { saved: true, masked: null, origin: US } }],
    [
      'with a pick from the context menu waiting to be taken',
      {
        session: {
          playlistPendingPick: { version: 1, pick: { origin: US, projectId: 1, recordingId: REC, at: NOW } },
        },
      },
    ],
    [
      'over a dashboard only a cached list could name',
      { tab: { url: DASHBOARD_URL, title: 'PostHog' }, session: {} },
    ],
    ['with a cached list of another version', { items: { playlistCache: { version: 2 } } }],
  ])('cannot say %s, and leaves it to the background', async (_case, edit) => {
    const { view } = stores(edit);
    await expect(view({ tabId: 7 })).resolves.toBeNull();
  });

  it('cannot say over a pick just taken, which may be this popup’s own, unless it is the picker window for it', async () => {
    // On a busy machine the popup's read of storage.session can land after the background answered
    // its own `popup/open` and took the pick: then only that answer knows what the popup is for.
    const taken = { origin: US, projectId: 1, recordingId: REC, at: NOW, taken: true };
    const { view } = stores({
      tab: { url: 'https://help.acme.dev/tickets/4712', title: 'Ticket 4712' },
      session: { playlistPendingPick: { version: 1, pick: taken } },
    });
    await expect(view({ tabId: 7 })).resolves.toBeNull();
    await expect(view({ tabId: 7, recording: { recordingId: OTHER, projectId: 1 } })).resolves.toBeNull();
    await expect(view({ tabId: 7, recording: { recordingId: REC } })).resolves.toBeNull();
    // The picker window for the picked recording shows it whichever popup took the pick.
    const window = await view({ tabId: 7, recording: { recordingId: REC, projectId: 1 } });
    expect(window).toMatchObject({
      context: null,
      session: { pick: null },
      playlists: { recording: { recordingId: REC, projectId: 1 } },
    });
    // Once the next popup cleared it, the toolbar popup paints from the stores again.
    const cleared = stores({
      tab: { url: 'https://help.acme.dev/tickets/4712', title: 'Ticket 4712' },
      session: { playlistPendingPick: { version: 1, pick: null } },
    });
    expect(await cleared.view({ tabId: 7 })).toMatchObject({ context: null, session: { pick: null } });
  });

  it('cannot say when a store fails to read', async () => {
    const view = createStoredFirstView({
      snapshot: () => Promise.reject(new Error('IndexedDB unavailable')),
      session: { get: async () => ({}) },
      getTab: async () => undefined,
      hostAccess: async () => false,
    });
    await expect(view({ tabId: 7 })).resolves.toBeNull();
  });
});
