import { signal } from '@preact/signals';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CollectionEntry, Membership } from '../../lib/messaging/collection-entries';
import { AppError } from '../../lib/platform/errors';
import { WAIT_NOTICE_MS } from '../../lib/stores/collection-changes';
import { CREATE_OPTION, createCollectionPickerStore } from '../../lib/stores/collection-picker';
import {
  filterRows,
  moveSelection,
  orderCollections,
  type PickerScope,
  pickerScopeOf,
  toRows,
} from '../../lib/stores/collection-picker-model';
import { fakeBackground } from '../support/fake-background';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const REC = '0191dd9d-ffff-7aaa-8bbb-000000000002';
const entry = (shortId: string, name: string, extra: Partial<CollectionEntry> = {}): CollectionEntry => ({
  shortId,
  name,
  pinned: false,
  kind: 'collection',
  ...extra,
});
const PLAYLISTS = [
  entry('Aaaaaaa1', 'Alpha'),
  entry('Bbbbbbb2', 'Bravo', { pinned: true }),
  entry('Ccccccc3', 'Charlie'),
  entry('Ddddddd4', 'Delta', { kind: 'filters' }),
  entry('synthetic-watch-history', 'Watch history', { kind: 'synthetic' }),
  entry('Eeeeeee5', 'Echo'),
];

describe('orderCollections', () => {
  it('puts the last used first, then pinned, then recent, then the rest; saved filters last; synthetic out', () => {
    const ordered = orderCollections(PLAYLISTS, { lastUsed: 'Eeeeeee5', recent: ['Ccccccc3', 'Eeeeeee5'] });
    expect(ordered.map((p) => p.name)).toEqual(['Echo', 'Bravo', 'Charlie', 'Alpha', 'Delta']);
  });

  it('ignores preferences that name playlists no longer listed', () => {
    const ordered = orderCollections(PLAYLISTS, { lastUsed: 'Gone0000', recent: ['Gone0000'] });
    expect(ordered.map((p) => p.name)).toEqual(['Bravo', 'Alpha', 'Charlie', 'Echo', 'Delta']);
  });
});

describe('filterRows', () => {
  const rows = toRows(orderCollections(PLAYLISTS, { recent: [] }), 'Untitled collection');

  it('matches names case-insensitively anywhere, and says whether one is named exactly so', () => {
    expect(filterRows(rows, 'HAR').shown.map((r) => r.entry.name)).toEqual(['Charlie']);
    expect(filterRows(rows, ' bravo ').exact).toBe(true);
    expect(filterRows(rows, 'brav').exact).toBe(false);
    expect(filterRows(rows, '').total).toBe(5);
  });

  it('filters 10,000 playlists per keystroke, rendering at most a window of them', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      entry(`P${String(i).padStart(7, '0')}`, `Pricing alerts (APAC) #${String(i).padStart(5, '0')}`),
    );
    const big = toRows(orderCollections(many, { recent: [] }), 'Untitled collection');
    // How fast is the bench's figure (`npm run bench`, filter p95 at 10,000); no timing is a test.
    let result = filterRows(big, '');
    for (const query of ['p', 'pr', 'pri', 'pricing', 'pricing alerts (apac) #0004', '#09999']) {
      result = filterRows(big, query);
    }
    expect(result.total).toBe(1);
    expect(result.shown[0]?.entry.name).toBe('Pricing alerts (APAC) #09999');
    expect(filterRows(big, 'apac').shown).toHaveLength(50);
    expect(filterRows(big, 'apac').total).toBe(10_000);
    expect(filterRows(big, '#0004').total).toBe(10);
  });
});

describe('moveSelection', () => {
  const options = [
    { id: 'a', enabled: true },
    { id: 'f', enabled: false },
    { id: 'b', enabled: true },
  ];
  it.each([
    [null, 1, 'a'],
    [null, -1, 'b'],
    ['a', 1, 'b'],
    ['b', 1, 'b'],
    ['b', -1, 'a'],
    ['a', -10, 'a'],
  ])('from %s by %i lands on %s, skipping disabled options', (from, delta, to) => {
    expect(moveSelection(options, from, delta)).toBe(to);
  });
});

