import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../fake-posthog/demo-ids';
import { apiCalls, wirePlaylists } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

beforeAll(installEnglishTranslator);

const REC = DEMO.recordings.inCheckout;
const { checkoutBugs, rageClicks } = DEMO.playlists;

describe.each(['posthog', 'contract'] as const)('playlists against the %s flavor', (flavor) => {
  const server = useLocalPostHog({ flavor, seed: 'demo' });

  it('answers from the cache without a request, then revalidates', async () => {
    const { playlists } = wirePlaylists(server);
    const cold = await playlists.list({ source: 'cache' });
    expect(cold).toMatchObject({ fetchedAt: null, playlists: [] });
    expect(apiCalls(server)).toEqual([]);
    const fresh = await playlists.list({ source: 'server' });
    expect(fresh.playlists.map((p) => p.shortId)).toContain(checkoutBugs);
    server.clearRequests();
    const warm = await playlists.list({ source: 'cache' });
    expect(warm.playlists).toEqual(fresh.playlists);
    expect(apiCalls(server)).toEqual([]);
  });

  it('reuses a list fetched moments ago, still asking which playlists hold the recording', async () => {
    const { playlists } = wirePlaylists(server);
    await playlists.list({ source: 'server' });
    server.clearRequests();
    await playlists.list({ source: 'fresh', recordingId: REC });
    const lists = server.requests.filter((r) => r.path === '/api/projects/1/session_recording_playlists/');
    // Only the membership question (and, once, the probe that shows whether the server answers it).
    expect(lists.every((r) => r.query.session_recording_id !== undefined)).toBe(true);
    expect(lists.length).toBe(2);
  });

  it('marks saved filters (and PostHog’s synthetic lists) as unable to hold recordings', async () => {
    const { playlists } = wirePlaylists(server);
    const { playlists: list } = await playlists.list({ source: 'server' });
    expect(list.find((p) => p.shortId === rageClicks)?.kind).toBe('filters');
    expect(list.find((p) => p.shortId === checkoutBugs)?.kind).toBe('collection');
    const synthetic = list.filter((p) => p.kind === 'synthetic');
    expect(synthetic.length).toBe(flavor === 'posthog' ? 4 : 0);
  });

  it('gives membership only where the server provably answers it', async () => {
    const { playlists } = wirePlaylists(server);
    const { membership } = await playlists.list({ source: 'server', recordingId: REC });
    if (flavor === 'posthog') {
      expect(membership).toEqual({ complete: true, holds: [checkoutBugs], lacks: [] });
    } else {
      // The contract server ignores ?session_recording_id= and lists everything: proven by the probe.
      expect(membership).toEqual({ complete: false, holds: [], lacks: [] });
    }
    // The probe is asked once; later lists do not repeat it (and the contract's ignored filter is not asked again).
    server.clearRequests();
    await playlists.list({ source: 'server', recordingId: REC });
    const filtered = server.requests.filter((r) => r.query.session_recording_id !== undefined);
    expect(filtered.length).toBe(flavor === 'posthog' ? 1 : 0);
  });
});
