import { describe, expect, it, vi } from 'vitest';
import { createListWarmer, createPrefetcher } from '../../../lib/background/tabs/prefetch';
import { parsePageContext } from '../../../lib/posthog/context';

const US = 'https://us.posthog.com';
const contextOf = (url: string) => {
  const context = parsePageContext(url);
  if (!context) throw new Error(`not a context: ${url}`);
  return context;
};

function setup(options: { configured?: boolean; dashboardsCached?: boolean } = {}) {
  const deps = {
    connection: vi.fn(async () => (options.configured === false ? null : { origin: US, projectId: 7 })),
    warmPlaylists: vi.fn(async (_projectId: number) => undefined),
    hasDashboards: vi.fn(async (_projectId: number) => options.dashboardsCached ?? false),
    fetchDashboards: vi.fn(async (_projectId: number) => undefined),
  };
  const warmList = createListWarmer(deps);
  const prefetch = createPrefetcher({ warmStatus: async () => undefined, warmList });
  return { deps, prefetch };
}

describe('prefetching the list the popup will show', () => {
  it.each([
    ['a recording', `${US}/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438`, 1],
    ['a playlist', `${US}/project/3/replay/playlists/eKdNnFRI`, 3],
    ['a legacy recording link (the configured project)', `${US}/replay/abc`, 7],
  ])('warms the playlists of the project on %s', async (_name, url, projectId) => {
    const { deps, prefetch } = setup();
    await prefetch(1, contextOf(url));
    expect(deps.warmPlaylists).toHaveBeenCalledWith(projectId);
    expect(deps.fetchDashboards).not.toHaveBeenCalled();
  });

  it('fetches the dashboards of a dashboard page only when none are cached', async () => {
    const cold = setup({ dashboardsCached: false });
    await cold.prefetch(1, contextOf(`${US}/project/1/dashboard/2`));
    expect(cold.deps.fetchDashboards).toHaveBeenCalledWith(1);

    const warm = setup({ dashboardsCached: true });
    await warm.prefetch(1, contextOf(`${US}/project/1/dashboard/2`));
    expect(warm.deps.fetchDashboards).not.toHaveBeenCalled();
    expect(warm.deps.warmPlaylists).not.toHaveBeenCalled();
  });

  it('fetches nothing before setup, on another PostHog, or on list pages', async () => {
    const unconfigured = setup({ configured: false });
    await unconfigured.prefetch(1, contextOf(`${US}/project/1/replay/abc`));
    const elsewhere = setup();
    await elsewhere.prefetch(1, contextOf('https://eu.posthog.com/project/1/replay/abc'));
    await elsewhere.prefetch(1, contextOf(`${US}/project/1/dashboard`));
    for (const { deps } of [unconfigured, elsewhere]) {
      expect(deps.warmPlaylists).not.toHaveBeenCalled();
      expect(deps.fetchDashboards).not.toHaveBeenCalled();
    }
  });

  it('reports a failed list fetch instead of throwing', async () => {
    const onError = vi.fn();
    const failing = new Error('offline');
    const prefetch = createPrefetcher({
      warmStatus: async () => undefined,
      warmList: async () => Promise.reject(failing),
      onError,
    });
    await expect(prefetch(1, contextOf(`${US}/project/1/replay/abc`))).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(failing);
  });
});
