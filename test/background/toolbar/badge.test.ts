import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionLike, createBadgeService, toolbarStateOf } from '../../../lib/background/toolbar/badge';
import type { PageContext } from '../../../lib/posthog/context';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';

describe('toolbarStateOf', () => {
  it.each<[string, PageContext, { text: string; title: string }]>([
    [
      'a recording',
      { kind: 'recording', origin: US, projectId: 12345, recordingId: REC },
      { text: 'REC', title: 'Recording · project 12345 — Hogmark' },
    ],
    [
      'a recording in a playlist, at a second',
      { kind: 'recording', origin: US, projectId: 1, recordingId: REC, t: 30, playlistShortId: 'eKdNnFRI' },
      { text: 'REC', title: 'Recording · project 1 — Hogmark' },
    ],
    [
      'a dashboard',
      { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 },
      { text: 'DASH', title: 'Dashboard · project 1 — Hogmark' },
    ],
    [
      'a playlist',
      { kind: 'playlist', origin: US, projectId: 2, shortId: 'eKdNnFRI' },
      { text: 'LIST', title: 'Collection · project 2 — Hogmark' },
    ],
    [
      'a legacy link without a project',
      { kind: 'dashboard', origin: US, projectId: null, dashboardId: 7 },
      { text: 'DASH', title: 'Dashboard — Hogmark' },
    ],
    [
      'the dashboard list',
      { kind: 'dashboards', origin: US, projectId: 1 },
      { text: '', title: 'Dashboards · project 1 — Hogmark' },
    ],
    [
      'the playlist list',
      { kind: 'playlists', origin: US, projectId: 1 },
      { text: '', title: 'Collections · project 1 — Hogmark' },
    ],
    [
      'a shared dashboard',
      { kind: 'shared', origin: US, accessToken: 'ThPQInf3W95O4Ve1SbO1jsafutKK4w' },
      { text: '', title: 'Shared page — Hogmark' },
    ],
    [
      'an embedded dashboard',
      { kind: 'embedded', origin: US, accessToken: 'ThPQInf3W95O4Ve1SbO1jsafutKK4w' },
      { text: '', title: 'Embedded page — Hogmark' },
    ],
  ])('%s', (_name, context, expected) => {
    expect(toolbarStateOf({ context, hints: {} })).toMatchObject(expected);
  });

  it('over a recording, names the collection the add shortcut goes to (and only there)', () => {
    const recording: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: REC };
    expect(
      toolbarStateOf({ context: recording, hints: {}, person: 'ana@acme.com', lastUsed: 'Checkout bugs' })
        .title,
    ).toBe('ana@acme.com · Recording · project 1 · the add shortcut goes to Checkout bugs — Hogmark');
    const dashboard: PageContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 };
    expect(toolbarStateOf({ context: dashboard, hints: {}, lastUsed: 'Checkout bugs' }).title).toBe(
      'Dashboard · project 1 — Hogmark',
    );
  });

  it('names the page by the title the content script read', () => {
    const context: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: REC };
    expect(toolbarStateOf({ context, hints: { title: 'Checkout flow', currentSecond: 12 } }).title).toBe(
      'Checkout flow · Recording · project 1 — Hogmark',
    );
    const long = toolbarStateOf({ context, hints: { title: 'x'.repeat(150) } }).title;
    expect(long).toMatch(/^x{59}… · Recording/);
  });

  it('names a recording by its person once PostHog has said who it is', () => {
    const context: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: REC };
    expect(toolbarStateOf({ context, hints: { title: 'Checkout flow' }, person: 'ana@acme.com' }).title).toBe(
      'ana@acme.com · Recording · project 1 — Hogmark',
    );
    expect(toolbarStateOf({ context, hints: {}, person: 'Anonymous' }, 2).title).toBe(
      '2 changes waiting to be sent to PostHog · Anonymous · Recording · project 1 — Hogmark',
    );
  });

  it('shows the plain name and no badge on other pages', () => {
    expect(toolbarStateOf({ context: null, hints: {} })).toEqual({
      text: '',
      color: expect.any(String),
      title: 'Hogmark for PostHog',
    });
  });

  it('gives each badge kind its own color', () => {
    const colors = (['recording', 'dashboard', 'playlist'] as const).map(
      (kind) =>
        toolbarStateOf({
          context: {
            kind,
            origin: US,
            projectId: 1,
            recordingId: REC,
            dashboardId: 1,
            shortId: 'x',
          } as PageContext,
          hints: {},
        }).color,
    );
    expect(new Set(colors).size).toBe(3);
  });
});

function fakeAction(options: { failFor?: number } = {}) {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const record = (name: string) => async (details: { tabId: number }) => {
    calls.push([name, details]);
    if (details.tabId === options.failFor) throw new Error(`No tab with id: ${details.tabId}.`);
  };
  const action: ActionLike = {
    setBadgeText: record('text'),
    setBadgeBackgroundColor: record('color'),
    setTitle: record('title'),
  };
  return { action, calls };
}

