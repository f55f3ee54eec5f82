import type { FakePostHog } from '../fake-posthog/index';

/**
 * The recordings PostHog holds in the collection, asked with the key (not through Hogmark), their ids
 * sorted: PostHog lists a collection's recordings newest first by start, not in the order added.
 */
export async function heldRecordings(server: FakePostHog, shortId: string): Promise<string[]> {
  const answer = await fetch(
    `${server.url}/api/projects/1/session_recording_playlists/${shortId}/recordings/`,
    { headers: { authorization: `Bearer ${server.keys.all}` } },
  );
  const body = (await answer.json()) as { results: Array<{ id: string }> };
  return body.results.map((recording) => recording.id).sort();
}
