import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteRecording } from '../../lib/messaging/site-messages';
import { AppError } from '../../lib/platform/errors';
import { createCopyStore } from '../../lib/stores/share-copy';
import { createSiteRecordingsStore } from '../../lib/stores/site-recordings';
import { type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';
import { FOUND, NOW, SESSION, SITE, US } from '../support/site-look';

beforeAll(installEnglishTranslator);

const row = (id: string, extra: Partial<SiteRecording> = {}): SiteRecording => ({
  id,
  person: 'li@globex.com',
  startTime: '2026-11-28T10:00:00.000Z',
  durationSeconds: 300,
  activeSeconds: 90,
  startUrl: null,
  errors: 0,
  viewed: false,
  ...extra,
});
const page = (ids: string[], next: { offset: number } | null = null) => ({
  recordings: ids.map((id) => row(id)),
  next,
  openAllUrl: `${US}/project/7/replay/home?filters=x`,
  lastUsedName: 'Checkout bugs',
});

function setup(answers: Answers) {
  const background = fakeBackground({ 'site/look': FOUND, ...answers });
  const clipboard = fakeClipboard();
  const tabs: string[] = [];
  const store = createSiteRecordingsStore({
    send: background.send,
    copy: createCopyStore({ writeText: clipboard.writeText, setTimeout: () => 0 }),
    tabId: 3,
    openTab: async (url) => {
      tabs.push(url);
    },
    now: () => NOW,
  });
  return { store, background, clipboard, tabs };
}

describe('the "Recorded here" store', () => {
  it('asks what the site is, then the first page of this page’s recordings of 7 days', async () => {
    const { store, background } = setup({ 'site/recordings': page(['r1', 'r2']) });
    await store.start();
    expect(background.types()).toEqual(['site/look', 'site/recordings']);
    expect(background.sent[1]?.input).toEqual({ tabId: 3, projectId: 7, range: 'page', days: 7 });
    expect(store.recordings.value.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(store.countLine.value).toBe('2 recordings, newest first');
    expect(store.openAll.value).toBe(`${US}/project/7/replay/home?filters=x`);
  });

  it('pages with More, saying 20+ while PostHog has more', async () => {
    const { store, background } = setup({
      'site/recordings': (input) => (input.from ? page(['r3']) : page(['r1', 'r2'], { offset: 2 })),
    });
    await store.start();
    expect(store.countLine.value).toBe('2+ recordings, newest first');
    await store.more();
    expect(background.sent[2]?.input).toMatchObject({ from: { offset: 2 } });
    expect(store.recordings.value.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(store.hasMore.value).toBe(false);
  });

  it('asks again for another range or window, and drops an answer to an older ask', async () => {
    let release: (() => void) | undefined;
    const { store, background } = setup({
      'site/recordings': (input) =>
        input.days === 30
          ? page(['month'])
          : new Promise((resolve) => {
              release = () => resolve(page(['late']));
            }),
    });
    void store.start();
    await flush();
    await store.setDays(30);
    release?.();
    await flush();
    expect(store.recordings.value.map((r) => r.id)).toEqual(['month']);
    await store.setRange('below');
    expect(background.sent.at(-1)?.input).toMatchObject({ range: 'below', days: 30 });
  });

  it('does not list before a project is known', async () => {
    const { store, background } = setup({ 'site/look': { kind: 'elsewhere', site: SITE } });
    await store.start();
    expect(background.types()).toEqual(['site/look']);
    expect(store.look.value?.kind).toBe('elsewhere');
  });

  it('remembers a chosen project, then lists its recordings', async () => {
    const { store, background } = setup({
      'site/look': {
        kind: 'choose',
        site: SITE,
        sawPostHog: false,
        projects: [{ id: 7, name: 'Acme web app' }],
      },
      'site/choose': { ...FOUND, by: 'choice', session: null },
      'site/recordings': page(['r1']),
    });
    await store.start();
    await store.choose(7);
    expect(background.sent[1]).toEqual({ type: 'site/choose', input: { tabId: 3, projectId: 7 } });
    expect(store.recordings.value.map((r) => r.id)).toEqual(['r1']);
  });

  it('says when PostHog lets the list be asked again', async () => {
    const { store } = setup({ 'site/recordings': new AppError('rate-limited', { retryAfterSeconds: 30 }) });
    await store.start();
    expect(store.listFailure.value?.retryAt).toBe(NOW + 30_000);
    expect(store.retryText(store.listFailure.value ?? { error: {} as never, retryAt: null })).toMatch(
      /^PostHog lets your key list recordings again at /,
    );
  });

  it('copies the user’s session at ten seconds before now, with the numeric project', async () => {
    const { store, clipboard } = setup({ 'site/recordings': page([]) });
    await store.start();
    await store.copySessionNow();
    expect(clipboard.written).toEqual([`${US}/project/7/replay/${SESSION}?t=115`]);
  });

  it('adds the user’s session with its note at that second', async () => {
    const { store, background } = setup({
      'site/recordings': page([]),
      'site/add': { outcome: 'done', message: 'Added your session to Checkout bugs.' },
    });
    await store.start();
    store.note.value = '  Payment froze here ';
    await store.addSession();
    expect(background.sent.at(-1)).toEqual({
      type: 'site/add',
      input: {
        projectId: 7,
        recordingId: SESSION,
        note: { text: 'Payment froze here', second: 115, startedAt: new Date(NOW - 125_000).toISOString() },
      },
    });
    expect(store.notice.value).toEqual({ kind: 'ok', text: 'Added your session to Checkout bugs.' });
    expect(store.note.value).toBe('');
  });

  it('adds a row to the last-used collection, chooses, copies and opens its link', async () => {
    const { store, background, clipboard, tabs } = setup({
      'site/recordings': page(['r1']),
      'site/add': (input) => ({ outcome: input.choose ? 'choose' : 'done', message: 'ok' }),
    });
    await store.start();
    await store.add('r1');
    await store.chooseCollection('r1');
    expect(background.sent.slice(-2).map((sent) => sent.input)).toEqual([
      { projectId: 7, recordingId: 'r1' },
      { projectId: 7, recordingId: 'r1', choose: true },
    ]);
    await store.copyLink('r1');
    await store.open('r1');
    expect(clipboard.written).toEqual([`${US}/project/7/replay/r1`]);
    expect(tabs).toEqual([`${US}/project/7/replay/r1`]);
    expect(store.isMine(SESSION)).toBe(true);
    expect(store.isMine('r1')).toBe(false);
  });
});
