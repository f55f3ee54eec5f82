import { describe, expect, it } from 'vitest';
import type { LastAction } from '../../../lib/messaging/first-view/popup-open';
import { createPopupOpen, type PopupOpenDeps } from '../../../lib/messaging/first-view/popup-open';
import { protocol } from '../../../lib/messaging/messages';
import type { RecordingRef } from '../../../lib/messaging/picker-recording';
import { AppError } from '../../../lib/platform/errors';
import type { PageContext } from '../../../lib/posthog/context';

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const OTHER = '0191dd9d-ec00-726b-b2a7-4de452e6b439';
const STATUS = { configured: true, origin: US, maskedKey: 'phx_…a1B2', projectId: 1 };
const recordingOn = (origin: string, projectId: number | null = 1): PageContext => ({
  kind: 'recording',
  origin,
  projectId,
  recordingId: REC,
});

function setup(overrides: Partial<PopupOpenDeps> & { context?: PageContext | null } = {}) {
  const listed: RecordingRef[] = [];
  const viewed: number[] = [];
  const open = createPopupOpen({
    status: async () => STATUS,
    tabView: async (tabId) => {
      viewed.push(tabId);
      return { context: overrides.context === undefined ? recordingOn(US) : overrides.context, hints: {} };
    },
    sessionState: async () => ({ pick: null, lastAction: null }),
    cachedPlaylists: async (recording) => {
      listed.push(recording);
      return { projectId: 1, fetchedAt: 5, playlists: [], recent: [], membership: null };
    },
    ...overrides,
  });
  return { open, listed, viewed };
}

