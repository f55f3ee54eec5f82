import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createBulkAdd } from '../../../lib/background/bulk/bulk-add';
import { createBulkAsks } from '../../../lib/background/bulk/bulk-ask';
import { createLinkCollector } from '../../../lib/background/bulk/link-collector';
import { createLinkedRecordingsAdd } from '../../../lib/background/bulk/linked-recordings';
import {
  createContextMenus,
  type LinkClick,
  MENU_ADD_LINKED_PAGE,
  MENU_ADD_LINKED_SELECTION,
} from '../../../lib/background/recordings/recording-menus';
import { parsePageContext } from '../../../lib/posthog/context';
import { DEMO } from '../../fake-posthog/demo-ids';
import { cloudTraits, wirePlaylists } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

beforeAll(installEnglishTranslator);

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;
const MOBILE = '0191dd9e-1111-7ccc-8ddd-000000000003';
const SUPPORT = '0191dd9e-2222-7ccc-8ddd-000000000004';

describe('the menu on a selection or a page', () => {
  function menusWith(addLinked?: (click: LinkClick) => Promise<unknown>) {
    const created: Array<{ id: string; contexts: string[]; targetUrlPatterns?: string[] }> = [];
    const removed: string[] = [];
    const menus = createContextMenus({
      menus: {
        remove: async (id) => {
          removed.push(id);
        },
        create: (item) => created.push(item),
        update: async () => undefined,
      },
      getAppOrigins: async () => ['https://us.posthog.com'],
      parsePageContext,
      addToLastUsed: async () => undefined,
      choose: async () => undefined,
      ...(addLinked ? { addLinked } : {}),
    });
    return { menus, created, removed };
  }

  it('offers one item on selections and one on pages, on any site', async () => {
    const { menus, created, removed } = menusWith(async () => undefined);
    await menus.sync();
    // Removed first, so a second sync (a settings change) makes no duplicates.
    expect(removed).toEqual(expect.arrayContaining([MENU_ADD_LINKED_SELECTION, MENU_ADD_LINKED_PAGE]));
    const linked = created.filter((item) => !item.contexts.includes('link'));
    expect(linked).toEqual([
      expect.objectContaining({ id: MENU_ADD_LINKED_SELECTION, contexts: ['selection'] }),
      expect.objectContaining({ id: MENU_ADD_LINKED_PAGE, contexts: ['page'] }),
    ]);
    expect(linked.every((item) => item.targetUrlPatterns === undefined)).toBe(true);
  });

  it('offers neither without a way to read the page', async () => {
    const { menus, created } = menusWith();
    await menus.sync();
    expect(created.map((item) => item.id)).not.toContain(MENU_ADD_LINKED_SELECTION);
  });

  it('hands the click on: the tab, the frame clicked in, the scope and the selected text', async () => {
    const clicks: LinkClick[] = [];
    const { menus } = menusWith(async (click) => clicks.push(click));
    await menus.onClicked(
      { menuItemId: MENU_ADD_LINKED_SELECTION, frameId: 2, selectionText: 'x' },
      { id: 9 },
    );
    await menus.onClicked({ menuItemId: MENU_ADD_LINKED_PAGE }, { id: 9 });
    await menus.onClicked({ menuItemId: MENU_ADD_LINKED_PAGE }, {});
    expect(clicks).toEqual([
      { tabId: 9, frameId: 2, scope: 'selection', selectionText: 'x' },
      { tabId: 9, frameId: 0, scope: 'page' },
    ]);
  });
});