describe('pickerScopeOf', () => {
  const status = { configured: true, origin: 'https://us.posthog.com', projectId: 1 };
  const recording = {
    kind: 'recording' as const,
    origin: 'https://us.posthog.com',
    projectId: null,
    recordingId: REC,
  };
  it('takes the page’s recording, a ?recording= window, or nothing', () => {
    expect(pickerScopeOf({ phase: 'loading' }, '')).toBeNull();
    expect(pickerScopeOf({ phase: 'ready', status, context: recording, hints: {} }, '')).toEqual({
      origin: 'https://us.posthog.com',
      recording: { recordingId: REC },
    });
    expect(
      pickerScopeOf({ phase: 'ready', status, context: null, hints: {} }, `?recording=${REC}&project=2`),
    ).toEqual({
      origin: 'https://us.posthog.com',
      recording: { recordingId: REC, projectId: 2 },
    });
    const elsewhere = { ...recording, origin: 'https://eu.posthog.com' };
    expect(
      pickerScopeOf({ phase: 'ready', status, context: elsewhere, hints: {} }, '')?.recording,
    ).toBeNull();
  });
});

/** A background that answers like the real one: the seed's playlists, and what was added to them. */
function pickerBackground(options: { cached?: boolean; membership?: Membership } = {}) {
  let membership: Membership = options.membership ?? { complete: true, holds: ['Ccccccc3'], lacks: [] };
  const failures: AppError[] = [];
  /** What the next create-and-adds do: fail with this error, or create without adding ('not added'). */
  const creates: Array<AppError | 'not added'> = [];
  /** Collections PostHog lists beyond the seed (one made although its answer was lost). */
  const listed: CollectionEntry[] = [];
  let action = 0;
  let addDelay = 5;
  let createDelay = 0;
  const background = fakeBackground({
    'playlists/list': async ({ source }) => ({
      projectId: 1,
      fetchedAt: source === 'cache' && !options.cached ? null : 1,
      playlists: source === 'cache' && !options.cached ? [] : [...listed, ...PLAYLISTS],
      lastUsed: 'Aaaaaaa1',
      recent: [],
      membership,
    }),
    'playlists/add': async ({ shortId, note }) => {
      await new Promise((resolve) => setTimeout(resolve, addDelay));
      const failure = failures.shift();
      if (failure) throw failure;
      membership = { ...membership, holds: [...membership.holds, shortId] };
      return {
        outcome: 'added',
        shortId,
        playlistName: '',
        via: 'session',
        actionId: `a${++action}`,
        membership,
        // The background writes a note at the second it is given.
        ...(note ? { note: { saved: true, second: note.second, via: 'key' } } : {}),
      };
    },
    'playlists/undo': async () => {
      membership = { ...membership, holds: membership.holds.filter((id) => id !== 'Aaaaaaa1') };
      return {
        outcome: 'removed',
        shortId: 'Aaaaaaa1',
        playlistName: 'Alpha',
        via: 'session',
        actionId: 'u1',
        membership,
      };
    },
    'playlists/cancel': async () => ({ cancelled: true }),
    'playlists/create-and-add': async ({ name, note }) => {
      await new Promise((resolve) => setTimeout(resolve, createDelay));
      const next = creates.shift();
      if (next instanceof AppError) throw next;
      const playlist = entry('Newwwww1', name);
      if (next === 'not added') return { playlist, change: null, error: null };
      membership = { ...membership, holds: [...membership.holds, playlist.shortId] };
      const change = {
        outcome: 'added' as const,
        shortId: playlist.shortId,
        playlistName: name,
        membership,
        ...(note ? { note: { saved: true as const, second: note.second, via: 'key' as const } } : {}),
      };
      return { playlist, change: { ...change, via: 'key', actionId: 'c1' }, error: null };
    },
  });
  return {
    ...background,
    failures,
    creates,
    listed,
    slowAdd: (ms: number) => {
      addDelay = ms;
    },
    slowCreate: (ms: number) => {
      createDelay = ms;
    },
  };
}

async function openPicker(background = pickerBackground()) {
  const scope = signal({ origin: 'https://us.posthog.com', recording: { recordingId: REC } });
  const store = createCollectionPickerStore({ send: background.send, scope });
  await vi.waitFor(() => expect(store.phase.value).toBe('ready'));
  await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
  return { store, background };
}