describe('badge service', () => {
  const recording: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: REC };

  it("sets the tab's badge text, color and title", async () => {
    const { action, calls } = fakeAction();
    await createBadgeService({ action }).show(4, { context: recording, hints: {} });
    expect(calls).toEqual([
      ['text', { tabId: 4, text: 'REC' }],
      ['color', { tabId: 4, color: '#C03E06' }],
      ['title', { tabId: 4, title: 'Recording · project 1 — Hogmark' }],
    ]);
  });

  it('writes nothing when only the playback second changed', async () => {
    const { action, calls } = fakeAction();
    const badge = createBadgeService({ action });
    await badge.show(4, { context: recording, hints: { currentSecond: 1 } });
    await badge.show(4, { context: { ...recording, t: 5 }, hints: { currentSecond: 2 } });
    expect(calls).toHaveLength(3);
    await badge.show(4, { context: recording, hints: { title: 'Checkout flow' } });
    expect(calls.at(-1)).toEqual([
      'title',
      { tabId: 4, title: 'Checkout flow · Recording · project 1 — Hogmark' },
    ]);
  });

  it('writes again when asked to, since the browser resets the button on a new document', async () => {
    const { action, calls } = fakeAction();
    const badge = createBadgeService({ action });
    await badge.show(4, { context: recording, hints: {} });
    await badge.show(4, { context: recording, hints: {} }, { rewrite: true });
    expect(calls).toHaveLength(6);
  });

  it('keeps tabs apart and writes again for a tab it forgot', async () => {
    const { action, calls } = fakeAction();
    const badge = createBadgeService({ action });
    await badge.show(4, { context: recording, hints: {} });
    await badge.show(5, { context: null, hints: {} });
    expect(calls.filter(([name]) => name === 'text').map(([, d]) => d)).toEqual([
      { tabId: 4, text: 'REC' },
      { tabId: 5, text: '' },
    ]);
    badge.forgetTab(4);
    await badge.show(4, { context: recording, hints: {} });
    expect(calls).toHaveLength(9);
  });

  it('leaves a held button alone (a flash shows), then writes the view it has after release', async () => {
    const { action, calls } = fakeAction();
    const badge = createBadgeService({ action });
    await badge.show(4, { context: recording, hints: {} });
    badge.hold(4);
    // The page names itself while the ✓ shows: nothing is written over the flash…
    await badge.show(4, { context: recording, hints: { title: 'Checkout flow' } }, { rewrite: true });
    await badge.show(5, { context: null, hints: {} });
    expect(calls.filter(([, details]) => details.tabId === 4)).toHaveLength(3);
    expect(calls.filter(([, details]) => details.tabId === 5)).toHaveLength(3);
    // …and after the flash the whole view is written, even one that looks unchanged.
    badge.release(4);
    await badge.show(4, { context: recording, hints: {} });
    expect(calls.slice(-3).map(([name, details]) => [name, details.tabId])).toEqual([
      ['text', 4],
      ['color', 4],
      ['title', 4],
    ]);
  });

  it('forgets a hold when the tab closes', async () => {
    const { action, calls } = fakeAction();
    const badge = createBadgeService({ action });
    badge.hold(4);
    badge.forgetTab(4);
    await badge.show(4, { context: recording, hints: {} });
    expect(calls).toHaveLength(3);
  });

  it('shrugs off a tab that closed meanwhile, and tries again next time', async () => {
    const { action, calls } = fakeAction({ failFor: 9 });
    const badge = createBadgeService({ action });
    await expect(badge.show(9, { context: recording, hints: {} })).resolves.toBeUndefined();
    await expect(badge.show(9, { context: recording, hints: {} })).resolves.toBeUndefined();
    // both attempts reached the browser: a failed write is not remembered as shown
    expect(calls).toHaveLength(6);
  });

  it('counts changes waiting to be made on every tab it shows, and gives each tab its own badge back after', async () => {
    const { action, calls } = fakeAction();
    const badge = createBadgeService({ action });
    await badge.show(4, { context: recording, hints: {} });
    await badge.show(5, { context: null, hints: {} });
    calls.length = 0;
    await badge.setPending(2);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['text', { tabId: 4, text: '2' }],
        ['text', { tabId: 5, text: '2' }],
        [
          'title',
          { tabId: 4, title: '2 changes waiting to be sent to PostHog · Recording · project 1 — Hogmark' },
        ],
      ]),
    );
    calls.length = 0;
    await badge.setPending(2);
    expect(calls).toEqual([]);
    await badge.setPending(0);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['text', { tabId: 4, text: 'REC' }],
        ['text', { tabId: 5, text: '' }],
      ]),
    );
  });
});
