import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPostHogClient } from '../../../lib/api/client';
import { createDashboardCache } from '../../../lib/background/dashboards/dashboard-cache';
import { createDashboardsService } from '../../../lib/background/dashboards/dashboards';
import {
  createRecordingActions,
  type RecordingActions,
} from '../../../lib/background/recordings/recording-actions';
import { AppError, isAppError } from '../../../lib/platform/errors';
import { settleWrite, stoppedWaiting } from '../../../lib/platform/write-outcome';
import { DEMO } from '../../fake-posthog/demo-ids';
import type { Fault } from '../../fake-posthog/index';
import {
  apiCalls,
  cancellableCollections,
  cloudTraits,
  wirePlaylists,
} from '../../support/collections-background';
import { collectionsNamed } from '../../support/collections-named';
import { installEnglishTranslator } from '../../support/i18n';
import { inCollection } from '../../support/in-collection';
import { useLocalPostHog } from '../../support/local-posthog';
import { pinnedOnServer } from '../../support/pinned-on-server';
import { recordingRoute } from '../../support/recording-route';
import { serverHolds } from '../../support/server-holds';

beforeAll(installEnglishTranslator);

const LOOSE = DEMO.recordings.loose;
const { checkoutBugs } = DEMO.playlists;

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return isAppError(error) ? error.kind : 'not an AppError';
  }
}

describe('settleWrite', () => {
  const lost = () => Promise.reject(new AppError('timeout'));
  it('answers as the write did when nothing went wrong, and never reads back', async () => {
    let reads = 0;
    const result = await settleWrite({
      write: async () => 'made',
      readBack: async () => {
        reads++;
        return 'applied';
      },
      applied: async () => 'read',
    });
    expect([result, reads]).toEqual(['made', 0]);
  });
  it('passes a refusal through unread: PostHog decides those before changing anything', async () => {
    let reads = 0;
    const write = () => Promise.reject(new AppError('missing-scope'));
    const readBack = async () => {
      reads++;
      return 'applied' as const;
    };
    expect(await kindOf(settleWrite({ write, readBack, applied: async () => 1 }))).toBe('missing-scope');
    expect(reads).toBe(0);
  });
  it('after a lost answer, believes the read: made, not made, cancelled, or unknown', async () => {
    const settle = (found: 'applied' | 'not-applied' | 'unknown' | 'throws', cancelled = false) =>
      settleWrite({
        write: lost,
        readBack: async () => {
          if (found === 'throws') throw new AppError('network');
          return found;
        },
        applied: async () => 'made after all',
        cancelled: () => cancelled,
      });
    expect(await settle('applied')).toBe('made after all');
    expect(await kindOf(settle('not-applied'))).toBe('timeout');
    expect(await kindOf(settle('not-applied', true))).toBe('cancelled');
    expect(await kindOf(settle('unknown'))).toBe('outcome-unknown');
    expect(await kindOf(settle('throws'))).toBe('outcome-unknown');
  });

  it('an unknown outcome says whether the user had stopped waiting (then nothing is made for them later)', async () => {
    const caught = async (cancelled: boolean) => {
      try {
        await settleWrite({
          write: lost,
          readBack: async () => 'unknown',
          applied: async () => 'x',
          cancelled: () => cancelled,
        });
      } catch (error) {
        return error as AppError;
      }
      throw new Error('settled');
    };
    const waited = await caught(false);
    const stopped = await caught(true);
    expect([waited.kind, stoppedWaiting(waited)]).toEqual(['outcome-unknown', false]);
    expect([stopped.kind, stoppedWaiting(stopped)]).toEqual(['outcome-unknown', true]);
    expect(stoppedWaiting(new AppError('cancelled'))).toBe(false);
  });
});