describe('the playlist picker store', () => {
  it('paints from the cache, then revalidates, with the last used playlist preselected', async () => {
    const background = pickerBackground({ cached: true });
    const { store } = await openPicker(background);
    expect(
      background.sent
        .filter((m) => m.type === 'playlists/list')
        .map((m) => (m.input as { source: string }).source),
    ).toEqual(['cache', 'fresh']);
    expect(store.selected.value).toBe('Aaaaaaa1');
    expect(store.options.value.map((o) => [o.id, o.holding, o.enabled])).toEqual([
      ['Aaaaaaa1', 'out', true],
      ['Bbbbbbb2', 'out', true],
      ['Ccccccc3', 'in', true],
      ['Eeeeeee5', 'out', true],
      ['Ddddddd4', 'out', false],
    ]);
  });

  it('paints from the list `popup/open` brought, without asking for the cache again', async () => {
    const background = pickerBackground();
    const scope = signal<PickerScope | null>(null);
    const store = createCollectionPickerStore({ send: background.send, scope });
    const list = {
      projectId: 1,
      fetchedAt: 1,
      playlists: PLAYLISTS,
      lastUsed: 'Aaaaaaa1',
      recent: [],
      membership: { complete: true, holds: ['Ccccccc3'], lacks: [] },
    };
    store.open({
      session: { pick: null, lastAction: null },
      playlists: { recording: { recordingId: REC }, list },
    });
    scope.value = { origin: 'https://us.posthog.com', recording: { recordingId: REC } };
    // Ready at once, in the same turn: the popup's first render has the rows.
    expect(store.phase.value).toBe('ready');
    expect(store.selected.value).toBe('Aaaaaaa1');
    expect(background.sent).toEqual([]);
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
    expect(background.sent.map((m) => (m.input as { source: string }).source)).toEqual(['fresh']);
  });

  it('asks for the cache itself when `popup/open` brought the list of another recording', async () => {
    const background = pickerBackground({ cached: true });
    const scope = signal<PickerScope | null>(null);
    const store = createCollectionPickerStore({ send: background.send, scope });
    store.open({
      session: { pick: null, lastAction: null },
      playlists: {
        recording: { recordingId: REC, projectId: 2 },
        list: { projectId: 2, fetchedAt: 1, playlists: [], recent: [], membership: null },
      },
    });
    scope.value = { origin: 'https://us.posthog.com', recording: { recordingId: REC } };
    await vi.waitFor(() =>
      expect(background.sent.map((m) => (m.input as { source: string }).source)).toEqual(['cache', 'fresh']),
    );
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
    expect(store.options.value[0]?.id).toBe('Aaaaaaa1');
  });

  it('takes the context menu’s pick over the page’s recording', async () => {
    const background = pickerBackground({ cached: true });
    const scope = signal<PickerScope | null>(null);
    const store = createCollectionPickerStore({ send: background.send, scope });
    const picked = '0191dd9d-ec00-726b-b2a7-4de452e6b439';
    store.open({
      session: { pick: { projectId: 3, recordingId: picked }, lastAction: null },
      playlists: null,
    });
    scope.value = { origin: 'https://us.posthog.com', recording: { recordingId: REC } };
    expect(store.target.value).toEqual({
      origin: 'https://us.posthog.com',
      projectId: 3,
      recordingId: picked,
    });
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
  });

  it('sends one add for a double Enter, and says "already" without sending for a playlist that holds it', async () => {
    const { store, background } = await openPicker();
    await Promise.all([store.choose(), store.choose()]);
    expect(background.count('playlists/add')).toBe(1);
    expect(store.notice.value).toMatchObject({
      kind: 'added',
      name: 'Alpha',
      via: 'session',
      actionId: 'a1',
    });
    await store.choose('Ccccccc3');
    expect(background.count('playlists/add')).toBe(1);
    expect(store.notice.value).toMatchObject({ kind: 'already', shortId: 'Ccccccc3', name: 'Charlie' });
  });

  it('sends the tab the popup is over with every write (its container is the one the change goes through)', async () => {
    const background = pickerBackground();
    const scope = signal({ origin: 'https://us.posthog.com', recording: { recordingId: REC } });
    const store = createCollectionPickerStore({ send: background.send, scope, askedFrom: async () => 42 });
    await vi.waitFor(() => expect(store.phase.value).toBe('ready'));
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
    await store.choose('Aaaaaaa1');
    await store.remove('Aaaaaaa1');
    const writes = background.sent.filter((m) => m.type === 'playlists/add' || m.type === 'playlists/remove');
    expect(writes.map((m) => [m.type, (m.input as { tabId?: number }).tabId])).toEqual([
      ['playlists/add', 42],
      ['playlists/remove', 42],
    ]);
    store.setQuery('Delta');
    await store.choose(CREATE_OPTION);
    const created = background.sent.find((m) => m.type === 'playlists/create-and-add');
    expect((created?.input as { tabId?: number } | undefined)?.tabId).toBe(42);
  });

  it('undoes the last add', async () => {
    const { store, background } = await openPicker();
    await store.choose('Aaaaaaa1');
    await store.undo();
    expect(background.sent.at(-1)).toEqual({ type: 'playlists/undo', input: { actionId: 'a1' } });
    expect(store.notice.value).toMatchObject({ kind: 'removed', name: 'Alpha' });
    expect(store.options.value.find((o) => o.id === 'Aaaaaaa1')?.holding).toBe('out');
  });

  it('rolls back on failure, keeps the selection, and "Try again" adds', async () => {
    const { store, background } = await openPicker();
    background.failures.push(new AppError('rate-limited', { retryAfterSeconds: 7 }));
    store.move(1);
    expect(store.selected.value).toBe('Bbbbbbb2');
    const adding = store.choose();
    expect(store.options.value.find((o) => o.id === 'Bbbbbbb2')?.holding).toBe('in');
    await adding;
    expect(store.options.value.find((o) => o.id === 'Bbbbbbb2')?.holding).toBe('out');
    expect(store.failure.value?.error.message).toBe(
      'PostHog is rate-limiting your key. Try again in 7 seconds.',
    );
    expect(store.selected.value).toBe('Bbbbbbb2');
    await store.failure.value?.retry?.();
    expect(store.failure.value).toBeNull();
    expect(store.notice.value).toMatchObject({ kind: 'added', shortId: 'Bbbbbbb2' });
    expect(background.count('playlists/add')).toBe(2);
  });

  it.each([
    ['signed-out', "You're signed out of PostHog. Sign in to PostHog in this browser, then try again."],
    ['no-session-tab', /^PostHog only allows this from a signed-in PostHog tab/],
  ] as const)('%s: says what to do, and "Try again" adds once that is done', async (kind, message) => {
    const { store, background } = await openPicker();
    background.failures.push(new AppError(kind));
    await store.choose('Bbbbbbb2');
    expect(store.failure.value?.error).toMatchObject({ kind, message: expect.stringMatching(message) });
    expect(store.failure.value?.retryLabel).toBe('Try again');
    await store.failure.value?.retry?.();
    expect(store.notice.value).toMatchObject({ kind: 'added', shortId: 'Bbbbbbb2' });
    expect(background.count('playlists/add')).toBe(2);
  });

  it('after an add nobody could confirm, shows the row as neither in nor out and offers Check again', async () => {
    const { store, background } = await openPicker();
    background.failures.push(new AppError('outcome-unknown'));
    await store.choose('Bbbbbbb2');
    expect(store.options.value.find((o) => o.id === 'Bbbbbbb2')?.holding).not.toMatch(/^(in|out)$/);
    expect(store.failure.value?.error.message).toMatch(/could not check whether it was made/);
    expect(store.failure.value?.retryLabel).toBe('Check again');
    await store.failure.value?.retry?.();
    // Check again reads; it never sends the add again.
    expect(background.count('playlists/add')).toBe(1);
    expect(background.count('playlists/list')).toBe(4);
  });

  it('says it is still waiting after a few seconds, and Cancel asks the background to stop', async () => {
    const { store, background } = await openPicker();
    vi.useFakeTimers();
    try {
      background.failures.push(new AppError('cancelled'));
      background.slowAdd(WAIT_NOTICE_MS + 10);
      const adding = store.choose('Bbbbbbb2');
      await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS - 1);
      expect(store.waiting.value).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(store.waiting.value?.id).toBe('Bbbbbbb2');
      await store.waiting.value?.cancel();
      expect(store.waiting.value).toBeNull();
      expect(background.sent.at(-1)).toEqual({
        type: 'playlists/cancel',
        input: { projectId: 1, shortId: 'Bbbbbbb2', recordingId: REC },
      });
      await vi.advanceTimersByTimeAsync(20);
      await adding;
      expect(store.failure.value?.error.kind).toBe('cancelled');
      expect(store.failure.value?.retryLabel).toBe('Check again');
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains a playlist deleted meanwhile and offers to reload the list', async () => {
    const { store, background } = await openPicker();
    background.failures.push(new AppError('not-found'));
    await store.choose('Eeeeeee5');
    expect(store.failure.value?.error.message).toMatch(/^Echo no longer exists in PostHog/);
    expect(store.failure.value?.retryLabel).toBe('Reload list');
    await store.failure.value?.retry?.();
    // Cache, then server, again.
    expect(background.count('playlists/list')).toBe(4);
    expect(store.failure.value).toBeNull();
  });

  it('offers "Create" for a new name only, and creates then adds', async () => {
    const { store, background } = await openPicker();
    store.setQuery('alpha');
    expect(store.options.value.map((o) => o.id)).toEqual(['Aaaaaaa1']);
    store.setQuery('Triage');
    expect(store.options.value.map((o) => o.id)).toEqual([CREATE_OPTION]);
    expect(store.selected.value).toBe(CREATE_OPTION);
    await Promise.all([store.choose(), store.choose()]);
    expect(background.count('playlists/create-and-add')).toBe(1);
    expect(background.sent.at(-1)).toEqual({
      type: 'playlists/create-and-add',
      input: { projectId: 1, name: 'Triage', recordingId: REC },
    });
    expect(store.query.value).toBe('');
    expect(store.selected.value).toBe('Newwwww1');
    expect(store.options.value[0]?.row?.entry.name).toBe('Triage');
    expect(store.notice.value).toMatchObject({ kind: 'added', name: 'Triage' });
  });

  it('after a create nobody could confirm, Check again reads the list and never creates a second collection', async () => {
    const { store, background } = await openPicker();
    background.creates.push(new AppError('outcome-unknown'));
    store.setQuery('Triage');
    await store.choose();
    expect(store.failure.value?.error.message).toMatch(/could not check whether it was made/);
    expect(store.failure.value?.retryLabel).toBe('Check again');
    // PostHog had made it: the read finds it, and it is the one offered (not "Create" again).
    background.listed.push(entry('Newwwww1', 'Triage'));
    await store.failure.value?.retry?.();
    expect(background.count('playlists/create-and-add')).toBe(1);
    expect(store.failure.value).toBeNull();
    expect(store.options.value.map((o) => o.id)).toEqual(['Newwwww1']);
    expect(store.selected.value).toBe('Newwwww1');
  });

  it('after a create PostHog refused, Try again creates', async () => {
    const { store, background } = await openPicker();
    background.creates.push(new AppError('rate-limited'));
    store.setQuery('Triage');
    await store.choose();
    expect(store.failure.value?.retryLabel).toBe('Try again');
    await store.failure.value?.retry?.();
    expect(background.count('playlists/create-and-add')).toBe(2);
    expect(store.notice.value).toMatchObject({ kind: 'added', name: 'Triage' });
  });

  it('says it is still waiting for a slow create, and Cancel asks the background to stop that create', async () => {
    const { store, background } = await openPicker();
    vi.useFakeTimers();
    try {
      background.creates.push(new AppError('cancelled'));
      background.slowCreate(WAIT_NOTICE_MS + 10);
      store.setQuery('Triage');
      const creating = store.choose();
      await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
      expect(store.waiting.value?.id).toBe(CREATE_OPTION);
      await store.waiting.value?.cancel();
      expect(background.sent.at(-1)).toEqual({
        type: 'playlists/cancel',
        input: { projectId: 1, name: 'Triage', recordingId: REC },
      });
      await vi.advanceTimersByTimeAsync(20);
      await creating;
      expect(store.failure.value?.error.kind).toBe('cancelled');
      expect(store.failure.value?.retryLabel).toBe('Check again');
    } finally {
      vi.useRealTimers();
    }
  });

  it('when Cancel came after PostHog created the collection, says it is not added yet, and Try again adds it', async () => {
    const { store, background } = await openPicker();
    background.creates.push('not added');
    store.setQuery('Triage');
    await store.choose();
    expect(store.selected.value).toBe('Newwwww1');
    expect(store.failure.value?.error.message).toBe(
      'Created Triage, but the recording was not added because you stopped waiting.',
    );
    expect(store.failure.value?.retryLabel).toBe('Try again');
    await store.failure.value?.retry?.();
    expect(background.sent.at(-1)).toEqual({
      type: 'playlists/add',
      input: { projectId: 1, shortId: 'Newwwww1', recordingId: REC },
    });
    expect(store.notice.value).toMatchObject({ kind: 'added', shortId: 'Newwwww1', name: 'Triage' });
  });

  it('never offers a saved filter as a target', async () => {
    const { store, background } = await openPicker();
    store.setQuery('delta');
    expect(store.selected.value).not.toBe('Ddddddd4');
    await store.choose('Ddddddd4');
    expect(background.count('playlists/add')).toBe(0);
  });

  it('shows the last action from a shortcut, with Undo, even off a recording page', async () => {
    const background = pickerBackground();
    const lastAction = {
      id: 'k1',
      projectId: 1,
      recordingId: REC,
      shortId: 'Aaaaaaa1',
      playlistName: 'Alpha',
      change: 'added' as const,
      via: 'key' as const,
      at: 1,
    };
    const store = createCollectionPickerStore({ send: background.send, scope: signal(null) });
    store.open({ session: { pick: null, lastAction }, playlists: null });
    expect(store.target.value).toBeNull();
    expect(store.notice.value).toEqual({
      kind: 'added',
      shortId: 'Aaaaaaa1',
      name: 'Alpha',
      via: 'key',
      actionId: 'k1',
    });
  });
});

