import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sessionFailure } from '../../../lib/background/recordings/key-or-session';
import { createRecordingActions } from '../../../lib/background/recordings/recording-actions';
import type { AppError } from '../../../lib/platform/errors';
import { DEMO } from '../../fake-posthog/demo-ids';
import { startFakePostHog } from '../../fake-posthog/index';
import { apiCalls, cloudTraits, wirePlaylists } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';
import { inCollection } from '../../support/in-collection';
import { useLocalPostHog } from '../../support/local-posthog';
import { recordingPath } from '../../support/recording-route';

beforeAll(installEnglishTranslator);

const LOOSE = DEMO.recordings.loose;
const { checkoutBugs, onboarding, rageClicks } = DEMO.playlists;

describe.each(['posthog', 'contract'] as const)('playlists against the %s flavor', (flavor) => {
  const server = useLocalPostHog({ flavor, seed: 'demo' });

  it('adds with one request to the right path, remembers the last-used playlist, and undoes', async () => {
    const { playlists, actions } = wirePlaylists(server);
    await playlists.list({ source: 'server', recordingId: LOOSE });
    server.clearRequests();
    const added = await actions.add(inCollection(onboarding));
    expect(added).toMatchObject({
      outcome: 'added',
      playlistName: 'Onboarding',
      via: flavor === 'posthog' ? 'session' : 'key',
    });
    const path = `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${LOOSE}/`;
    expect(apiCalls(server, 'POST').filter((c) => c.includes('/recordings/'))).toEqual(
      flavor === 'posthog' ? [`POST ${path} key`, `POST ${path} session`] : [`POST ${path} key`],
    );
    expect(added.membership.holds).toContain(onboarding);
    expect((await playlists.prefs(await playlists.scopeOf())).lastUsed).toBe(onboarding);

    server.clearRequests();
    const undone = await actions.undo(added.actionId ?? '');
    expect(undone.outcome).toBe('removed');
    // PostHog refused the key once on this origin: the undo goes straight through the session.
    expect(apiCalls(server, 'DELETE')).toEqual([
      `DELETE ${path} ${flavor === 'posthog' ? 'session' : 'key'}`,
    ]);
    expect(undone.membership.lacks).toContain(onboarding);
  });

  it('tries the key on the first change only where PostHog refuses it, until the settings change', async () => {
    const { playlists, actions, forgetKeyRefusals } = wirePlaylists(server);
    await playlists.list({ source: 'server', recordingId: LOOSE });
    const path = (shortId: string) => recordingPath(shortId, LOOSE);
    const via = flavor === 'posthog' ? 'session' : 'key';
    const writes = () => apiCalls(server).filter((c) => c.includes('/recordings/'));

    server.clearRequests();
    await actions.add(inCollection(onboarding));
    expect(writes()).toEqual(
      flavor === 'posthog'
        ? [`POST ${path(onboarding)} key`, `POST ${path(onboarding)} session`]
        : [`POST ${path(onboarding)} key`],
    );
    const later = [
      ['remove', onboarding, 'DELETE'],
      ['add', checkoutBugs, 'POST'],
      ['remove', checkoutBugs, 'DELETE'],
    ] as const;
    for (const [direction, shortId, method] of later) {
      server.clearRequests();
      expect(await actions[direction](inCollection(shortId))).toMatchObject({ via });
      expect(writes()).toEqual([`${method} ${path(shortId)} ${via}`]);
    }

    await forgetKeyRefusals();
    server.clearRequests();
    await actions.add(inCollection(onboarding));
    expect(writes()).toHaveLength(flavor === 'posthog' ? 2 : 1);
    await actions.remove(inCollection(onboarding));
  });

  it.runIf(flavor === 'posthog')(
    'on PostHog Cloud, adds and undoes with one request each, straight through the session',
    async () => {
      const { playlists, actions } = wirePlaylists(server, { originTraits: cloudTraits });
      await playlists.list({ source: 'server', recordingId: LOOSE });
      const path = `/api/projects/1/session_recording_playlists/${onboarding}/recordings/${LOOSE}/`;
      const writes = () => apiCalls(server).filter((c) => c.includes('/recordings/'));
      server.clearRequests();
      const added = await actions.add(inCollection(onboarding));
      expect(added).toMatchObject({ outcome: 'added', via: 'session' });
      expect(writes()).toEqual([`POST ${path} session`]);
      server.clearRequests();
      await actions.undo(added.actionId ?? 'missing');
      // Cloud runs the newest PostHog: the undo uses bulk_delete, which never 500s on a missing one.
      const bulk = `/api/projects/1/session_recording_playlists/${onboarding}/recordings/bulk_delete/`;
      expect(writes()).toEqual([`POST ${bulk} session`]);
      const membership = await playlists.membership(await playlists.scopeOf(), LOOSE);
      expect(membership.lacks).toContain(onboarding);
      const holding = await fetch(
        `${server.url}/api/projects/1/session_recording_playlists/?session_recording_id=${LOOSE}`,
        { headers: { authorization: `Bearer ${server.keys.all}` } },
      );
      const rows = ((await holding.json()) as { results: Array<{ short_id: string }> }).results;
      expect(rows.map((row) => row.short_id)).not.toContain(onboarding);
    },
  );

  it('lists and adds with a read-only key: PostHog adds through the session', async () => {
    const { playlists, actions } = wirePlaylists(server, { key: server.keys.readOnly });
    await playlists.list({ source: 'server', recordingId: LOOSE });
    const result = actions.add(inCollection(onboarding));
    if (flavor === 'posthog') {
      await expect(result).resolves.toMatchObject({ outcome: 'added', via: 'session' });
      await actions.remove(inCollection(onboarding));
    } else {
      // The contract's server adds with the key, so there the key needs write access.
      await expect(result).rejects.toMatchObject({ kind: 'missing-scope' });
    }
  });

  it('sends one request for a double click, and nothing where the recording already is', async () => {
    const { playlists, actions } = wirePlaylists(server);
    await playlists.list({ source: 'server', recordingId: LOOSE });
    server.clearRequests();
    const [first, second] = await Promise.all([
      actions.add(inCollection(checkoutBugs)),
      actions.add(inCollection(checkoutBugs)),
    ]);
    expect(second).toEqual(first);
    const posts = () =>
      apiCalls(server, 'POST').filter((c) => c.endsWith(flavor === 'posthog' ? 'session' : 'key'));
    expect(posts()).toHaveLength(1);
    const again = await actions.add(inCollection(checkoutBugs));
    expect(again.outcome).toBe('already');
    expect(posts()).toHaveLength(1);
    await actions.remove(inCollection(checkoutBugs));
  });

  it('refuses a saved filter before sending anything', async () => {
    const { playlists, actions } = wirePlaylists(server);
    await playlists.list({ source: 'server' });
    server.clearRequests();
    await expect(actions.add(inCollection(rageClicks))).rejects.toMatchObject({ kind: 'invalid-input' });
    expect(apiCalls(server, 'POST')).toEqual([]);
  });

  it('creates a collection and adds the recording to it', async () => {
    const { playlists, actions } = wirePlaylists(server);
    await playlists.list({ source: 'server', recordingId: LOOSE });
    const result = await actions.createAndAdd({ projectId: 1, name: `Triage ${flavor}`, recordingId: LOOSE });
    expect(result.playlist).toMatchObject({ name: `Triage ${flavor}`, kind: 'collection' });
    expect(result.change).toMatchObject({ outcome: 'added' });
    const created = server.requests.find(
      (r) => r.method === 'POST' && r.path.endsWith('session_recording_playlists/'),
    );
    expect(created?.body).toMatchObject({ name: `Triage ${flavor}`, type: 'collection' });
    const cached = await playlists.list({ source: 'cache', recordingId: LOOSE });
    expect(cached.playlists[0]?.shortId).toBe(result.playlist.shortId);
    expect(cached.lastUsed).toBe(result.playlist.shortId);
  });

  it('drops a playlist deleted meanwhile and keeps nothing half-done', async () => {
    const { playlists, actions } = wirePlaylists(server);
    await playlists.list({ source: 'server', recordingId: LOOSE });
    server.setFault({
      path: new RegExp(`/${onboarding}/recordings/`),
      fault: { type: 'status', status: 404 },
      times: 1,
    });
    await expect(actions.add(inCollection(onboarding))).rejects.toMatchObject({ kind: 'not-found' });
    const after = await playlists.list({ source: 'cache', recordingId: LOOSE });
    expect(after.playlists.some((p) => p.shortId === onboarding)).toBe(false);
    expect(after.membership?.holds).not.toContain(onboarding);
  });
});

