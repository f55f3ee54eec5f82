import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageInput } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import { collectionMarkdown } from '../../lib/posthog/review-doc';
import { createReviewDocStore } from '../../lib/stores/review-doc';
import { createCopyStore } from '../../lib/stores/share-copy';
import { createSharePanels } from '../../lib/stores/share-panels';
import { deferred } from '../support/deferred';
import { type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const TARGET = { projectId: 1, shortId: 'eKdNnFRI' };
const COLLECTION_URL = `${US}/project/1/replay/playlists/eKdNnFRI`;
const link = (id: string, t?: number) => `${US}/project/1/replay/${id}${t === undefined ? '' : `?t=${t}`}`;

const recording = (id: string, day: number) => ({
  recordingId: id,
  link: link(id),
  face: {
    person: `${id}@acme.com`,
    startTime: `2025-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    durationSeconds: 61,
    startUrl: 'https://acme.com/checkout',
  },
});
const recordings = (count: number) => Array.from({ length: count }, (_, index) => recording(`r${index}`, 1));

/** Each recording has one note at second 5, unless it is in `failing`. */
function notesAnswer(failing: readonly string[] = [], error = new AppError('server', { status: 502 })) {
  return (input: MessageInput<'recordings/notes'>) => ({
    recordings: input.recordings.map(({ recordingId }) =>
      failing.includes(recordingId)
        ? { recordingId, notes: null, error: error.toJSON() }
        : { recordingId, notes: [{ text: `Note on ${recordingId}`, second: 5, link: link(recordingId, 5) }] },
    ),
  });
}

function setup(answers: Answers = {}) {
  const background = fakeBackground({
    'playlists/review-doc': {
      name: 'Checkout bugs',
      url: COLLECTION_URL,
      recordings: [recording('older', 1), recording('newer', 2)],
      more: false,
    },
    'recordings/notes': notesAnswer(),
    ...answers,
  });
  const clipboard = fakeClipboard();
  const copy = createCopyStore({ writeText: clipboard.writeText, setTimeout: () => 0 });
  const store = createReviewDocStore({ send: background.send, copy, locale: 'en-GB', timeZone: 'UTC' });
  return { background, clipboard, copy, store };
}

describe('a collection copied as a review doc', () => {
  it('sends nothing until the user asks', async () => {
    const background = fakeBackground({});
    const panels = createSharePanels({
      send: background.send,
      writeText: async () => undefined,
      openDashboards: async () => undefined,
    });
    await flush();
    expect(background.sent).toEqual([]);
    expect(panels.reviewDoc.busy.value).toBe(false);
    expect(panels.reviewDoc.progressText.value).toBe('');
  });

  it('copies the doc collectionMarkdown builds, newest first with its notes, and says so with the count', async () => {
    const { background, clipboard, copy, store } = setup();
    await expect(store.copy(TARGET)).resolves.toBe(true);
    expect(background.sent).toEqual([
      { type: 'playlists/review-doc', input: TARGET },
      {
        type: 'recordings/notes',
        input: {
          projectId: 1,
          recordings: [
            { recordingId: 'older', startTime: '2025-03-01T10:00:00.000Z' },
            { recordingId: 'newer', startTime: '2025-03-02T10:00:00.000Z' },
          ],
        },
      },
    ]);
    const expected = collectionMarkdown({
      name: 'Checkout bugs',
      url: COLLECTION_URL,
      locale: 'en-GB',
      timeZone: 'UTC',
      labels: { anonymous: 'Anonymous', recording: (id) => id },
      recordings: ['older', 'newer'].map((id, index) => ({
        ...recording(id, index + 1),
        notes: [{ text: `Note on ${id}`, second: 5, link: link(id, 5) }],
      })),
    });
    expect(clipboard.written).toEqual([expected]);
    expect(expected.split('\n')).toEqual([
      `## [Checkout bugs](${COLLECTION_URL})`,
      '',
      `- [\`newer@acme.com\` · 2 Mar 2025, 10:00 · 01:01 · \`acme.com/checkout\`](${link('newer')})`,
      `  - [00:05](${link('newer', 5)}) Note on newer`,
      `- [\`older@acme.com\` · 1 Mar 2025, 10:00 · 01:01 · \`acme.com/checkout\`](${link('older')})`,
      `  - [00:05](${link('older', 5)}) Note on older`,
    ]);
    expect(copy.toast.value).toEqual({ kind: 'ok', text: 'Copied Checkout bugs as Markdown (2 recordings)' });
    expect(store.caveats.value).toEqual([]);
    expect(store.busy.value).toBe(false);
  });

  it('says one recording in the singular, and an untitled collection as such', async () => {
    const { copy, store } = setup({
      'playlists/review-doc': {
        name: '',
        url: COLLECTION_URL,
        recordings: [recording('only', 1)],
        more: false,
      },
    });
    await store.copy(TARGET);
    expect(copy.toast.value?.text).toBe('Copied Untitled collection as Markdown (1 recording)');
  });

  it('reads notes ten recordings a message and shows how far it got', async () => {
    const held = recordings(25);
    const batches: Array<ReturnType<typeof deferred<void>>> = [];
    const answer = notesAnswer();
    const { background, store } = setup({
      'playlists/review-doc': { name: 'Checkout bugs', url: COLLECTION_URL, recordings: held, more: false },
      'recordings/notes': async (input) => {
        const gate = deferred();
        batches.push(gate);
        await gate.promise;
        return answer(input);
      },
    });
    const job = store.copy(TARGET);
    expect(store.busy.value).toBe(true);
    expect(store.progressText.value).toBe('Reading the collection…');
    await flush();
    expect(store.progressText.value).toBe('Reading notes: 0 of 25…');
    batches[0]?.resolve();
    await flush();
    expect(store.progressText.value).toBe('Reading notes: 10 of 25…');
    batches[1]?.resolve();
    await flush();
    expect(store.progressText.value).toBe('Reading notes: 20 of 25…');
    batches[2]?.resolve();
    await expect(job).resolves.toBe(true);
    expect(store.busy.value).toBe(false);
    expect(background.sent.map((sent) => (sent.input.recordings as unknown[] | undefined)?.length)).toEqual([
      undefined,
      10,
      10,
      5,
    ]);
  });

  it('reads once per job: a second click while reading sends nothing', async () => {
    const gate = deferred();
    const { background, store } = setup({
      'playlists/review-doc': async () => {
        await gate.promise;
        return { name: 'Checkout bugs', url: COLLECTION_URL, recordings: [], more: false };
      },
    });
    const first = store.copy(TARGET);
    await expect(store.copy(TARGET)).resolves.toBe(false);
    gate.resolve();
    await expect(first).resolves.toBe(true);
    expect(background.types()).toEqual(['playlists/review-doc']);
  });

  it('copies the doc when some recordings’ notes fail, and says how many', async () => {
    const { clipboard, copy, store } = setup({ 'recordings/notes': notesAnswer(['older']) });
    await expect(store.copy(TARGET)).resolves.toBe(true);
    expect(clipboard.written[0]).toContain('Note on newer');
    expect(clipboard.written[0]).not.toContain('Note on older');
    expect(copy.toast.value?.text).toBe('Copied Checkout bugs as Markdown (2 recordings)');
    expect(store.caveats.value).toEqual(['Notes of 1 recording could not be read.']);
  });

  it('counts a batch whose message failed as recordings whose notes could not be read', async () => {
    const { store } = setup({
      'playlists/review-doc': {
        name: 'Checkout bugs',
        url: COLLECTION_URL,
        recordings: recordings(12),
        more: false,
      },
      'recordings/notes': (input) =>
        input.recordings.length === 10 ? new AppError('timeout') : notesAnswer()(input),
    });
    await store.copy(TARGET);
    expect(store.caveats.value).toEqual(['Notes of 10 recordings could not be read.']);
  });

  it.each([
    [
      new AppError('key-not-allowed', { status: 403 }),
      'This PostHog does not let personal API keys read notes, so the doc has none.',
    ],
    [
      new AppError('missing-scope', { status: 403, scope: 'comment:read' }),
      'Your key lacks comment:read, so the doc has no notes. Add it in PostHog → Personal API keys.',
    ],
  ])(
    'builds the doc without notes when PostHog refuses the key on them (%s), and stops asking',
    async (error, sentence) => {
      const { background, clipboard, store } = setup({
        'playlists/review-doc': {
          name: 'Checkout bugs',
          url: COLLECTION_URL,
          recordings: recordings(30),
          more: false,
        },
        'recordings/notes': notesAnswer(
          recordings(30).map((held) => held.recordingId),
          error,
        ),
      });
      await expect(store.copy(TARGET)).resolves.toBe(true);
      expect(background.count('recordings/notes')).toBe(1);
      expect(clipboard.written[0]).not.toContain('Note on');
      expect(store.caveats.value).toEqual([sentence]);
    },
  );

  it('says in the doc and the popup that it holds PostHog’s newest 50 of a bigger collection', async () => {
    const { store, clipboard } = setup({
      'playlists/review-doc': {
        name: 'Big',
        url: COLLECTION_URL,
        recordings: recordings(50),
        more: true,
        total: 120,
      },
    });
    await store.copy(TARGET);
    const said =
      'The newest 50 of the 120 recordings in this collection: PostHog lists no more of a collection, nor any that started over a year ago.';
    expect(store.caveats.value).toEqual([said]);
    expect(clipboard.written[0]?.split('\n').slice(0, 3)).toEqual([
      `## [Big](${COLLECTION_URL})`,
      `> ${said}`,
      '',
    ]);
  });

  it.each([
    [
      { recordings: 3, more: true, total: null },
      'The newest 3 recordings of this collection: PostHog lists no more of a collection, nor any that started over a year ago.',
    ],
    [
      { recordings: 3, more: false, total: 5 },
      '3 of the 5 recordings in this collection: PostHog lists none that started over a year ago, nor any it no longer keeps.',
    ],
    [
      { recordings: 500, more: true, total: 900 },
      'Only the first 500 recordings were read: the collection holds more.',
    ],
  ])('says what %j holds', async (held, sentence) => {
    const { store } = setup({
      'playlists/review-doc': {
        name: 'Big',
        url: COLLECTION_URL,
        recordings: recordings(held.recordings),
        more: held.more,
        total: held.total,
      },
      'recordings/notes': { recordings: [] },
    });
    await store.copy(TARGET);
    expect(store.caveats.value).toEqual([sentence]);
  });

  it('says nothing of what it holds when it holds the whole collection', async () => {
    const { store, clipboard } = setup({
      'playlists/review-doc': {
        name: 'All',
        url: COLLECTION_URL,
        recordings: recordings(3),
        more: false,
        total: 3,
      },
    });
    await store.copy(TARGET);
    expect(store.caveats.value).toEqual([]);
    expect(clipboard.written[0]).not.toContain('> ');
  });

  it('copies nothing when the collection cannot be read, says why in one sentence, and tries again', async () => {
    const { background, clipboard, store } = setup({
      'playlists/review-doc': new AppError('network'),
    });
    await expect(store.copy(TARGET)).resolves.toBe(false);
    expect(clipboard.written).toEqual([]);
    expect(store.error.value).toMatchObject({ kind: 'network', retryable: true });
    expect(store.error.value?.message).toMatch(/\.$/);
    expect(store.busy.value).toBe(false);
    background.answers['playlists/review-doc'] = {
      name: 'Checkout bugs',
      url: COLLECTION_URL,
      recordings: [],
      more: false,
    };
    await expect(store.retry()).resolves.toBe(true);
    expect(store.error.value).toBeNull();
    expect(clipboard.written).toEqual([`## [Checkout bugs](${COLLECTION_URL})\n`]);
  });

  it('says the clipboard refused, with the doc read once', async () => {
    const { clipboard, copy, store } = setup();
    clipboard.refuseNext();
    await expect(store.copy(TARGET)).resolves.toBe(false);
    expect(copy.toast.value?.kind).toBe('error');
  });
});