describe("the picker's note and the second it is pinned at", () => {
  const OTHER = '0191dd9d-ec00-726b-b2a7-4de452e6b439';
  type Shown = { recordingId: string; second: number } | null;
  type PickerStore = ReturnType<typeof createCollectionPickerStore>;

  async function pickerWithPlayer(shown: Shown) {
    const background = pickerBackground();
    const scope = signal({ origin: 'https://us.posthog.com', recording: { recordingId: REC } });
    const playerSecond = signal<Shown>(shown);
    const store = createCollectionPickerStore({ send: background.send, scope, playerSecond });
    await vi.waitFor(() => expect(store.phase.value).toBe('ready'));
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
    return { store, background, scope, playerSecond };
  }
  const notesSent = (background: ReturnType<typeof pickerBackground>) =>
    background.sent
      .filter((m) => m.type === 'playlists/add')
      .map((m) => (m.input as { note?: { text: string; second: number } }).note);

  it('pins the note at the second the player shows, as before', async () => {
    const { store, background } = await pickerWithPlayer({ recordingId: REC, second: 42.8 });
    expect(store.note.playerSecond.value).toBe(42);
    store.note.text.value = '  Coupon rejected ';
    await store.choose('Aaaaaaa1');
    expect(notesSent(background)).toEqual([{ text: 'Coupon rejected', second: 42 }]);
    expect(store.notice.value?.note).toEqual({ saved: true, second: 42 });
    expect(store.note.text.value).toBe('');
  });

  it.each([
    ['the position cannot be read', null],
    ["the player shows another recording's second", { recordingId: OTHER, second: 42 }],
  ] as const)(
    'when %s, claims no second (never 00:00) and sends nothing until a time is typed',
    async (_, shown) => {
      const { store, background } = await pickerWithPlayer(shown);
      expect(store.note.playerSecond.value).toBeNull();
      expect(store.note.second.value).toBeUndefined();
      store.note.text.value = 'Coupon rejected';
      await store.choose('Aaaaaaa1');
      // Neither the add nor a note at the recording's start: the field asks for the time.
      expect(background.count('playlists/add')).toBe(0);
      expect(store.note.timeAsked.value).toBe(1);
      expect(store.notice.value).toBeNull();
      expect(store.note.text.value).toBe('Coupon rejected');
      // Where the collection already holds it too: no "already", nothing sent.
      await store.choose('Ccccccc3');
      expect(background.count('playlists/add')).toBe(0);
      expect(store.notice.value).toBeNull();
      expect(store.note.timeAsked.value).toBe(2);
    },
  );

  it('pins the note where the user typed, read as the link’s "Start at" reads it', async () => {
    const { store, background } = await pickerWithPlayer(null);
    store.note.text.value = 'Coupon rejected';
    await store.choose('Aaaaaaa1');
    expect(store.note.timeAsked.value).toBe(1);
    store.note.setTypedTime('1:3');
    // Typing answers the ask; a time that is no time waits for a good one.
    expect(store.note.timeAsked.value).toBe(0);
    expect(store.note.typedTimeInvalid.value).toBe(true);
    await store.choose('Aaaaaaa1');
    expect(background.count('playlists/add')).toBe(0);
    store.note.setTypedTime(' 1:30 ');
    expect(store.note.typedTimeInvalid.value).toBe(false);
    await store.choose('Aaaaaaa1');
    expect(notesSent(background)).toEqual([{ text: 'Coupon rejected', second: 90 }]);
    expect(store.notice.value?.note).toEqual({ saved: true, second: 90 });
    // Written: the next note starts from nothing, its time too.
    expect([store.note.text.value, store.note.typedTime.value]).toEqual(['', '']);
  });

  it("takes the player's second over a typed time once the player shows one", async () => {
    const { store, background, playerSecond } = await pickerWithPlayer(null);
    store.note.text.value = 'Coupon rejected';
    store.note.setTypedTime('90');
    playerSecond.value = { recordingId: REC, second: 12 };
    await store.choose('Aaaaaaa1');
    expect(notesSent(background)).toEqual([{ text: 'Coupon rejected', second: 12 }]);
  });

  it('sends the note with a plain Enter or a click while the field holds text, and says so beforehand', async () => {
    const { store, background } = await pickerWithPlayer({ recordingId: REC, second: 75 });
    expect(store.action.value).toBe('add');
    store.note.text.value = 'Coupon rejected';
    expect(store.action.value).toBe('add-with-note');
    await store.choose('Aaaaaaa1');
    expect(notesSent(background)).toEqual([{ text: 'Coupon rejected', second: 75 }]);
    expect(store.notice.value?.note).toEqual({ saved: true, second: 75 });
    // Written: the field is empty, and the next add is a plain one.
    expect(store.note.text.value).toBe('');
    expect(store.action.value).toBe('add');
    await store.choose('Bbbbbbb2');
    expect(notesSent(background)).toEqual([{ text: 'Coupon rejected', second: 75 }, undefined]);
  });

  it('sends the note with a new collection’s create-and-add', async () => {
    const { store, background } = await pickerWithPlayer({ recordingId: REC, second: 75 });
    store.note.text.value = 'Coupon rejected';
    store.setQuery('Escalations');
    await store.choose(CREATE_OPTION);
    const created = background.sent.filter((m) => m.type === 'playlists/create-and-add');
    expect(created.map((m) => (m.input as { note?: unknown }).note)).toEqual([
      { text: 'Coupon rejected', second: 75 },
    ]);
    expect(store.note.text.value).toBe('');
  });

  it('without a second, a create-and-add with a note waits for the time and creates nothing', async () => {
    const { store, background } = await pickerWithPlayer(null);
    store.note.text.value = 'Coupon rejected';
    store.setQuery('Escalations');
    await store.choose(CREATE_OPTION);
    expect(background.count('playlists/create-and-add')).toBe(0);
    expect(store.note.timeAsked.value).toBe(1);
  });

  it('an add that waited for the time goes once the player shows its second, and only once', async () => {
    const { store, background, playerSecond } = await pickerWithPlayer(null);
    store.note.text.value = 'Coupon rejected';
    await store.choose('Aaaaaaa1');
    expect(background.count('playlists/add')).toBe(0);
    // The popup opened as the page loaded: the player's second comes a moment later.
    playerSecond.value = { recordingId: REC, second: 7 };
    await vi.waitFor(() => expect(store.notice.value?.note).toEqual({ saved: true, second: 7 }));
    expect(notesSent(background)).toEqual([{ text: 'Coupon rejected', second: 7 }]);
    playerSecond.value = { recordingId: REC, second: 8 };
    await Promise.resolve();
    expect(background.count('playlists/add')).toBe(1);
  });

  it.each([
    [
      'the note was changed',
      (store: PickerStore): void => {
        store.note.text.value = 'Coupon field';
      },
    ],
    ['a time was typed', (store: PickerStore): void => store.note.setTypedTime('1:')],
    [
      'the note was emptied',
      (store: PickerStore): void => {
        store.note.text.value = '';
      },
    ],
  ] as const)('an add that waited for the time does not go by itself once %s', async (_, change) => {
    const { store, background, playerSecond } = await pickerWithPlayer(null);
    store.note.text.value = 'Coupon rejected';
    await store.choose('Aaaaaaa1');
    change(store);
    playerSecond.value = { recordingId: REC, second: 7 };
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(background.count('playlists/add')).toBe(0);
  });

  it("an add that waited for the time does not go on another recording's second", async () => {
    const { store, background, playerSecond } = await pickerWithPlayer(null);
    store.note.text.value = 'Coupon rejected';
    await store.choose('Aaaaaaa1');
    playerSecond.value = { recordingId: OTHER, second: 7 };
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(background.count('playlists/add')).toBe(0);
  });

  it('a create-and-add that waited for the time goes with the name asked for, not a later search', async () => {
    const { store, background, playerSecond } = await pickerWithPlayer(null);
    store.note.text.value = 'Coupon rejected';
    store.setQuery('Escalations');
    await store.choose(CREATE_OPTION);
    store.setQuery('Escalations 2');
    playerSecond.value = { recordingId: REC, second: 7 };
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(background.count('playlists/create-and-add')).toBe(0);

    playerSecond.value = null;
    await store.choose(CREATE_OPTION);
    playerSecond.value = { recordingId: REC, second: 9 };
    await vi.waitFor(() => expect(background.count('playlists/create-and-add')).toBe(1));
    const created = background.sent.filter((m) => m.type === 'playlists/create-and-add');
    expect(created.map((m) => m.input)).toMatchObject([
      { name: 'Escalations 2', note: { text: 'Coupon rejected', second: 9 } },
    ]);
  });

  it('tags the last-used collection, and moves the tag to the collection an add went to', async () => {
    const { store } = await pickerWithPlayer(null);
    const tagged = () => store.options.value.filter((option) => option.lastUsed).map((option) => option.id);
    expect(tagged()).toEqual(['Aaaaaaa1']);
    expect(store.options.value[0]?.id).toBe('Aaaaaaa1');
    await store.choose('Bbbbbbb2');
    expect(tagged()).toEqual(['Bbbbbbb2']);
  });

  it('stops offering Undo of an earlier add once the user types a new search', async () => {
    const { store } = await pickerWithPlayer(null);
    await store.choose('Aaaaaaa1');
    expect(store.notice.value?.actionId).toBe('a1');
    store.setQuery('');
    expect(store.notice.value?.actionId).toBe('a1');
    store.setQuery('B');
    expect(store.notice.value).toMatchObject({ kind: 'added', shortId: 'Aaaaaaa1' });
    expect(store.notice.value?.actionId).toBeUndefined();
    await store.undo();
    expect(store.notice.value?.kind).toBe('added');
  });

  it('forgets a typed time when the picker moves to another recording', async () => {
    const { store, scope } = await pickerWithPlayer(null);
    store.note.setTypedTime('1:30');
    expect(store.note.second.value).toBe(90);
    scope.value = { origin: 'https://us.posthog.com', recording: { recordingId: OTHER } };
    expect(store.note.typedTime.value).toBe('');
    expect(store.note.second.value).toBeUndefined();
    await vi.waitFor(() => expect(store.refreshing.value).toBe(false));
  });
});