describe('recording writes end in the truth (posthog flavor)', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  // On Cloud every add and removal goes through the signed-in tab; removals use `bulk_delete`.
  const cloud = () => wirePlaylists(server, { originTraits: cloudTraits });

  it('an add PostHog made whose answer was lost ends "added", after one read', async () => {
    const { actions } = cloud();
    server.setFault({
      method: 'POST',
      path: recordingRoute(checkoutBugs, LOOSE),
      fault: { type: 'lose-answer', as: 'drop' },
      times: 1,
    });
    const result = await actions.add(inCollection(checkoutBugs));
    expect(result).toMatchObject({
      outcome: 'added',
      via: 'session',
      membership: { holds: expect.arrayContaining([checkoutBugs]) },
    });
    const calls = apiCalls(server);
    const write = calls.findIndex((call) => call.startsWith('POST'));
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
    expect(calls.slice(write + 1)).toHaveLength(1);
    expect(await serverHolds(server, checkoutBugs, LOOSE)).toBe(true);
    // Undo leaves PostHog as it was.
    await actions.undo(result.actionId as string);
  });

  it('an undo PostHog made whose answer was lost ends "removed", and nothing is sent twice', async () => {
    const { actions, playlists } = cloud();
    await playlists.list({ source: 'server' });
    const added = await actions.add(inCollection(checkoutBugs));
    server.clearRequests();
    server.setFault({
      method: 'POST',
      path: /recordings\/bulk_delete\/?$/,
      fault: { type: 'lose-answer', as: 'drop' },
      times: 1,
    });
    const undone = await actions.undo(added.actionId as string);
    expect(undone).toMatchObject({ outcome: 'removed' });
    expect(apiCalls(server, 'POST')).toHaveLength(1);
    expect(apiCalls(server, 'GET')).toHaveLength(1);
    expect(await serverHolds(server, checkoutBugs, LOOSE)).toBe(false);
  });

  it('removing a recording already removed in PostHog (a 500 from the single DELETE) is success', async () => {
    // A self-hosted PostHog: the key is refused, then the tab's single DELETE answers 500 when the
    // recording is not there (reference §10.5).
    const mine = wirePlaylists(server);
    const elsewhere = wirePlaylists(server);
    await mine.playlists.list({ source: 'server' });
    await mine.actions.add(inCollection(checkoutBugs));
    await elsewhere.actions.remove(inCollection(checkoutBugs));
    server.clearRequests();
    const result = await mine.actions.remove(inCollection(checkoutBugs));
    expect(result).toMatchObject({
      outcome: 'removed',
      membership: { lacks: expect.arrayContaining([checkoutBugs]) },
    });
    expect(apiCalls(server, 'DELETE')).toEqual([expect.stringMatching(/ session$/)]);
    expect(apiCalls(server, 'GET')).toHaveLength(1);
  });

  it('a 5xx before anything was made says so, and the row shows the recording is not there', async () => {
    const { actions, playlists } = cloud();
    server.setFault({
      method: 'POST',
      path: recordingRoute(checkoutBugs, LOOSE),
      fault: { type: 'status', status: 503 },
      times: 1,
    });
    expect(await kindOf(actions.add(inCollection(checkoutBugs)))).toBe('server');
    const scope = await playlists.scopeOf(1);
    expect((await playlists.membership(scope, LOOSE)).lacks).toContain(checkoutBugs);
    expect(await serverHolds(server, checkoutBugs, LOOSE)).toBe(false);
  });

  it('when the read fails too, the outcome is unknown, never "not added"', async () => {
    const { actions, playlists } = cloud();
    await playlists.list({ source: 'server' });
    server.setFault({
      method: 'POST',
      path: recordingRoute(checkoutBugs, LOOSE),
      fault: { type: 'lose-answer', as: 'drop' },
      times: 1,
    });
    server.setFault({ method: 'GET', path: /session_recording_playlists/, fault: { type: 'html' } });
    expect(await kindOf(actions.add(inCollection(checkoutBugs)))).toBe('outcome-unknown');
    server.clearFaults();
    await cloud().actions.remove(inCollection(checkoutBugs));
  });

  it('a new collection whose answer was lost is found by its name, and the recording goes in once', async () => {
    const { actions, playlists } = cloud();
    await playlists.list({ source: 'server' });
    const name = `Lost answer ${Date.now()}`;
    server.setFault({
      method: 'POST',
      path: /session_recording_playlists\/?$/,
      fault: { type: 'lose-answer', as: 'drop' },
      times: 1,
    });
    const result = await actions.createAndAdd({ projectId: 1, name, recordingId: LOOSE });
    expect(result.error).toBeNull();
    expect(result.change).toMatchObject({ outcome: 'added' });
    const all = await playlists.list({ source: 'server' });
    expect(all.playlists.filter((entry) => entry.name === name)).toHaveLength(1);
    expect(
      apiCalls(server, 'POST').filter((call) => /playlists\/ /.test(`${call.split(' ')[1]} `)),
    ).toHaveLength(1);
  });
});

