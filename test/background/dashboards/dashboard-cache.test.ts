import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createDashboardCache } from '../../../lib/background/dashboards/dashboard-cache';
import type { DashboardList } from '../../../lib/messaging/messages';
import { dashboardSummary } from '../../support/dashboard-summary';

beforeEach(() => fakeBrowser.reset());

const US = 'https://us.posthog.com';
const list = (projectId: number, ids: number[], origin = US): DashboardList => ({
  origin,
  projectId,
  fetchedAt: 5,
  dashboards: ids.map((id) => dashboardSummary(id)),
});
const storedKeys = async () => Object.keys(await browser.storage.local.get(null)).sort();

describe('the dashboard cache', () => {
  it('keeps one list per origin and project, in storage', async () => {
    const cache = createDashboardCache({ storage: browser.storage.local });
    await cache.write(list(1, [1, 2]));
    await cache.write(list(1, [7], 'https://eu.posthog.com'));
    const fresh = createDashboardCache({ storage: browser.storage.local });
    expect((await fresh.read(US, 1))?.dashboards.map((d) => d.id)).toEqual([1, 2]);
    expect((await fresh.read('https://eu.posthog.com', 1))?.dashboards.map((d) => d.id)).toEqual([7]);
    expect(await fresh.read(US, 2)).toBeNull();
  });

  it('forgets the least recently written project beyond its limit', async () => {
    const cache = createDashboardCache({ storage: browser.storage.local, maxProjects: 2 });
    await cache.write(list(1, [1]));
    await cache.write(list(2, [2]));
    await cache.write(list(1, [1, 11]));
    await cache.write(list(3, [3]));
    expect(await cache.read(US, 2)).toBeNull();
    expect(await storedKeys()).toEqual([
      'dashboards:https://us.posthog.com|1',
      'dashboards:https://us.posthog.com|3',
      'dashboardsIndex',
    ]);
  });

  it('replaces, adds and removes one dashboard; does nothing without a cached list', async () => {
    const cache = createDashboardCache({ storage: browser.storage.local });
    await cache.upsert(US, 1, dashboardSummary(1));
    expect(await cache.read(US, 1)).toBeNull();
    await cache.write(list(1, [1, 2]));
    await cache.upsert(US, 1, dashboardSummary(2, { pinned: true }));
    await cache.upsert(US, 1, dashboardSummary(3));
    await cache.remove(US, 1, 1);
    await cache.flushed();
    const read = await createDashboardCache({ storage: browser.storage.local }).read(US, 1);
    expect(read?.dashboards).toEqual([dashboardSummary(2, { pinned: true }), dashboardSummary(3)]);
  });

  it('writes a burst of changes together, ending with the newest list', async () => {
    const writes: string[] = [];
    const storage = {
      get: (keys: string | string[]) => browser.storage.local.get(keys),
      set: async (items: Record<string, unknown>) => {
        writes.push(...Object.keys(items));
        await browser.storage.local.set(items);
      },
      remove: (keys: string | string[]) => browser.storage.local.remove(keys),
    };
    const cache = createDashboardCache({ storage });
    await cache.write(list(1, [1, 2, 3]));
    writes.length = 0;
    for (const id of [1, 2, 3, 1, 2, 3]) await cache.upsert(US, 1, dashboardSummary(id, { pinned: true }));
    // Readers see every change at once.
    expect((await cache.read(US, 1))?.dashboards.every((d) => d.pinned)).toBe(true);
    await cache.flushed();
    // The first change is written at once; the ones made meanwhile are written together after it.
    expect(writes.filter((key) => key.startsWith('dashboards:'))).toHaveLength(2);
    const stored = await createDashboardCache({ storage: browser.storage.local }).read(US, 1);
    expect(stored?.dashboards.every((d) => d.pinned)).toBe(true);
  });

  it('clears every list and its index', async () => {
    const cache = createDashboardCache({ storage: browser.storage.local });
    await cache.write(list(1, [1]));
    await cache.write(list(2, [2]));
    await cache.clear();
    expect(await storedKeys()).toEqual([]);
    expect(await cache.read(US, 1)).toBeNull();
  });

  it('ignores a stored list that names another project, and garbage', async () => {
    await browser.storage.local.set({
      'dashboards:https://us.posthog.com|1': { version: 1, list: list(2, [9]) },
      'dashboards:https://us.posthog.com|2': { version: 1, list: 'garbage' },
    });
    const cache = createDashboardCache({ storage: browser.storage.local });
    expect(await cache.read(US, 1)).toBeNull();
    expect(await cache.read(US, 2)).toBeNull();
  });
});
