import { beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../lib/messaging/messages';
import type { PersonMatch, PersonRecording } from '../../lib/messaging/person-messages';
import { AppError } from '../../lib/platform/errors';
import { createPersonPageStore } from '../../lib/stores/person-page';
import { createCopyStore } from '../../lib/stores/share-copy';
import { type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const STATUS: Status = {
  configured: true,
  origin: US,
  projectId: 1,
  projectName: 'Acme web app',
  maskedKey: 'phx_…a1B2',
  capabilities: {
    addToPlaylist: { ok: true },
    pin: { ok: true },
    shareLinks: { ok: true },
    personRecordings: { ok: true },
  },
};
const person = (uuid: string, name: string): PersonMatch => ({
  uuid,
  name,
  email: name,
  distinctIds: ['d1'],
  distinctIdCount: 1,
  createdAt: null,
  lastSeenAt: null,
});
const ANA = person('uuid-ana', 'ana@acme.com');
const recording = (id: string): PersonRecording => ({
  id,
  startTime: '2025-03-01T10:00:00.000Z',
  durationSeconds: 312,
  activeSeconds: 120,
  startUrl: 'https://acme.com/checkout',
  errors: 0,
  viewed: false,
});
const ASK = { ask: { by: 'email' as const, value: 'ana@acme.com' } };
/** The id in the page's address (`persons.html?ask=…`) the background keeps ASK under. */
const ASK_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

function setup(answers: Answers, askId: string | null = ASK_ID, now = 1_000_000) {
  const background = fakeBackground({
    'status/get': STATUS,
    'persons/kept-ask': (input) => ({ opened: input.askId === ASK_ID ? ASK : null }),
    ...answers,
  });
  const clipboard = fakeClipboard();
  const tabs: string[] = [];
  const opened: string[] = [];
  const store = createPersonPageStore({
    send: background.send,
    copy: createCopyStore({ writeText: clipboard.writeText, setTimeout: () => 0 }),
    askId,
    openAsk: (id) => opened.push(id),
    openTab: async (url) => {
      tabs.push(url);
    },
    openOptions: async () => undefined,
    now: () => now,
  });
  return { store, background, clipboard, tabs, opened };
}

describe('the person page', () => {
  it('shows the one person found and their recordings, and pages with More', async () => {
    const { store, background } = setup({
      'persons/find': { origin: US, projectId: 1, persons: [ANA] },
      'persons/recordings': (input) =>
        input.from
          ? { recordings: [recording('r3')], next: null }
          : { recordings: [recording('r1'), recording('r2')], next: { offset: 2 } },
    });
    await store.load();
    await flush();
    expect(store.phase.value).toBe('person');
    expect(store.place.value).toBe('Acme web app on us.posthog.com');
    expect(store.recordings.value.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(store.hasMore.value).toBe(true);
    await store.more();
    expect(store.recordings.value.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(store.hasMore.value).toBe(false);
    expect(background.sent.filter((m) => m.type === 'persons/recordings').map((m) => m.input)).toEqual([
      { projectId: 1, personUuid: 'uuid-ana' },
      { projectId: 1, personUuid: 'uuid-ana', from: { offset: 2 } },
    ]);
  });

  it('lets the user choose when several persons match, and asks for nobody’s recordings before', async () => {
    const other = person('uuid-jo', 'jo@initech.com');
    const { store, background } = setup({
      'persons/find': { origin: US, projectId: 1, persons: [ANA, other] },
      'persons/recordings': { recordings: [recording('r9')], next: null },
    });
    await store.load();
    expect(store.phase.value).toBe('choose');
    expect(background.count('persons/recordings')).toBe(0);
    store.choosePerson(other);
    await flush();
    expect(store.person.value).toEqual(other);
    expect(store.recordings.value.map((r) => r.id)).toEqual(['r9']);
  });

  it('says when the person was found by their email ignoring its case, and only then', async () => {
    const found = setup({
      'persons/find': { origin: US, projectId: 1, persons: [ANA], matchedBy: 'email-any-case' },
      'persons/recordings': { recordings: [], next: null },
    });
    await found.store.load();
    expect(found.store.phase.value).toBe('person');
    expect(found.store.foundAnyCase.value).toBe(true);
    const exact = setup({
      'persons/find': { origin: US, projectId: 1, persons: [ANA] },
      'persons/recordings': { recordings: [], next: null },
    });
    await exact.store.load();
    expect(exact.store.foundAnyCase.value).toBe(false);
  });

  it('says nobody matched', async () => {
    const { store } = setup({ 'persons/find': { origin: US, projectId: 1, persons: [] } });
    await store.load();
    expect(store.phase.value).toBe('none');
  });

  it('asks nothing when the key check says the key cannot find persons', async () => {
    const { store, background } = setup({
      'status/get': {
        ...STATUS,
        capabilities: {
          ...STATUS.capabilities,
          addToPlaylist: { ok: true },
          pin: { ok: true },
          shareLinks: { ok: true },
          personRecordings: { ok: false, missingScope: 'person:read', fix: 'Add person:read.' },
        },
      },
    });
    await store.load();
    expect(store.phase.value).toBe('blocked');
    expect(store.blockedBy.value).toBe('Add person:read.');
    expect(background.types()).toEqual(['status/get']);
  });

  it('after a 429, says when PostHog lets the key list again', async () => {
    const { store } = setup(
      {
        'persons/find': { origin: US, projectId: 1, persons: [ANA] },
        'persons/recordings': new AppError('rate-limited', { status: 429, retryAfterSeconds: 30 }),
      },
      ASK_ID,
      Date.UTC(2025, 2, 1, 10, 0, 0),
    );
    await store.load();
    await flush();
    const failed = store.listFailure.value;
    expect(failed?.error.message).toBe('PostHog is rate-limiting your key. Try again in 30 seconds.');
    expect(failed?.retryAt).toBe(Date.UTC(2025, 2, 1, 10, 0, 30));
    expect(failed && store.retryText(failed)).toMatch(/^PostHog lets your key list recordings again at /);
  });

  it('moves the active row, copies its link, opens it, and adds the selected ones at once', async () => {
    const { store, background, clipboard, tabs } = setup({
      'persons/find': { origin: US, projectId: 1, persons: [ANA] },
      'persons/recordings': { recordings: [recording('r1'), recording('r2'), recording('r3')], next: null },
      'persons/add': (input) => ({
        outcome: 'done',
        message: `Added ${input.recordingIds.length}`,
      }),
    });
    await store.load();
    await flush();
    store.move(1);
    store.move(5);
    expect(store.active.value).toBe(2);
    await store.copyLink('r3');
    expect(clipboard.written).toEqual([`${US}/project/1/replay/r3`]);
    await store.open('r3');
    expect(tabs).toEqual([`${US}/project/1/replay/r3`]);
    store.toggle('r1');
    store.toggle('r3');
    await store.addSelected();
    expect(background.sent.find((m) => m.type === 'persons/add')?.input).toEqual({
      projectId: 1,
      recordingIds: ['r1', 'r3'],
    });
    expect(store.notice.value).toEqual({ kind: 'ok', text: 'Added 2' });
    expect(store.selected.value.size).toBe(0);
  });

  it('names where A adds before any add, and follows the collection an add went to', async () => {
    const { store } = setup({
      'persons/find': { origin: US, projectId: 1, persons: [ANA] },
      'persons/recordings': { recordings: [recording('r1')], next: null, lastUsedName: null },
      'persons/add': { outcome: 'done', message: 'Added', lastUsedName: 'Checkout bugs' },
    });
    await store.load();
    await flush();
    expect(store.destination.value).toBeNull();
    await store.add('r1');
    expect(store.destination.value).toBe('Checkout bugs');
  });

  it('opened without an ask, offers the field', async () => {
    const { store, background } = setup({}, null);
    await store.load();
    expect(store.phase.value).toBe('no-ask');
    expect(background.types()).toEqual(['status/get']);
  });
});

describe('the person page’s ask, kept by the background under the id in its address', () => {
  it('reads the ask by its id and looks for that person with it', async () => {
    const { store, background } = setup({ 'persons/find': { origin: US, projectId: 1, persons: [] } });
    await store.load();
    expect(store.ask.value).toEqual(ASK.ask);
    expect(background.sent.slice(1, 3)).toEqual([
      { type: 'persons/kept-ask', input: { askId: ASK_ID } },
      { type: 'persons/find', input: { ask: ASK.ask } },
    ]);
    expect(store.phase.value).toBe('none');
  });

  it('looks in a person link’s project when the ask names one', async () => {
    const { store, background } = setup({
      'persons/kept-ask': { opened: { ask: { by: 'distinct-id', value: 'user 42' }, projectId: 2 } },
      'persons/find': { origin: US, projectId: 2, persons: [] },
    });
    await store.load();
    expect(background.sent.find((m) => m.type === 'persons/find')?.input).toEqual({
      ask: { by: 'distinct-id', value: 'user 42' },
      projectId: 2,
    });
  });

  it('says the lookup is gone when the background no longer keeps it (the browser was restarted), asking nothing of PostHog', async () => {
    const { store, background } = setup({}, crypto.randomUUID());
    await store.load();
    expect(store.phase.value).toBe('gone');
    expect(store.ask.value).toBeNull();
    expect(background.types()).toEqual(['status/get', 'persons/kept-ask']);
  });

  it.each(['ana@acme.com', 'not-an-id', ''])(
    'takes %j in the address for no id, asking nothing',
    async (askId) => {
      const { store, background } = setup({}, askId);
      await store.load();
      expect(store.phase.value).toBe('gone');
      expect(background.types()).toEqual(['status/get']);
    },
  );

  it('the page’s field hands the next ask over and opens the page for its id', async () => {
    const next = '0b1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
    const { store, background, opened } = setup({ 'persons/keep-ask': { askId: next } }, null);
    await store.find({ by: 'email', value: 'jo@initech.com' });
    expect(background.sent.at(-1)).toEqual({
      type: 'persons/keep-ask',
      input: { ask: { by: 'email', value: 'jo@initech.com' } },
    });
    expect(opened).toEqual([next]);
  });

  it('says so when the ask could not be handed over, and opens nothing', async () => {
    const { store, opened } = setup({ 'persons/keep-ask': new AppError('bad-message') }, null);
    await store.find({ by: 'email', value: 'jo@initech.com' });
    expect(opened).toEqual([]);
    expect(store.notice.value?.kind).toBe('error');
  });
});