describe('Cancel of a create-and-add (contract flavor: the key creates and adds)', () => {
  const server = useLocalPostHog({ flavor: 'contract', seed: 'demo' });

  const CREATE = /session_recording_playlists\/?$/;
  /** The services as the extension wires them: every request of a write stops on the user's Cancel. */
  async function wired() {
    const playlists = cancellableCollections(server);
    const actions = createRecordingActions({
      playlists,
      session: fakeBrowser.storage.session,
      forward: () => Promise.reject(new Error('this server takes the key: nothing goes through a tab')),
    });
    await playlists.list({ source: 'server' });
    server.clearRequests();
    return actions;
  }
  /** Starts a create-and-add and cancels it once PostHog has the request `method path`. */
  async function cancelOnceSent(actions: RecordingActions, name: string, method: string, path: RegExp) {
    const input = { projectId: 1, name, recordingId: LOOSE };
    const done = actions.createAndAdd(input);
    await vi.waitFor(
      () => expect(server.requests.some((r) => r.method === method && path.test(r.path))).toBe(true),
      { interval: 5 },
    );
    expect(actions.cancel(input)).toBe(true);
    return done;
  }

  it('before PostHog created the collection: cancelled, after one read, and nothing more is sent', async () => {
    const actions = await wired();
    const name = `Never made ${Date.now()}`;
    // PostHog sits on the request for a second, then the connection drops: nothing is created.
    server.setFault({ method: 'POST', path: CREATE, fault: { type: 'latency', ms: 1_000 }, times: 1 });
    server.setFault({ method: 'POST', path: CREATE, fault: { type: 'drop' }, times: 1 });
    const arrived = Date.now();
    expect(await kindOf(cancelOnceSent(actions, name, 'POST', CREATE))).toBe('cancelled');
    expect(apiCalls(server)).toEqual([
      expect.stringMatching(/^POST \S+session_recording_playlists\/ /),
      expect.stringMatching(/^GET \S+session_recording_playlists\/ /),
    ]);
    expect(await collectionsNamed(server, name)).toBe(0);
    // The drop comes only after the latency: no later test's faults may be cleared under it.
    await new Promise((resolve) => setTimeout(resolve, arrived + 1_050 - Date.now()));
  });

  it('after PostHog created it (its answer hung): found by one read, listed, and the add is not sent', async () => {
    const actions = await wired();
    const name = `Made, answer hung ${Date.now()}`;
    server.setFault({
      method: 'POST',
      path: CREATE,
      fault: { type: 'lose-answer', as: 'late', ms: 10_000 },
      times: 1,
    });
    const result = await cancelOnceSent(actions, name, 'POST', CREATE);
    expect(result).toMatchObject({ playlist: { name }, change: null, error: null });
    expect(apiCalls(server).map((call) => call.split(' ')[0])).toEqual(['POST', 'GET']);
    expect(await collectionsNamed(server, name)).toBe(1);
  });

  it('a Cancel once the collection exists stops the add, and never says "not added" before a read', async () => {
    const actions = await wired();
    const name = `Add hung ${Date.now()}`;
    const addPath = recordingRoute('[^/]+', LOOSE);
    server.setFault({
      method: 'POST',
      path: addPath,
      fault: { type: 'lose-answer', as: 'late', ms: 10_000 },
      times: 1,
    });
    const result = await cancelOnceSent(actions, name, 'POST', addPath);
    // This server never says what a collection holds: the read cannot tell, and the result says so.
    expect(result).toMatchObject({ playlist: { name }, change: null, error: { kind: 'outcome-unknown' } });
    expect(apiCalls(server).map((call) => call.split(' ')[0])).toEqual(['POST', 'POST', 'GET']);
    expect(await collectionsNamed(server, name)).toBe(1);
  });
});

