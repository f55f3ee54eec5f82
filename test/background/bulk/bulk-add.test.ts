import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isSessionRequestAllowed } from '../../../lib/api/session-routes';
import { BULK_ADD_LIMIT, chunk, createBulkAdd } from '../../../lib/background/bulk/bulk-add';
import { describeBulkAdd } from '../../../lib/background/bulk/bulk-add-report';
import type { RecordingTarget } from '../../../lib/background/recordings/quick-add';
import type { RecordingActionsDeps } from '../../../lib/background/recordings/recording-actions';
import type { BulkQuestion } from '../../../lib/messaging/bulk-ask-messages';
import { DEMO } from '../../fake-posthog/demo-ids';
import { type FakePostHog, type Flavor, startFakePostHog } from '../../fake-posthog/index';
import { wirePlaylists } from '../../support/collections-background';
import { heldRecordings } from '../../support/held-recordings';
import { installEnglishTranslator } from '../../support/i18n';
import { recordingPath } from '../../support/recording-route';

beforeAll(installEnglishTranslator);

const { checkoutBugs, onboarding, rageClicks } = DEMO.playlists;
const { inCheckout, loose } = DEMO.recordings;
const MOBILE = '0191dd9e-1111-7ccc-8ddd-000000000003';
const SUPPORT = '0191dd9e-2222-7ccc-8ddd-000000000004';
const bulkPath = (shortId: string) =>
  `/api/projects/1/session_recording_playlists/${shortId}/recordings/bulk_add/`;

describe('chunk', () => {
  it.each([
    [0, []],
    [5, [5]],
    [20, [20]],
    [21, [20, 1]],
    [45, [20, 20, 5]],
  ])('splits %i ids into runs of %j', (count, sizes) => {
    const ids = Array.from({ length: count }, (_, i) => i);
    const runs = chunk(ids, 20);
    expect(runs.map((run) => run.length)).toEqual(sizes);
    expect(runs.flat()).toEqual(ids);
  });
});

