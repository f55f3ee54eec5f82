import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPendingChanges } from '../../../lib/background/pending/pending-queue';
import { applyPendingChange } from '../../../lib/background/recordings/pending-apply';
import { createQuickAdd, type QuickAddDeps } from '../../../lib/background/recordings/quick-add';
import {
  createContextMenus,
  MENU_ADD_TO_LAST,
  MENU_CHOOSE,
  recordingLinkPatterns,
} from '../../../lib/background/recordings/recording-menus';
import { createBadgeFlash } from '../../../lib/background/toolbar/badge-flash';
import { STORED } from '../../../lib/messaging/first-view/stored-names';
import { noticeSentence } from '../../../lib/messaging/pending-notice';
import { parsePageContext } from '../../../lib/posthog/context';
import { DEMO } from '../../fake-posthog/demo-ids';
import { cloudTraits, wirePlaylists } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

beforeAll(installEnglishTranslator);

const LOOSE = DEMO.recordings.loose;
/** How a sentence names LOOSE while PostHog has not said who it is. */
const BY_ID = `recording …${LOOSE.slice(-8)}`;

describe('quick add (keyboard command, context menu, in-page button)', () => {
  const server = useLocalPostHog({ flavor: 'contract', seed: 'demo' });

  function setup(
    page = `/project/1/replay/${LOOSE}`,
    options: {
      withPending?: boolean;
      wire?: Parameters<typeof wirePlaylists>[1];
      recordingFace?: QuickAddDeps['recordingFace'];
      keyOwner?: QuickAddDeps['keyOwner'];
      containerOf?: QuickAddDeps['containerOf'];
    } = {},
  ) {
    const wired = wirePlaylists(server, options.wire);
    const pending = options.withPending
      ? createPendingChanges({
          store: fakeBrowser.storage.local,
          apply: (change, applying) => applyPendingChange(wired, change, applying),
        })
      : undefined;
    const flashes: Array<{ tabId: number; kind: string; title: string }> = [];
    const opened: string[] = [];
    const quickAdd = createQuickAdd({
      ...wired,
      tabContext: async () => ({ context: parsePageContext(`${server.url}${page}`, [server.url]) }),
      flash: async (tabId, kind, title) => {
        flashes.push({ tabId, kind, title });
      },
      session: fakeBrowser.storage.session,
      openPopup: async () => {
        throw new Error('not from here');
      },
      openPickerWindow: async (recordingId, projectId, fromTab) => {
        opened.push(`${projectId}/${recordingId}${fromTab === undefined ? '' : ` from ${fromTab}`}`);
      },
      ...(pending ? { pending } : {}),
      ...(options.recordingFace ? { recordingFace: options.recordingFace, faceWaitMs: 20 } : {}),
      ...(options.keyOwner ? { keyOwner: options.keyOwner } : {}),
      ...(options.containerOf ? { containerOf: options.containerOf } : {}),
    });
    return { ...wired, quickAdd, flashes, opened, pending };
  }

  it('opens the picker when no playlist was used yet, then the picker gets that recording once', async () => {
    const { quickAdd, opened, flashes } = setup();
    expect(await quickAdd.forTab(7)).toMatchObject({ outcome: 'needs-choice' });
    // The window knows the tab the user was in: a pick there that waits keeps its container.
    expect(opened).toEqual([`1/${LOOSE} from 7`]);
    expect(flashes).toEqual([]);
    expect(await quickAdd.takePick()).toEqual({ projectId: 1, recordingId: LOOSE });
    expect(await quickAdd.takePick()).toBeNull();
  });

  it('marks a pick taken until the next popup, so the taking popup’s own first view from the stores waits', async () => {
    const { quickAdd } = setup();
    const { key } = STORED.pendingPick;
    const stored = async () => (await fakeBrowser.storage.session.get(key))[key];
    expect((await quickAdd.forTab(7)).outcome).toBe('needs-choice');
    const waiting = { origin: server.url, projectId: 1, recordingId: LOOSE, at: expect.any(Number) };
    expect(await stored()).toEqual({ version: 1, pick: waiting });
    expect(await quickAdd.takePick()).toEqual({ projectId: 1, recordingId: LOOSE });
    expect(await stored()).toEqual({ version: 1, pick: { ...waiting, taken: true } });
    // The next popup gets nothing, and clears it.
    expect(await quickAdd.takePick()).toBeNull();
    expect(await stored()).toEqual({ version: 1, pick: null });
    // A new pick replaces one taken but not yet cleared.
    expect((await quickAdd.forTab(7)).outcome).toBe('needs-choice');
    expect(await quickAdd.takePick()).toEqual({ projectId: 1, recordingId: LOOSE });
    expect((await quickAdd.forTab(7)).outcome).toBe('needs-choice');
    expect(await stored()).toEqual({ version: 1, pick: waiting });
    expect(await quickAdd.takePick()).toEqual({ projectId: 1, recordingId: LOOSE });
  });

  it('adds to the last-used playlist, flashes the result, and the popup can undo it', async () => {
    const { quickAdd, flashes, playlists, actions } = setup();
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    await playlists.list({ source: 'server' });
    const result = await quickAdd.forTab(7);
    expect(result).toMatchObject({ outcome: 'added', playlistName: 'Onboarding', via: 'key' });
    expect(flashes).toEqual([
      { tabId: 7, kind: 'done', title: `Added ${BY_ID} to Onboarding. Open Hogmark to undo.` },
    ]);
    const last = await actions.recentAction();
    expect(last).toMatchObject({ id: result.actionId, change: 'added', shortId: DEMO.playlists.onboarding });
    expect((await quickAdd.forTab(7)).outcome).toBe('already');
    expect(flashes[1]?.kind).toBe('same');
    await actions.undo(result.actionId ?? '');
  });

  it('offers neither the undo nor a pick made with the old key once the key or PostHog changes', async () => {
    const { quickAdd, playlists, actions } = setup();
    expect((await quickAdd.forTab(7)).outcome).toBe('needs-choice');
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    await playlists.list({ source: 'server' });
    expect((await quickAdd.forTab(7)).outcome).toBe('added');
    // Forget key empties storage.session under the stores: what they keep in memory must go too.
    await fakeBrowser.storage.session.clear();
    await Promise.all([actions.forget(), quickAdd.forgetPick()]);
    expect(await actions.recentAction()).toBeNull();
    expect(await quickAdd.takePick()).toBeNull();
    await actions.remove({ projectId: 1, shortId: DEMO.playlists.onboarding, recordingId: LOOSE });
  });

  it('names the recording by who PostHog says it is, read beside the add', async () => {
    const asked: string[] = [];
    const startTime = new Date(Date.now() - 5 * 60_000).toISOString();
    const { quickAdd, flashes, playlists, actions } = setup(undefined, {
      recordingFace: async (ref, source) => {
        asked.push(`${source} ${ref.projectId} ${ref.recordingId}`);
        return source === 'server' ? { person: 'ana@acme.com', startTime } : null;
      },
    });
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    const result = await quickAdd.forTab(7);
    expect(flashes).toEqual([
      {
        tabId: 7,
        kind: 'done',
        title: 'Added ana@acme.com’s recording of 5 minutes ago to Onboarding. Open Hogmark to undo.',
      },
    ]);
    expect(asked).toEqual([`server 1 ${LOOSE}`]);
    expect((await quickAdd.forTab(7)).message).toBe(
      'Nothing to add: Onboarding already holds ana@acme.com’s recording of 5 minutes ago.',
    );
    await actions.undo(result.actionId ?? '');
  });

  it('does not hold the sentence for a slow face: what is known, else the id', async () => {
    const { quickAdd, playlists, actions } = setup(undefined, {
      recordingFace: (_ref, source) =>
        source === 'server' ? new Promise(() => undefined) : Promise.resolve(null),
    });
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    const result = await quickAdd.forTab(7);
    expect(result.message).toBe(`Added ${BY_ID} to Onboarding. Open Hogmark to undo.`);
    await actions.undo(result.actionId ?? '');
  });

  it('keeps who the recording is with a waiting add, and names it when the add is made', async () => {
    const { quickAdd, playlists, pending } = setup(undefined, {
      withPending: true,
      recordingFace: async () => ({ person: 'ana@acme.com', startTime: null }),
      keyOwner: async () => '01900000-0000-7000-8000-000000000a1a',
    });
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    await playlists.list({ source: 'server' });
    server.setFault({ method: 'POST', path: /recordings/, fault: { type: 'status', status: 503 } });
    expect((await quickAdd.forTab(7)).message).toBe(
      'Hogmark could not tell whether Onboarding took ana@acme.com’s recording: PostHog’s answer was lost. Hogmark will check, and add it if it is not there.',
    );
    expect((await pending?.state())?.changes).toEqual([
      // Kept for the key's owner: made later only through a session of that PostHog user.
      expect.objectContaining({
        face: { person: 'ana@acme.com', startTime: null },
        user: '01900000-0000-7000-8000-000000000a1a',
      }),
    ]);
    server.clearFaults();
    const after = await pending?.retryNow();
    const notice = after?.notices[0];
    expect(notice && noticeSentence(notice)).toBe(
      'Added ana@acme.com’s recording to Onboarding (it was waiting).',
    );
  });

  it('keeps the Firefox container of the tab the add was asked from with a waiting add', async () => {
    const asked: number[] = [];
    const { quickAdd, playlists, pending } = setup(undefined, {
      withPending: true,
      containerOf: async (tabId) => {
        asked.push(tabId);
        return 'firefox-container-2';
      },
    });
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    await playlists.list({ source: 'server' });
    server.setFault({ method: 'POST', path: /recordings/, fault: { type: 'status', status: 503 } });
    expect((await quickAdd.forTab(7)).outcome).toBe('pending');
    expect(asked).toEqual([7]);
    expect((await pending?.state())?.changes).toEqual([
      expect.objectContaining({ container: 'firefox-container-2' }),
    ]);
    await pending?.discard((await pending.state()).changes[0]?.id ?? '');
  });

  it('a link’s add remembers the tab and page it was made on (the popup there offers Undo)', async () => {
    const { quickAdd, playlists, actions } = setup('/project/1/dashboard/1');
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    const target = { origin: server.url, projectId: 1, recordingId: LOOSE };
    const page = 'https://chat.example.com/channel/42';
    const result = await quickAdd.forLink(target, 3, page);
    expect(result.outcome).toBe('added');
    expect(await actions.recentAction()).toMatchObject({ recordingId: LOOSE, page: { tabId: 3, url: page } });
    await actions.undo(result.actionId ?? '');
    // Its undo belongs to the same page: that popup can take the undo back too.
    expect(await actions.recentAction()).toMatchObject({ change: 'removed', page: { tabId: 3, url: page } });
  });

  it('keeps an add PostHog may not have taken (5xx) as pending, says so, and makes it later once', async () => {
    const { quickAdd, flashes, playlists, pending } = setup(undefined, { withPending: true });
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    await playlists.list({ source: 'server' });
    server.setFault({ method: 'POST', path: /recordings/, fault: { type: 'status', status: 503 } });
    const result = await quickAdd.forTab(7);
    expect(result).toMatchObject({
      outcome: 'pending',
      playlistName: 'Onboarding',
      message: `Hogmark could not tell whether Onboarding took ${BY_ID}: PostHog’s answer was lost. Hogmark will check, and add it if it is not there.`,
    });
    expect(flashes).toEqual([{ tabId: 7, kind: 'pending', title: result.message }]);
    expect((await pending?.state())?.changes).toEqual([
      expect.objectContaining({
        direction: 'add',
        recordingId: LOOSE,
        reason: 'outcome-unknown',
        playlistName: 'Onboarding',
      }),
    ]);
    server.clearFaults();
    server.clearRequests();
    const after = await pending?.retryNow();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(after?.changes).toEqual([]);
    expect(after?.notices).toEqual([expect.objectContaining({ outcome: 'applied', recordingId: LOOSE })]);
  });

  it('keeps an add no PostHog tab could take, and says one PostHog tab is what it waits for', async () => {
    const { quickAdd, playlists, pending } = setup(undefined, {
      withPending: true,
      wire: { signedIn: false, originTraits: cloudTraits },
    });
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    await playlists.list({ source: 'server' });
    expect(await quickAdd.forTab(7)).toMatchObject({
      outcome: 'pending',
      message: `Waiting to add ${BY_ID} to Onboarding: Hogmark could not open PostHog in a tab. Open PostHog and Hogmark adds it.`,
    });
    expect((await pending?.state())?.changes).toEqual([
      expect.objectContaining({ reason: 'no-session-tab' }),
    ]);
  });

  it('does not keep what waiting will not change (a missing collection): it fails at once', async () => {
    const { quickAdd, playlists, pending } = setup(undefined, { withPending: true });
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    await playlists.list({ source: 'server' });
    server.setFault({ method: 'POST', path: /recordings/, fault: { type: 'status', status: 404 } });
    expect(await quickAdd.forTab(7)).toMatchObject({ outcome: 'failed' });
    expect((await pending?.state())?.changes).toEqual([]);
    server.clearFaults();
  });

  it('tells the in-page button to choose a collection when none was used yet (no word of a shortcut)', async () => {
    const { quickAdd, opened } = setup();
    const context = { sender: { kind: 'content-script' as const, tabId: 4, url: `${server.url}/` } };
    expect(await quickAdd.fromPage({}, context)).toMatchObject({
      added: false,
      message: 'Choose a collection in Hogmark; this button then adds to it.',
    });
    expect(opened).toEqual([`1/${LOOSE} from 4`]);
  });

  it('says so on a page that is not a recording', async () => {
    const { quickAdd, flashes } = setup('/project/1/dashboard/1');
    expect(await quickAdd.forTab(3)).toMatchObject({ outcome: 'not-a-recording' });
    expect(flashes[0]).toMatchObject({ tabId: 3, kind: 'failed' });
  });

  it('answers the in-page button with the collection’s name (the sentence as its detail), and undoes only for the same recording', async () => {
    const { quickAdd, playlists } = setup();
    await playlists.markUsed(await playlists.scopeOf(), DEMO.playlists.onboarding);
    const context = { sender: { kind: 'content-script' as const, tabId: 4, url: `${server.url}/` } };
    const added = await quickAdd.fromPage({}, context);
    expect(added).toMatchObject({
      added: true,
      undoable: true,
      message: '✓ Onboarding',
      // Beside its own Undo button, never "Open Hogmark to undo".
      detail: `Added ${BY_ID} to Onboarding.`,
    });
    expect(await quickAdd.undoFromPage({}, context)).toEqual({
      undone: true,
      message: 'Removed from Onboarding.',
    });
    expect((await quickAdd.undoFromPage({}, context)).undone).toBe(false);
  });
});