describe('popup/open', () => {
  it("answers status, the tab's page and the cached list of its recording in one go", async () => {
    const { open, listed } = setup();
    const answer = await open({ tabId: 4 });
    expect(answer).toEqual({
      status: STATUS,
      context: recordingOn(US),
      hints: {},
      session: { pick: null, lastAction: null },
      playlists: {
        recording: { recordingId: REC, projectId: 1 },
        list: { projectId: 1, fetchedAt: 5, playlists: [], recent: [], membership: null },
      },
    });
    expect(listed).toEqual([{ recordingId: REC, projectId: 1 }]);
    expect(protocol['popup/open'].output.safeParse(answer).success).toBe(true);
  });

  it.each<[string, PageContext | null]>([
    ['a dashboard', { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 3 }],
    ['a recording on another PostHog', recordingOn('https://eu.posthog.com')],
    ['no PostHog page', null],
  ])('lists no playlists over %s', async (_name, context) => {
    const { open, listed } = setup({ context });
    expect((await open({ tabId: 4 })).playlists).toBeNull();
    expect(listed).toEqual([]);
  });

  it('lists for the picker window’s recording, and for the context menu’s pick before anything', async () => {
    const window = setup();
    await window.open({ tabId: 4, recording: { recordingId: OTHER } });
    expect(window.listed).toEqual([{ recordingId: OTHER }]);

    const picked = setup({
      sessionState: async () => ({ pick: { projectId: 2, recordingId: OTHER }, lastAction: null }),
    });
    const answer = await picked.open({ tabId: 4 });
    expect(answer.playlists?.recording).toEqual({ projectId: 2, recordingId: OTHER });
    expect(picked.listed).toContainEqual({ projectId: 2, recordingId: OTHER });
    expect(answer.session.pick).toEqual({ projectId: 2, recordingId: OTHER });
  });

  it('leaves the project out for a legacy link (the configured one is meant)', async () => {
    const { open, listed } = setup({ context: recordingOn(US, null) });
    await open({ tabId: 4 });
    expect(listed).toEqual([{ recordingId: REC }]);
  });

  it('asks for no tab without one, and lists nothing until a key is set', async () => {
    const noTab = setup();
    expect(await noTab.open({})).toMatchObject({ context: null, hints: {}, playlists: null });
    expect(noTab.viewed).toEqual([]);

    const unconfigured = setup({ status: async () => ({ configured: false }) });
    expect((await unconfigured.open({ tabId: 4 })).playlists).toBeNull();
    expect(unconfigured.listed).toEqual([]);
  });

  it('still opens when the cached list cannot be read (the picker asks again and says why)', async () => {
    const errors: unknown[] = [];
    const { open } = setup({
      cachedPlaylists: async () => {
        throw new AppError('not-configured');
      },
      onError: (error) => errors.push(error),
    });
    expect(await open({ tabId: 4 })).toMatchObject({ status: STATUS, playlists: null });
    expect(errors).toHaveLength(1);
  });

  it('lists nothing for a window recording that is not a recording id', async () => {
    const { open, listed } = setup();
    expect((await open({ recording: { recordingId: '../../etc' } })).playlists).toBeNull();
    expect(listed).toEqual([]);
  });

  describe('the last add or remove', () => {
    const ACTION: LastAction = {
      id: 'a1',
      origin: US,
      projectId: 1,
      recordingId: REC,
      shortId: 'eKdNnFRI',
      playlistName: 'Onboarding',
      change: 'added',
      via: 'session',
      at: 1000,
    };
    // What the popup is shown: the action without where it was made.
    const { origin: _origin, ...VIEW } = ACTION;
    const DASHBOARD: PageContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 3 };

    function withAction(
      action: LastAction,
      context: PageContext | null,
      tabUrls: Record<number, string> = {},
    ) {
      const asked: number[] = [];
      const { open } = setup({
        context,
        sessionState: async () => ({ pick: null, lastAction: action }),
        tabUrl: async (tabId) => {
          asked.push(tabId);
          return tabUrls[tabId];
        },
      });
      return { open, asked };
    }

    it('is offered over the recording it changed, in any tab, without the answer naming where it was made', async () => {
      const { open, asked } = withAction(ACTION, recordingOn(US));
      const answer = await open({ tabId: 9 });
      expect(answer.session.lastAction).toEqual(VIEW);
      expect(protocol['popup/open'].output.safeParse(answer).success).toBe(true);
      expect(asked).toEqual([]);
      // A legacy link without a project means the configured one.
      expect((await withAction(ACTION, recordingOn(US, null)).open({ tabId: 9 })).session.lastAction).toEqual(
        VIEW,
      );
    });

    it('is not offered over a dashboard, another recording, another project or another PostHog', async () => {
      expect((await withAction(ACTION, DASHBOARD).open({ tabId: 9 })).session.lastAction).toBeNull();
      const other: PageContext = { ...recordingOn(US), recordingId: OTHER } as PageContext;
      expect((await withAction(ACTION, other).open({ tabId: 9 })).session.lastAction).toBeNull();
      expect((await withAction(ACTION, recordingOn(US, 2)).open({ tabId: 9 })).session.lastAction).toBeNull();
      const elsewhere = { ...ACTION, origin: 'https://eu.posthog.com' };
      expect((await withAction(elsewhere, recordingOn(US)).open({ tabId: 9 })).session.lastAction).toBeNull();
      expect((await withAction(ACTION, null).open({})).session.lastAction).toBeNull();
    });

    it('is offered in the picker window of its recording and for the context menu’s pick of it', async () => {
      const { open } = withAction(ACTION, null);
      expect((await open({ recording: { recordingId: REC } })).session.lastAction).toEqual(VIEW);
      expect((await open({ recording: { recordingId: OTHER } })).session.lastAction).toBeNull();
    });

    it('made from a link’s menu: offered on that tab while it shows that page, nowhere else', async () => {
      const page = 'https://chat.example.com/channel/42';
      const fromLink = { ...ACTION, page: { tabId: 3, url: page } };
      const there = withAction(fromLink, null, { 3: page, 4: page });
      expect((await there.open({ tabId: 3 })).session.lastAction).toEqual(VIEW);
      expect((await there.open({ tabId: 4 })).session.lastAction).toBeNull();
      expect(there.asked).toEqual([3]);
      const movedOn = withAction(fromLink, DASHBOARD, { 3: 'https://us.posthog.com/project/1/dashboard/3' });
      expect((await movedOn.open({ tabId: 3 })).session.lastAction).toBeNull();
    });

    it('answers none before a key is set', async () => {
      const { open } = setup({
        status: async () => ({ configured: false }),
        sessionState: async () => ({ pick: null, lastAction: ACTION }),
      });
      expect((await open({ tabId: 4 })).session.lastAction).toBeNull();
    });
  });
});