describe('adding the recordings linked on a page, end to end in the background', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  async function setup(
    page: unknown,
    options: {
      wire?: Parameters<typeof wirePlaylists>[1];
      cachedFace?: Parameters<typeof createLinkedRecordingsAdd>[0]['cachedFace'];
    } = {},
  ) {
    const wired = wirePlaylists(server, options.wire);
    const opened: string[] = [];
    const asks = createBulkAsks({
      openAskWindow: async (askId) => {
        opened.push(askId);
      },
    });
    await wired.playlists.markUsed(await wired.playlists.scopeOf(), onboarding);
    await wired.playlists.list({ source: 'server' });
    const flashes: Array<{ tabId: number; kind: string; title: string }> = [];
    const addLinked = createLinkedRecordingsAdd({
      collectLinks: createLinkCollector({
        readLinks: async () => {
          if (page instanceof Error) throw page;
          return page;
        },
      }),
      getAppOrigins: async () => [server.url],
      parsePageContext,
      bulkAdd: createBulkAdd({ ...wired, hasBulkAdd: () => true, confirm: asks.ask }),
      flash: async (tabId, kind, title) => {
        flashes.push({ tabId, kind, title });
      },
      ...(options.cachedFace ? { cachedFace: options.cachedFace } : {}),
      dropQuestions: asks.dropAll,
    });
    server.clearRequests();
    return { addLinked, flashes, asks, opened };
  }

  const many = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `${server.url}/project/1/replay/0191dd9f-0000-7000-8000-${String(i).padStart(12, '0')}`,
    );

  it('asks in its window before adding 25 linked recordings, and adds them on Yes', async () => {
    const { addLinked, flashes, asks, opened } = await setup(many(25));
    const run = addLinked({ tabId: 7, frameId: 0, scope: 'selection' });
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    const askId = opened[0] ?? '';
    expect(asks.question(askId)).toEqual({ question: { count: 25, playlistName: 'Onboarding' } });
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(asks.answer(askId, true)).toEqual({ answered: true });
    expect((await run).kind).toBe('done');
    expect(flashes.at(-1)?.title).toBe('Added 25 recordings to Onboarding via your PostHog session.');
    // Answered once: the window's second click changes nothing.
    expect(asks.answer(askId, true)).toEqual({ answered: false });
  });

  it('a second click while the first waits for its answer drops that question: it adds nothing', async () => {
    const { addLinked, asks, opened } = await setup(many(25));
    const first = addLinked({ tabId: 7, frameId: 0, scope: 'selection' });
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    const second = addLinked({ tabId: 7, frameId: 0, scope: 'selection' });
    expect((await first).message).toBe('Nothing was added: Hogmark asked first, and the answer was not Add.');
    expect(asks.question(opened[0] ?? '')).toEqual({ question: null });
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    asks.answer(opened[1] ?? '', false);
    expect((await second).kind).toBe('same');
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('adds the recordings the page links to and flashes the result on that tab', async () => {
    const { addLinked, flashes } = await setup([
      `${server.url}/project/1/replay/${loose}`,
      `${server.url}/project/1/dashboard/1`,
      `${server.url}/project/1/replay/${MOBILE}?t=3`,
      `${server.url}/project/1/replay/${loose}`,
    ]);
    await addLinked({ tabId: 5, frameId: 0, scope: 'page' });
    const posts = server.requests.filter((request) => request.method === 'POST');
    expect(posts.map((post) => post.body)).toEqual([{ session_recording_ids: [loose, MOBILE] }]);
    expect(flashes).toEqual([
      { tabId: 5, kind: 'done', title: 'Added 2 recordings to Onboarding via your PostHog session.' },
    ]);
  });

  it('a page Hogmark cannot read: says so on that tab, sends nothing', async () => {
    const { addLinked, flashes } = await setup(new Error('Cannot access contents of the page'));
    expect(await addLinked({ tabId: 5, frameId: 0, scope: 'page' })).toEqual({
      kind: 'failed',
      message: 'Hogmark cannot read the links on this page.',
    });
    expect(flashes).toEqual([
      { tabId: 5, kind: 'failed', title: 'Hogmark cannot read the links on this page.' },
    ]);
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('two quick clicks run one after the other: the second finds the first one’s work done', async () => {
    const { addLinked, flashes } = await setup([`${server.url}/project/1/replay/${SUPPORT}`]);
    const click = { tabId: 5, frameId: 0, scope: 'selection' as const };
    await Promise.all([addLinked(click), addLinked(click)]);
    expect(flashes.map((flash) => flash.kind)).toEqual(['done', 'same']);
    expect(flashes[1]?.title).toBe('The linked recording was already in Onboarding.');
  });

  it('names the recordings not added by who they are, where that is already known (no request)', async () => {
    const asked: string[] = [];
    const { addLinked, flashes } = await setup(
      [`${server.url}/project/1/replay/${loose}`, `${server.url}/project/1/replay/${MOBILE}`],
      {
        wire: { signedIn: false, originTraits: cloudTraits },
        cachedFace: async ({ projectId, recordingId }) => {
          asked.push(`${projectId} ${recordingId}`);
          return recordingId === MOBILE ? { person: 'ana@acme.com', startTime: null } : null;
        },
      },
    );
    await addLinked({ tabId: 5, frameId: 0, scope: 'page' });
    expect(asked.sort()).toEqual([`1 ${loose}`, `1 ${MOBILE}`].sort());
    expect(flashes[0]?.title).toMatch(
      /^2 recordings were not added \(…00000002, ana@acme\.com’s recording\): /,
    );
    expect(server.requests.filter((request) => request.path.includes('/session_recordings/'))).toEqual([]);
  });
});
