import { beforeAll, describe, expect, it } from 'vitest';
import type { Note as RecordingComment } from '../../../lib/api/comments';
import type { RecordingMeta } from '../../../lib/api/schema/insight';
import { PlaylistSchema } from '../../../lib/api/schema/playlist';
import type { Connection } from '../../../lib/background/settings/settings';
import {
  collectionCount,
  createReviewDoc,
  noteSecond,
  RECORDINGS_PAGE,
  type ReviewDocApi,
} from '../../../lib/background/share-links/review-doc';
import { protocol } from '../../../lib/messaging/messages';
import { MAX_REVIEW_RECORDINGS } from '../../../lib/messaging/review-doc-messages';
import { AppError } from '../../../lib/platform/errors';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const CONNECTION = { origin: US, apiKey: 'phx_test', projectId: 1 } as Connection;
const START = '2025-03-01T10:00:00Z';

const meta = (id: string, extra: Partial<RecordingMeta> = {}): RecordingMeta => ({
  id,
  distinct_id: `user-${id}`,
  start_time: START,
  recording_duration: 312.4,
  start_url: 'https://acme.com/checkout?card=4242',
  person: { id: 7, name: `${id}@acme.com` },
  ...extra,
});
const comment = (content: string, at: string | null, extra: Partial<RecordingComment> = {}) => ({
  content,
  deleted: false,
  created_at: '2025-03-02T00:00:00Z',
  item_context: at === null ? null : { time_in_recording: at },
  ...extra,
});

interface Options {
  /** Every recording the collection holds, in its order. */
  held?: RecordingMeta[];
  /**
   * `both`: the server ignores `offset` and `limit` and answers its first 50 each time (PostHog's
   * newest, for a collection); `offset`: it reads the limit but answers from the start each time.
   */
  ignoresPaging?: 'both' | 'offset';
  /** `recordings_counts.collection.count` on the playlist, when PostHog counts its items. */
  count?: number | null;
  comments?: Record<string, RecordingComment[] | AppError>;
  name?: string | null;
}

function setup(options: Options = {}) {
  const calls: string[] = [];
  const held = options.held ?? [meta('a'), meta('b')];
  const api = (_connection: Connection, projectId: number): ReviewDocApi => ({
    playlists: {
      async get(shortId) {
        calls.push(`get ${projectId} ${shortId}`);
        return PlaylistSchema.parse({
          id: 3,
          short_id: shortId,
          name: options.name ?? 'Checkout bugs',
          ...(options.count === undefined
            ? {}
            : { recordings_counts: { collection: { count: options.count, watched_count: 0 } } }),
        });
      },
      async recordingsPage(shortId, page) {
        calls.push(`recordings ${shortId} ${page.limit} ${page.offset}`);
        const [offset, limit] =
          options.ignoresPaging === 'both'
            ? [0, 50]
            : options.ignoresPaging === 'offset'
              ? [0, page.limit]
              : [page.offset, page.limit];
        return { recordings: held.slice(offset, offset + limit), hasNext: held.length > offset + limit };
      },
    },
    items: {
      async recordingComments(recordingId) {
        calls.push(`comments ${recordingId}`);
        const answer = options.comments?.[recordingId] ?? [];
        if (answer instanceof AppError) throw answer;
        return { comments: answer, complete: true };
      },
    },
  });
  const doc = createReviewDoc({ connection: async () => CONNECTION, api });
  return { doc, calls };
}

const many = (count: number) => Array.from({ length: count }, (_, index) => meta(`r${index}`));

describe('a collection as a review doc, read with the key', () => {
  it('reads the collection and its recordings with their faces in one list request', async () => {
    const { doc, calls } = setup();
    const answer = await doc.collection({ projectId: 1, shortId: 'eKdNnFRI' });
    expect(protocol['playlists/review-doc'].output.parse(answer)).toEqual(answer);
    expect(answer).toEqual({
      name: 'Checkout bugs',
      url: `${US}/project/1/replay/playlists/eKdNnFRI`,
      recordings: ['a', 'b'].map((id) => ({
        recordingId: id,
        link: `${US}/project/1/replay/${id}`,
        face: {
          person: `${id}@acme.com`,
          startTime: '2025-03-01T10:00:00.000Z',
          durationSeconds: 312,
          startUrl: 'https://acme.com/checkout?card=4242',
        },
      })),
      more: false,
      total: null,
    });
    expect(calls.sort()).toEqual(['get 1 eKdNnFRI', `recordings eKdNnFRI ${RECORDINGS_PAGE} 0`]);
  });

  it('follows PostHog’s pages up to the doc’s limit, and says when it holds more', async () => {
    const { doc, calls } = setup({ held: many(MAX_REVIEW_RECORDINGS + 20) });
    const answer = await doc.collection({ projectId: 1, shortId: 'eKdNnFRI' });
    expect(answer.recordings).toHaveLength(MAX_REVIEW_RECORDINGS);
    expect(answer.more).toBe(true);
    expect(calls.filter((call) => call.startsWith('recordings'))).toEqual(
      [0, 100, 200, 300, 400].map((offset) => `recordings eKdNnFRI 100 ${offset}`),
    );
  });

  it('asks PostHog’s newest once: it gives a collection’s newest 50, and its count says of how many', async () => {
    const { doc, calls } = setup({ held: many(120), ignoresPaging: 'both', count: 120 });
    const answer = await doc.collection({ projectId: 1, shortId: 'eKdNnFRI' });
    expect(answer.recordings).toHaveLength(50);
    expect(answer).toMatchObject({ more: true, total: 120 });
    expect(calls.filter((call) => call.startsWith('recordings'))).toEqual([
      `recordings eKdNnFRI ${RECORDINGS_PAGE} 0`,
    ]);
  });

  it('stops when the server answers the same page again, and says what it did not read', async () => {
    const { doc, calls } = setup({ held: many(170), ignoresPaging: 'offset' });
    const answer = await doc.collection({ projectId: 1, shortId: 'eKdNnFRI' });
    expect(answer.recordings).toHaveLength(100);
    expect(answer.more).toBe(true);
    expect(calls.filter((call) => call.startsWith('recordings'))).toHaveLength(2);
  });

  it.each([
    [{ collection: { count: 7 } }, 7],
    [{ collection: { count: null } }, null],
    [{ collection: { count: -1 } }, null],
    [{ collection: { count: 2.5 } }, null],
    [{ collection: 'many' }, null],
    [null, null],
  ])('reads the count of %j as %j', (counts, expected) => {
    expect(collectionCount(counts as Record<string, unknown> | null)).toBe(expected);
  });

  it('fails as a whole when PostHog refuses the list (one sentence for the popup)', async () => {
    const refusing = createReviewDoc({
      connection: async () => CONNECTION,
      api: () => ({
        playlists: {
          get: async () => PlaylistSchema.parse({ id: 3, short_id: 'x', name: 'x' }),
          recordingsPage: async () => {
            throw new AppError('key-not-allowed', { status: 403 });
          },
        },
        items: { recordingComments: async () => ({ comments: [], complete: true }) },
      }),
    });
    await expect(refusing.collection({ projectId: 1, shortId: 'eKdNnFRI' })).rejects.toMatchObject({
      kind: 'key-not-allowed',
    });
  });
});