describe('adding the recordings linked in a selection', () => {
  let server: FakePostHog;
  let flavor: Flavor;

  async function start(which: Flavor) {
    flavor = which;
    server = await startFakePostHog({ flavor, seed: 'demo' });
  }
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => server?.close());

  const target = (
    recordingId: string,
    projectId: number | null = 1,
    origin = server.url,
  ): RecordingTarget => ({
    origin,
    projectId,
    recordingId,
  });

  /** The wired services, with `shortId` as the last-used collection and every forwarded route checked. */
  async function setup(
    options: {
      lastUsed?: string | null;
      cloud?: boolean;
      signedIn?: boolean;
      forward?: (real: RecordingActionsDeps['forward']) => RecordingActionsDeps['forward'];
      /** The user's answer when asked first (default Yes); every question is kept in `asked`. */
      answer?: boolean;
    } = {},
  ) {
    const wired = wirePlaylists(server, { signedIn: options.signedIn });
    const asked: BulkQuestion[] = [];
    const scope = await wired.playlists.scopeOf();
    const lastUsed = options.lastUsed === undefined ? onboarding : options.lastUsed;
    if (lastUsed) await wired.playlists.markUsed(scope, lastUsed);
    await wired.playlists.list({ source: 'server' });
    const checked: RecordingActionsDeps['forward'] = (origin, route, signal) => {
      // What lib/content/session-relay.ts would refuse never reaches PostHog here either.
      expect(isSessionRequestAllowed(route)).toBe(true);
      return wired.forward(origin, route, signal);
    };
    const bulkAdd = createBulkAdd({
      playlists: wired.playlists,
      actions: wired.actions,
      forward: options.forward ? options.forward(checked) : checked,
      hasBulkAdd: () => options.cloud ?? false,
      confirm: async (question) => {
        asked.push(question);
        return options.answer ?? true;
      },
    });
    server.clearRequests();
    return { ...wired, bulkAdd, scope, asked };
  }

  const writes = () =>
    server.requests
      .filter((request) => request.method !== 'GET' && request.path.startsWith('/api/'))
      .map((request) => `${request.method} ${request.path} ${request.auth} ${request.status}`);

  async function heldCount(shortId: string): Promise<number | null> {
    const answer = await fetch(`${server.url}/api/projects/1/session_recording_playlists/${shortId}/`, {
      headers: { authorization: `Bearer ${server.keys.all}` },
    });
    return ((await answer.json()) as { recordings_counts: { collection: { count: number | null } } })
      .recordings_counts.collection.count;
  }

  /** Ids PostHog has no recording data for: it adds them all the same (get_or_create). */
  const made = (count: number) =>
    Array.from({ length: count }, (_, i) => `0191dd9f-0000-7000-8000-${String(i).padStart(12, '0')}`);

  it('on PostHog Cloud: one bulk_add through the signed-in tab with the three ids', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true });
    const result = await bulkAdd.add([target(loose), target(MOBILE), target(SUPPORT)]);
    expect(result).toMatchObject({ outcome: 'done', added: 3, already: 0, failed: [], via: 'session' });
    expect(writes()).toEqual([`POST ${bulkPath(onboarding)} session 200`]);
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      session_recording_ids: [loose, MOBILE, SUPPORT],
    });
    expect(await heldRecordings(server, onboarding)).toEqual([loose, MOBILE, SUPPORT].sort());
    expect(describeBulkAdd(result)).toEqual({
      kind: 'done',
      message: 'Added 3 recordings to Onboarding via your PostHog session.',
    });
  });

  it('counts what the collection already held from PostHog’s added_count', async () => {
    await start('posthog');
    const { bulkAdd, playlists, scope } = await setup({ cloud: true, lastUsed: checkoutBugs });
    const result = await bulkAdd.add([target(inCheckout), target(loose), target(MOBILE)]);
    expect(result).toMatchObject({ added: 2, already: 1, failed: [] });
    expect(describeBulkAdd(result).message).toBe(
      'Added 2 recordings to Checkout bugs via your PostHog session. 1 was already in Checkout bugs.',
    );
    // Hogmark now knows these are in it (the popup's rows say so without asking).
    expect((await playlists.membership(scope, MOBILE)).holds).toContain(checkoutBugs);
    const again = await bulkAdd.add([target(loose), target(MOBILE)]);
    expect(describeBulkAdd(again)).toEqual({
      kind: 'same',
      message: 'All 2 linked recordings were already in Checkout bugs.',
    });
  });

  it('sends 20 ids per request, and at most 100 in all', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true });
    const ids = made(BULK_ADD_LIMIT + 5);
    const result = await bulkAdd.add(ids.map((id) => target(id)));
    const posts = server.requests.filter((request) => request.method === 'POST');
    expect(
      posts.map((post) => (post.body as { session_recording_ids: string[] }).session_recording_ids),
    ).toEqual(chunk(ids.slice(0, BULK_ADD_LIMIT), 20));
    expect(result).toMatchObject({ added: 100, overLimit: 5, failed: [] });
    expect(describeBulkAdd(result).message).toBe(
      'Added 100 recordings to Onboarding via your PostHog session. 5 more recordings were left out: Hogmark adds at most 100 at once.',
    );
  });

  it('asks before adding more than 20, and adds nothing when the answer is No', async () => {
    await start('posthog');
    const twenty = await setup({ cloud: true });
    await twenty.bulkAdd.add(made(20).map((id) => target(id)));
    expect(twenty.asked).toEqual([]);

    const { bulkAdd, asked } = await setup({ cloud: true, answer: false });
    const result = await bulkAdd.add(made(25).map((id) => target(id)));
    expect(asked).toEqual([{ count: 25, playlistName: 'Onboarding' }]);
    expect(writes()).toEqual([]);
    expect(result).toMatchObject({ outcome: 'declined', added: 0, failed: [] });
    expect(describeBulkAdd(result)).toEqual({
      kind: 'same',
      message: 'Nothing was added: Hogmark asked first, and the answer was not Add.',
    });
  });

  it('asks about 100 at most when a page links more, and adds them on Yes', async () => {
    await start('posthog');
    const { bulkAdd, asked } = await setup({ cloud: true });
    const result = await bulkAdd.add(made(150).map((id) => target(id)));
    expect(asked).toEqual([{ count: 100, playlistName: 'Onboarding' }]);
    expect(result).toMatchObject({ outcome: 'done', added: 100, overLimit: 50 });
  });

  it('asks before adding recordings of a project other than the connected one', async () => {
    await start('posthog');
    const { bulkAdd, asked, playlists } = await setup({ cloud: true, answer: false });
    // The user once used a collection of project 2 (the seed's staging project)…
    const made2 = await fetch(`${server.url}/api/projects/2/session_recording_playlists/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.keys.all}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Staging picks', type: 'collection' }),
    });
    const { short_id: staging } = (await made2.json()) as { short_id: string };
    await playlists.markUsed(await playlists.scopeOf(2), staging);
    server.clearRequests();
    // …and a selection links to recordings of project 2, not the one the user is connected to.
    const result = await bulkAdd.add([target(loose, 2), target(MOBILE, 2)]);
    expect(asked).toHaveLength(1);
    expect(asked).toEqual([
      { count: 2, playlistName: 'Staging picks', otherProject: { named: 2, connected: 1 } },
    ]);
    expect(result.outcome).toBe('declined');
    expect(writes()).toEqual([]);
  });

  it('a refused request: its recordings and those after it fail with the reason; the ones before stay added', async () => {
    await start('posthog');
    let calls = 0;
    const { bulkAdd } = await setup({
      cloud: true,
      forward: (real) => async (origin, route, signal) =>
        ++calls === 2
          ? {
              status: 403,
              body: {
                type: 'authentication_error',
                code: 'permission_denied',
                detail: 'You do not have permission to perform this action.',
                attr: null,
              },
            }
          : real(origin, route, signal),
    });
    const ids = made(45);
    const result = await bulkAdd.add(ids.map((id) => target(id)));
    expect(calls).toBe(2);
    expect(result.added).toBe(20);
    expect(result.failed.map((failure) => failure.recordingId)).toEqual(ids.slice(20));
    // PostHog lists only recordings it has data for; its count has every row (`count_collection_recordings`).
    expect(await heldCount(onboarding)).toBe(20);
    const { kind, message } = describeBulkAdd(result);
    expect(kind).toBe('failed');
    expect(message).toMatch(
      /^Added 20 recordings to Onboarding via your PostHog session\. 25 recordings were not added \(…00000020, …00000021, …00000022, …\): /,
    );
  });

  it('without a signed-in PostHog tab: nothing is added, and the message says what to do', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true, signedIn: false });
    const result = await bulkAdd.add([target(loose), target(MOBILE)]);
    expect(result).toMatchObject({ added: 0, already: 0 });
    expect(result.failed.map((failure) => failure.recordingId)).toEqual([loose, MOBILE]);
    expect(writes()).toEqual([]);
    expect(describeBulkAdd(result)).toEqual({
      kind: 'failed',
      message:
        '2 recordings were not added (…00000002, …00000003): PostHog only allows this from a signed-in PostHog tab. Open PostHog in a tab, sign in, then try again.',
    });
    // Recordings PostHog has said who they are go by their person.
    expect(result.projectId).toBe(1);
    expect(describeBulkAdd(result, new Map([[MOBILE, 'ana@acme.com’s recording']])).message).toMatch(
      /^2 recordings were not added \(…00000002, ana@acme\.com’s recording\): /,
    );
  });

  it('a lost answer is read back once: what PostHog made counts as added, nothing is sent twice', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true });
    server.setFault({
      method: 'POST',
      path: /bulk_add\/?$/,
      fault: { type: 'lose-answer', as: 'drop' },
      times: 1,
    });
    const result = await bulkAdd.add([target(loose), target(MOBILE)]);
    expect(result).toMatchObject({ added: 2, failed: [] });
    expect(writes()).toEqual([`POST ${bulkPath(onboarding)} session 200`]);
    expect(
      server.requests
        .filter((request) => request.method === 'GET' && request.path.startsWith('/api/'))
        .map((request) => request.auth),
    ).toEqual(['key']);
  });

  it('a 5xx before PostHog acted is read back too, and then fails with the server’s error', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true });
    server.setFault({
      method: 'POST',
      path: /bulk_add\/?$/,
      fault: { type: 'status', status: 503 },
      times: 1,
    });
    const result = await bulkAdd.add([target(loose)]);
    expect(result.added).toBe(0);
    expect(result.failed).toEqual([
      { recordingId: loose, message: 'PostHog had a server error (503). Try again in a moment.' },
    ]);
    expect(await heldRecordings(server, onboarding)).toEqual([]);
  });

  it('elsewhere (self-hosted PostHog that refuses keys): one add per recording, never bulk_add', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: false });
    const result = await bulkAdd.add([target(loose), target(MOBILE)]);
    expect(result).toMatchObject({ added: 2, via: 'session', failed: [] });
    // The key is refused once and remembered; then the session, one request per recording.
    expect(writes()).toEqual([
      `POST ${recordingPath(onboarding, loose)} key 403`,
      `POST ${recordingPath(onboarding, loose)} session 200`,
      `POST ${recordingPath(onboarding, MOBILE)} session 200`,
    ]);
    expect(await heldRecordings(server, onboarding)).toEqual([loose, MOBILE].sort());
  });

  it('where the key may add (the contract): one key request per recording', async () => {
    await start('contract');
    const { bulkAdd } = await setup({ cloud: false });
    const result = await bulkAdd.add([target(loose), target(MOBILE), target(SUPPORT)]);
    expect(result).toMatchObject({ added: 3, via: 'key', failed: [] });
    expect(writes()).toEqual(
      [loose, MOBILE, SUPPORT].map((id) => `POST ${recordingPath(onboarding, id)} key 200`),
    );
    expect(describeBulkAdd(result).message).toBe('Added 3 recordings to Onboarding.');
  });

  it('leaves out recordings of another PostHog and of another project, and says so', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true });
    const result = await bulkAdd.add([
      target(loose),
      target(MOBILE, null),
      target(SUPPORT, 2),
      target(inCheckout, 1, 'https://eu.posthog.com'),
    ]);
    expect(result).toMatchObject({ added: 2, elsewhere: 1, otherProject: 1 });
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      session_recording_ids: [loose, MOBILE],
    });
    expect(describeBulkAdd(result).message).toBe(
      'Added 2 recordings to Onboarding via your PostHog session. 1 link to a recording on another PostHog was left out. 1 recording of another project was left out.',
    );
  });

  it('with nothing of the connected PostHog, or no last-used collection: sends nothing', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true, lastUsed: null });
    const none = await bulkAdd.add([target(loose, 1, 'https://eu.posthog.com')]);
    expect(describeBulkAdd(none)).toEqual({
      kind: 'failed',
      message:
        'Hogmark found no links to recordings of your PostHog here. 1 link to a recording on another PostHog was left out.',
    });
    const unchosen = await bulkAdd.add([target(loose)]);
    expect(unchosen.outcome).toBe('needs-choice');
    expect(describeBulkAdd(unchosen).message).toMatch(/^Add a recording to a collection with Hogmark first/);
    expect(writes()).toEqual([]);
  });

  it('a saved filter as the last-used collection: refused before any request', async () => {
    await start('posthog');
    const { bulkAdd } = await setup({ cloud: true, lastUsed: rageClicks });
    const result = await bulkAdd.add([target(loose)]);
    expect(result.failed).toEqual([{ recordingId: loose, message: expect.stringMatching(/saved filter/) }]);
    expect(writes()).toEqual([]);
  });
});
