import type { FakePostHog } from '../fake-posthog/index';

/** Whether PostHog has the dashboard pinned, asked with the key (not through Hogmark). */
export async function pinnedOnServer(server: FakePostHog, dashboardId: number): Promise<boolean> {
  const answer = await fetch(`${server.url}/api/projects/1/dashboards/${dashboardId}/`, {
    headers: { authorization: `Bearer ${server.keys.all}` },
  });
  return ((await answer.json()) as { pinned: boolean }).pinned;
}