describe('pins end in the truth', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  const service = () =>
    createDashboardsService({
      connection: async () => ({ origin: server.url, apiKey: server.keys.all, projectId: 1 }),
      api: (connection, projectId, signal) =>
        createPostHogClient({ ...connection, signal }).project(projectId).dashboards,
      cache: createDashboardCache({ storage: fakeBrowser.storage.local }),
    });
  const ref = { projectId: 1, dashboardId: DEMO.dashboards.marketing };

  it.each(['drop', 'malformed-json'] as const)(
    'a pin PostHog made whose answer was lost (%s) ends pinned, after one read',
    async (as) => {
      const dashboards = service();
      server.setFault({
        method: 'PATCH',
        path: /dashboards\/\d+\/?$/,
        fault: { type: 'lose-answer', as },
        times: 1,
      });
      const { dashboard } = await dashboards.pin({ ...ref, pinned: true });
      expect(dashboard.pinned).toBe(true);
      expect(apiCalls(server)).toEqual([expect.stringMatching(/^PATCH /), expect.stringMatching(/^GET /)]);
      expect(await pinnedOnServer(server, ref.dashboardId)).toBe(true);
      await dashboards.pin({ ...ref, pinned: false });
    },
  );

  it('a malformed 200 for a PATCH PostHog did not make is "not changed", and the cache says so', async () => {
    const dashboards = service();
    await dashboards.list({ projectId: 1, source: 'server' });
    server.setFault({
      method: 'PATCH',
      path: /dashboards\/\d+\/?$/,
      fault: { type: 'malformed-json' },
      times: 1,
    });
    expect(await kindOf(dashboards.pin({ ...ref, pinned: true }))).toBe('invalid-response');
    expect(await pinnedOnServer(server, ref.dashboardId)).toBe(false);
    expect((await dashboards.get({ ...ref, source: 'cache' })).dashboard?.pinned).toBe(false);
  });

  it('when the read fails too, the pin is unknown', async () => {
    const dashboards = service();
    server.setFault({
      method: 'PATCH',
      path: /dashboards\/\d+\/?$/,
      fault: { type: 'lose-answer', as: 'drop' },
      times: 1,
    });
    server.setFault({ method: 'GET', path: /dashboards\/\d+\/?$/, fault: { type: 'status', status: 502 } });
    expect(await kindOf(dashboards.pin({ ...ref, pinned: true }))).toBe('outcome-unknown');
    server.clearFaults();
    await dashboards.pin({ ...ref, pinned: false });
  });

  it.each([
    {
      // PostHog sits on the PATCH for a second, then the connection drops: it never pins.
      when: 'PostHog had not made it',
      faults: [{ type: 'latency', ms: 1_000 }, { type: 'drop' }] satisfies Fault[],
      busyMs: 1_000,
      outcome: 'cancelled',
      pinned: false,
    },
    {
      // PostHog pins as the PATCH arrives; its answer would take ten seconds.
      when: 'PostHog had made it',
      faults: [{ type: 'lose-answer', as: 'late', ms: 10_000 }] satisfies Fault[],
      busyMs: 0,
      outcome: 'pinned',
      pinned: true,
    },
  ])(
    'Cancel of a hung pin ends as the one read says: $outcome when $when',
    async ({ faults, busyMs, outcome, pinned }) => {
      const dashboards = service();
      for (const fault of faults)
        server.setFault({ method: 'PATCH', path: /dashboards\/\d+\/?$/, fault, times: 1 });
      const pinning = dashboards.pin({ ...ref, pinned: true });
      await vi.waitFor(() => expect(apiCalls(server, 'PATCH')).toHaveLength(1), { interval: 5 });
      const arrived = server.requests.find((request) => request.method === 'PATCH')?.at ?? 0;
      expect(dashboards.cancelPin(ref)).toBe(true);
      const settled = await pinning.then(
        (answer) => (answer.dashboard.pinned ? 'pinned' : 'not pinned'),
        (error: AppError) => error.kind,
      );
      expect(settled).toBe(outcome);
      expect(dashboards.cancelPin(ref)).toBe(false);
      expect(apiCalls(server)).toEqual([expect.stringMatching(/^PATCH /), expect.stringMatching(/^GET /)]);
      expect(await pinnedOnServer(server, ref.dashboardId)).toBe(pinned);
      if (pinned) await dashboards.pin({ ...ref, pinned: false });
      // The drop comes only after the latency: no later test's faults may be cleared under it.
      await new Promise((resolve) => setTimeout(resolve, arrived + busyMs + 50 - Date.now()));
    },
  );
});
