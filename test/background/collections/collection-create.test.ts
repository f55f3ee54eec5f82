import { describe, expect, it } from 'vitest';
import { createCollectionAndAdd } from '../../../lib/background/collections/collection-create';
import type { RecordingChangeInput } from '../../../lib/messaging/collection-messages';
import { DEMO } from '../../fake-posthog/demo-ids';
import { wirePlaylists } from '../../support/collections-background';
import { useLocalPostHog } from '../../support/local-posthog';

describe('a new collection’s create-and-add', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  it.each([
    ['with the note the picker sent', { text: 'Coupon rejected', second: 75 }],
    ['without one when none was written', undefined],
  ])('adds %s', async (_, note) => {
    const { playlists } = wirePlaylists(server);
    const adds: RecordingChangeInput[] = [];
    const result = await createCollectionAndAdd(
      {
        playlists,
        now: Date.now,
        add: async (input) => {
          adds.push(input);
          return {
            outcome: 'added',
            shortId: input.shortId,
            playlistName: 'Escalations',
            membership: { complete: false, holds: [input.shortId], lacks: [] },
          };
        },
        cancel: () => false,
      },
      { projectId: 1, name: 'Escalations', recordingId: DEMO.recordings.loose, ...(note ? { note } : {}) },
      new AbortController().signal,
    );
    expect(result.change?.outcome).toBe('added');
    expect(adds).toHaveLength(1);
    expect(adds[0]?.shortId).toBe(result.playlist.shortId);
    expect(adds[0]?.note).toEqual(note);
  });
});