describe('the context menu on recording links', () => {
  it('builds link patterns without ports, for every app origin', () => {
    expect(recordingLinkPatterns(['https://us.posthog.com', 'http://127.0.0.1:8010'])).toEqual([
      'https://us.posthog.com/project/*/replay/*',
      'https://us.posthog.com/project/*/recordings/*',
      'https://us.posthog.com/replay/*',
      'https://us.posthog.com/recordings/*',
      'http://127.0.0.1/project/*/replay/*',
      'http://127.0.0.1/project/*/recordings/*',
      'http://127.0.0.1/replay/*',
      'http://127.0.0.1/recordings/*',
    ]);
  });

  it('replaces only its own items, and acts on the link’s recording', async () => {
    const removed: string[] = [];
    const created: string[] = [];
    const addToLastUsed = vi.fn(async () => undefined);
    const choose = vi.fn(async () => undefined);
    const menus = createContextMenus({
      menus: {
        remove: async (id) => {
          removed.push(id);
        },
        create: (item) => created.push(item.id),
        update: async () => undefined,
      },
      getAppOrigins: async () => ['https://us.posthog.com'],
      parsePageContext,
      addToLastUsed,
      choose,
    });
    await menus.sync();
    expect(removed.sort()).toEqual([MENU_ADD_TO_LAST, MENU_CHOOSE].sort());
    expect(created).toEqual([MENU_ADD_TO_LAST, MENU_CHOOSE]);
    const link = `https://us.posthog.com/project/2/replay/${LOOSE}?t=30`;
    const pageUrl = 'https://example.com/chat';
    await menus.onClicked({ menuItemId: MENU_ADD_TO_LAST, linkUrl: link, pageUrl }, { id: 3 });
    await menus.onClicked(
      { menuItemId: MENU_CHOOSE, linkUrl: `https://us.posthog.com/replay/${LOOSE}` },
      { id: 5 },
    );
    await menus.onClicked({ menuItemId: 'hogmark-copy-dashboard-link', linkUrl: link });
    await menus.onClicked({
      menuItemId: MENU_ADD_TO_LAST,
      linkUrl: 'https://us.posthog.com/project/2/dashboard/1',
    });
    const target = { origin: 'https://us.posthog.com', recordingId: LOOSE };
    expect(addToLastUsed.mock.calls).toEqual([[{ ...target, projectId: 2 }, 3, pageUrl]]);
    // The tab the link was in goes with the pick: one that waits keeps its Firefox container.
    expect(choose.mock.calls).toEqual([[{ ...target, projectId: null }, 5]]);
  });
});

