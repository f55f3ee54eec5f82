import type { FakePostHog } from '../fake-posthog/index';

/** How many live collections PostHog has of that name, asked with the key (not through Hogmark). */
export async function collectionsNamed(server: FakePostHog, name: string): Promise<number> {
  const answer = await fetch(`${server.url}/api/projects/1/session_recording_playlists/?limit=500`, {
    headers: { authorization: `Bearer ${server.keys.all}` },
  });
  const body = (await answer.json()) as { results: Array<{ name: string | null; deleted: boolean }> };
  return body.results.filter((playlist) => playlist.name === name && !playlist.deleted).length;
}