describe('the notes of a batch of recordings', () => {
  it('places each note at its second from the recording’s start, oldest moment first', async () => {
    const { doc } = setup({
      comments: {
        a: [
          comment('Second look', '2025-03-01T10:01:15.900Z'),
          comment('Payment button unresponsive', '2025-03-01T10:00:03Z'),
          comment('No moment', null),
          comment('👍', '2025-03-01T10:00:05Z', {
            item_context: { time_in_recording: START, is_emoji: true },
          }),
          comment('Gone', '2025-03-01T10:00:05Z', { deleted: true }),
          comment('   ', '2025-03-01T10:00:05Z'),
        ],
      },
    });
    const answer = await doc.notes({
      projectId: 1,
      recordings: [{ recordingId: 'a', startTime: START }],
    });
    expect(protocol['recordings/notes'].output.parse(answer)).toEqual(answer);
    expect(answer.recordings).toEqual([
      {
        recordingId: 'a',
        notes: [
          { text: 'Payment button unresponsive', second: 3, link: `${US}/project/1/replay/a?t=3` },
          { text: 'Second look', second: 75, link: `${US}/project/1/replay/a?t=75` },
          { text: 'No moment', second: null, link: `${US}/project/1/replay/a` },
        ],
      },
    ]);
  });

  it('answers each recording’s failure apart, so the others’ notes are kept', async () => {
    const { doc } = setup({
      comments: { a: [comment('Kept', START)], b: new AppError('server', { status: 502 }) },
    });
    const answer = await doc.notes({
      projectId: 1,
      recordings: [
        { recordingId: 'a', startTime: START },
        { recordingId: 'b', startTime: START },
      ],
    });
    expect(answer.recordings[0]?.notes).toHaveLength(1);
    expect(answer.recordings[1]).toMatchObject({ recordingId: 'b', notes: null, error: { kind: 'server' } });
  });

  it('stops asking once PostHog refuses keys on comments (older PostHog): the refusal answers for all', async () => {
    const refused = new AppError('key-not-allowed', { status: 403 });
    const ids = Array.from({ length: 10 }, (_, index) => `r${index}`);
    const { doc, calls } = setup({ comments: Object.fromEntries(ids.map((id) => [id, refused])) });
    const answer = await doc.notes({
      projectId: 1,
      recordings: ids.map((recordingId) => ({ recordingId, startTime: START })),
    });
    expect(answer.recordings.map((recording) => recording.error?.kind)).toEqual(
      ids.map(() => 'key-not-allowed'),
    );
    // At most one request per worker (4 at a time) before the refusal is known.
    expect(calls.length).toBeLessThanOrEqual(4);
  });

  it('reads at most four recordings’ notes at a time', async () => {
    let running = 0;
    let most = 0;
    const doc = createReviewDoc({
      connection: async () => CONNECTION,
      api: () => ({
        playlists: { get: async () => ({}) as never, recordingsPage: async () => null },
        items: {
          async recordingComments() {
            running++;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, 1));
            running--;
            return { comments: [], complete: true };
          },
        },
      }),
    });
    await doc.notes({
      projectId: 1,
      recordings: Array.from({ length: 10 }, (_, index) => ({ recordingId: `r${index}`, startTime: null })),
    });
    expect(most).toBe(4);
  });

  it.each([
    ['2025-03-01T10:01:15.900Z', START, 75],
    ['2025-03-01T09:59:00Z', START, 0],
    [undefined, START, null],
    [1234, START, null],
    ['not a time', START, null],
    ['2025-03-01T10:01:15Z', null, null],
  ])('places a note at %s of a recording started at %s at second %s', (at, start, second) => {
    expect(noteSecond(at, start)).toBe(second);
  });
});