describe('the link menu’s add item', () => {
  it('names the last-used collection (cut to 40 characters), and follows when it changes', async () => {
    const titles = new Map<string, string>();
    let lastUsed: string | null = null;
    const menus = createContextMenus({
      menus: {
        remove: async (id) => {
          titles.delete(id);
        },
        create: (item) => titles.set(item.id, item.title),
        update: async (id, { title }) => {
          titles.set(id, title);
        },
      },
      getAppOrigins: async () => ['https://us.posthog.com'],
      parsePageContext,
      addToLastUsed: async () => undefined,
      choose: async () => undefined,
      lastUsedName: async () => lastUsed,
    });
    await menus.sync();
    expect(titles.get(MENU_ADD_TO_LAST)).toBe('Add recording to last-used collection');
    lastUsed = 'Checkout bugs';
    await menus.retitle();
    expect(titles.get(MENU_ADD_TO_LAST)).toBe('Add recording to Checkout bugs');
    lastUsed = `Checkout bugs ${'and more '.repeat(10)}`;
    await menus.retitle();
    expect(titles.get(MENU_ADD_TO_LAST)).toBe('Add recording to Checkout bugs and more and more and mor…');
  });
});

describe('the badge flash', () => {
  it('shows a mark and the sentence, then puts the tab’s own badge back', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const restore = vi.fn(async () => undefined);
    const hold = vi.fn((tabId: number) => void calls.push(`hold ${tabId}`));
    const flash = createBadgeFlash({
      hold,
      action: {
        setBadgeText: async ({ text }) => void calls.push(`text ${text}`),
        setBadgeBackgroundColor: async ({ color }) => void calls.push(`color ${color}`),
        setTitle: async ({ title }) => void calls.push(`title ${title}`),
      },
      restore,
      durationMs: 2000,
    });
    await flash(4, 'done', 'Added to Onboarding.');
    // The badge service is held first, so a view that changes meanwhile cannot wipe the mark.
    expect(calls).toEqual(['hold 4', 'text ✓', 'color #1E7B34', 'title Added to Onboarding.']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(restore).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(restore).toHaveBeenCalledWith(4);
    vi.useRealTimers();
  });
});