describe('the session fallback', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });
  beforeEach(() => fakeBrowser.reset());

  it('says there is no signed-in tab when there is none, and adds nothing', async () => {
    const { playlists, actions } = wirePlaylists(server, { signedIn: false });
    await playlists.list({ source: 'server', recordingId: LOOSE });
    const error = (await actions.add(inCollection(onboarding)).catch((e: unknown) => e)) as AppError;
    expect(error.kind).toBe('no-session-tab');
    expect(error.userMessage()).toMatch(/signed-in PostHog tab/);
    const membership = await playlists.membership(await playlists.scopeOf(), LOOSE);
    expect(membership.holds).not.toContain(onboarding);
  });

  it.each([
    [{ status: 401, body: { detail: 'Authentication credentials were not provided.' } }, 'signed-out'],
    // PostHog's CSRF refusal comes only to a signed-in session: not signed out.
    [{ status: 403, body: { detail: 'CSRF Failed: CSRF token missing.' } }, 'csrf-refused'],
    [
      {
        status: 403,
        body: {
          type: 'authentication_error',
          code: 'permission_denied',
          detail: "CSRF Failed: CSRF token from the 'X-Csrftoken' HTTP header incorrect.",
          attr: null,
        },
      },
      'csrf-refused',
    ],
    [{ status: 403, body: { detail: 'Authentication credentials were not provided.' } }, 'signed-out'],
    [{ status: 404, body: { detail: 'Not found.' } }, 'not-found'],
    [
      { status: 429, body: { detail: 'Request was throttled. Expected available in 7 seconds.' } },
      'rate-limited',
    ],
    [{ status: 500, body: { type: 'server_error' } }, 'server'],
    [{ status: 0, body: null }, 'network'],
  ])('reads a session answer %j as %s', (answer, kind) => {
    expect(sessionFailure(answer).kind).toBe(kind);
  });

  it('keeps a missing scope from the key as the error (no fallback for that)', async () => {
    const contract = await startFakePostHog({ flavor: 'contract', seed: 'demo' });
    try {
      const { playlists, actions, forwarded } = wirePlaylists(contract, {
        key: contract.keys.noPlaylistWrite,
      });
      await playlists.list({ source: 'server' });
      const error = (await actions.add(inCollection(onboarding)).catch((e: unknown) => e)) as AppError;
      expect(error.kind).toBe('missing-scope');
      expect(error.userMessage()).toContain('session_recording_playlist:write');
      expect(forwarded).toEqual([]);
    } finally {
      await contract.close();
    }
  });

  it('reads whose session, the collection, its membership and the key’s refusal at once (a woken worker reads each from storage)', async () => {
    const { playlists, forward } = wirePlaylists(server, { originTraits: cloudTraits });
    await playlists.list({ source: 'server', recordingId: LOOSE });
    // Each read answers only once all four were asked: one after another, the add never goes.
    const asked = new Set<string>();
    let allAsked: () => void = () => {};
    const together = new Promise<void>((resolve) => {
      allAsked = resolve;
    });
    const read = async <T>(name: string, answer: () => Promise<T>): Promise<T> => {
      asked.add(name);
      if (asked.size === 4) allAsked();
      await together;
      return answer();
    };
    const actions = createRecordingActions({
      playlists: {
        ...playlists,
        entry: (scope, shortId) => read('entry', () => playlists.entry(scope, shortId)),
        membership: (scope, recordingId) =>
          read('membership', () => playlists.membership(scope, recordingId)),
      },
      session: {
        ...fakeBrowser.storage.session,
        get: (keys) =>
          keys === 'playlistKeyRefusals'
            ? read('refusal', () => fakeBrowser.storage.session.get(keys))
            : fakeBrowser.storage.session.get(keys),
      },
      originTraits: cloudTraits,
      forward,
      askedIn: (tabId) => read('askedIn', async () => ({ container: `firefox-container-${tabId}` })),
    });
    const added = actions.add({ ...inCollection(onboarding), tabId: 7 });
    const outcome = await Promise.race([
      added.then((result) => result.outcome),
      new Promise((resolve) => setTimeout(() => resolve([...asked]), 2000)),
    ]);
    expect(outcome).toBe('added');
    await actions.remove(inCollection(onboarding));
  });
});
