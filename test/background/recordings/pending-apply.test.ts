import { beforeAll, describe, expect, it } from 'vitest';
import { applyPendingChange } from '../../../lib/background/recordings/pending-apply';
import type { PendingChange } from '../../../lib/messaging/pending-messages';
import { DEMO } from '../../fake-posthog/demo-ids';
import { actionsNotingKeptFor, wirePlaylists } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

beforeAll(installEnglishTranslator);

describe('making a pending change', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  const change = (overrides: Partial<PendingChange> = {}): PendingChange => ({
    id: 'c1',
    origin: server.url,
    projectId: 1,
    shortId: DEMO.playlists.checkoutBugs,
    recordingId: DEMO.recordings.inCheckout,
    playlistName: 'Checkout bugs',
    direction: 'add',
    at: 0,
    attempts: 1,
    reason: 'outcome-unknown',
    nextAt: null,
    ...overrides,
  });
  const writes = () => server.requests.filter((request) => request.method !== 'GET');

  it('a change kept for a PostHog user goes through the session only as that user', async () => {
    const ANA = '01900000-0000-7000-8000-000000000a1a';
    // The session as the bridge makes it: it refuses a change whose user is not the page's.
    const { actions, asked, ...wired } = actionsNotingKeptFor(server, { pageUser: ANA });
    const services = { playlists: wired.playlists, actions };
    const onboarding = change({ shortId: DEMO.playlists.onboarding, reason: 'signed-out' });
    await expect(
      applyPendingChange(
        services,
        { ...onboarding, user: '01900000-0000-7000-8000-000000000b2b' },
        { checkFirst: false },
      ),
    ).rejects.toMatchObject({ kind: 'other-user' });
    expect(writes()).toEqual([]);
    await applyPendingChange(services, { ...onboarding, user: ANA }, { checkFirst: false });
    expect(asked.map((keptFor) => keptFor?.user)).toEqual(['01900000-0000-7000-8000-000000000b2b', ANA]);
    expect(writes().map((request) => `${request.method} ${request.auth}`)).toEqual(['POST session']);
    await actions.remove({
      projectId: 1,
      shortId: DEMO.playlists.onboarding,
      recordingId: DEMO.recordings.inCheckout,
    });
  });

  it('a change kept in a Firefox container is sent only from a tab of that container', async () => {
    const { actions, asked, ...wired } = actionsNotingKeptFor(server);
    const kept = change({ shortId: DEMO.playlists.onboarding, reason: 'no-session-tab' });
    await applyPendingChange(
      { playlists: wired.playlists, actions },
      { ...kept, recordingId: DEMO.recordings.loose, container: 'firefox-container-2' },
      { checkFirst: false },
    );
    expect(asked).toEqual([{ container: 'firefox-container-2' }]);
    await actions.remove({
      projectId: 1,
      shortId: DEMO.playlists.onboarding,
      recordingId: DEMO.recordings.loose,
    });
  });

  it('after a lost answer, reads PostHog first and sends nothing when the change was made', async () => {
    const wired = wirePlaylists(server, { signedIn: true });
    await applyPendingChange(wired, change(), { checkFirst: true });
    expect(writes()).toEqual([]);
  });

  it('sends the change when PostHog does not hold it yet', async () => {
    const wired = wirePlaylists(server, { signedIn: true });
    await applyPendingChange(wired, change({ shortId: DEMO.playlists.onboarding }), { checkFirst: true });
    expect(writes().map((request) => request.method)).toEqual(expect.arrayContaining(['POST']));
    expect(
      await wired.playlists.holds(
        await wired.playlists.scopeOf(1),
        DEMO.playlists.onboarding,
        DEMO.recordings.inCheckout,
      ),
    ).toBe(true);
  });

  it('with a note, an add PostHog already holds is not sent again: only its note is still to write', async () => {
    // Wired without notes: the note cannot be written here, so the change keeps failing on it alone.
    const wired = wirePlaylists(server, { signedIn: true });
    await expect(
      applyPendingChange(wired, change({ note: { text: 'Stuck here', second: 12 } }), { checkFirst: true }),
    ).rejects.toMatchObject({ kind: 'invalid-input' });
    expect(writes()).toEqual([]);
  });

  it('refuses a change made for another PostHog than the one connected now', async () => {
    const wired = wirePlaylists(server, { signedIn: true });
    await expect(
      applyPendingChange(wired, change({ origin: 'https://eu.posthog.com' }), { checkFirst: false }),
    ).rejects.toMatchObject({ kind: 'invalid-input' });
    expect(server.requests).toEqual([]);
  });
});
