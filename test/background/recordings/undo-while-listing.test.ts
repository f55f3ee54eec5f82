import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { apiCalls, wirePlaylists } from '../../support/collections-background';
import { deferred } from '../../support/deferred';
import { installEnglishTranslator } from '../../support/i18n';
import { inCollection } from '../../support/in-collection';
import { useLocalPostHog } from '../../support/local-posthog';
import { recordingPath } from '../../support/recording-route';

beforeAll(installEnglishTranslator);

const LOOSE = DEMO.recordings.loose;
const { onboarding } = DEMO.playlists;

/**
 * The popup asks PostHog which collections hold its recording each time it opens, and its Undo can be
 * clicked before that answer is in. PostHog's answer then describes the recording as it was before the
 * undo: it must not put the recording back in the collection as far as Hogmark knows, or the next add
 * (the shortcut's, pressed just after) would be judged "already in" and never sent.
 */
describe('an undo made while PostHog’s answer of what holds the recording is on its way', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  it('stands over that answer: the recording is out, and the next add is sent', async () => {
    let holdNext = false;
    const answered = deferred();
    const released = deferred();
    const { playlists, actions } = wirePlaylists(server, {
      playlistsApi: (api) => ({
        ...api,
        async list(filter) {
          const answer = await api.list(filter);
          if (holdNext && filter?.session_recording_id === LOOSE) {
            holdNext = false;
            answered.resolve();
            await released.promise;
          }
          return answer;
        },
      }),
    });
    await playlists.list({ source: 'server', recordingId: LOOSE });
    const added = await actions.add(inCollection(onboarding));
    expect(added.outcome).toBe('added');

    // The popup opens: PostHog answers that Onboarding holds the recording, and the answer waits.
    holdNext = true;
    const listing = playlists.list({ source: 'fresh', recordingId: LOOSE });
    await answered.promise;
    const undone = await actions.undo(added.actionId ?? 'missing');
    expect(undone).toMatchObject({ outcome: 'removed' });
    released.resolve();

    const { membership } = await listing;
    expect(membership?.lacks).toContain(onboarding);
    expect(membership?.holds).not.toContain(onboarding);
    server.clearRequests();
    const again = await actions.add(inCollection(onboarding));
    expect(again.outcome).toBe('added');
    expect(apiCalls(server, 'POST').filter((call) => call.includes('/recordings/'))).toEqual([
      `POST ${recordingPath(onboarding, LOOSE)} session`,
    ]);
  });

  it('yields to an answer asked after the change: PostHog’s word is newer then', async () => {
    const { playlists, actions, forward } = wirePlaylists(server);
    await playlists.list({ source: 'server', recordingId: LOOSE });
    const added = await actions.add(inCollection(onboarding));
    expect(added.membership.holds).toContain(onboarding);
    // Someone takes it out in PostHog itself; the next answer says so, and Hogmark follows it.
    const removed = await forward(server.url, { method: 'DELETE', path: recordingPath(onboarding, LOOSE) });
    expect(removed.status).toBeLessThan(300);
    const { membership } = await playlists.list({ source: 'fresh', recordingId: LOOSE });
    expect(membership?.holds).not.toContain(onboarding);
  });
});
