import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Collaborator } from '../../../lib/api/schema/collaborator';
import { type Dashboard, DashboardSchema } from '../../../lib/api/schema/dashboard';
import { createDashboardCache } from '../../../lib/background/dashboards/dashboard-cache';
import {
  canEditDashboard,
  createDashboardsService,
  type DashboardsApi,
  summariseDashboard,
} from '../../../lib/background/dashboards/dashboards';
import { AppError } from '../../../lib/platform/errors';
import { deferred } from '../../support/deferred';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

const ORIGIN = 'https://us.posthog.com';
const CONNECTION = { origin: ORIGIN, apiKey: `phx_${'A'.repeat(43)}`, projectId: 1 };
const TTL = 60_000;

const dashboard = (id: number, fields: Partial<Dashboard> = {}): Dashboard =>
  DashboardSchema.parse({
    id,
    name: `Dashboard ${id}`,
    pinned: false,
    deleted: false,
    effective_privilege_level: 37,
    restriction_level: 21,
    effective_restriction_level: 21,
    is_shared: false,
    tags: [],
    ...fields,
  });

/** A PostHog of `count` dashboards that counts every call, as the client would make them. */
function fakeApi(count = 3) {
  const rows = new Map<number, Dashboard>();
  for (let id = 1; id <= count; id++) rows.set(id, dashboard(id));
  const calls: string[] = [];
  let failNext: AppError | null = null;
  let gate: { started: () => void; open: Promise<void> } | null = null;
  const fail = () => {
    const error = failNext;
    failNext = null;
    if (error) throw error;
  };
  const api: DashboardsApi = {
    async allPages(options) {
      calls.push(`allPages ${options.concurrency}/${options.limit}`);
      const held = gate;
      gate = null;
      if (held) {
        held.started();
        await held.open;
      } else fail();
      return [...rows.values()];
    },
    async get(id) {
      calls.push(`get ${id}`);
      fail();
      const row = rows.get(id);
      if (!row) throw new AppError('not-found', { status: 404 });
      return row;
    },
    async setPinned(id, pinned) {
      calls.push(`pin ${id} ${pinned}`);
      fail();
      const row = rows.get(id);
      if (!row) throw new AppError('not-found', { status: 404 });
      row.pinned = pinned;
      return row;
    },
    async sharing(id) {
      calls.push(`sharing ${id}`);
      return { enabled: false, access_token: 'x' };
    },
    collaborators: {
      async list(id): Promise<Collaborator[]> {
        calls.push(`collaborators ${id}`);
        fail();
        return [
          {
            id: 'c1',
            level: 37,
            user: { id: 2, uuid: 'u-bo', first_name: 'Bo', last_name: 'Berg', email: 'bo@example.com' },
          },
          { id: 'c2', level: 37, user_uuid: 'u-cy', user: { id: 3, uuid: 'u-cy', email: 'cy@example.com' } },
        ];
      },
    },
  };
  return {
    api,
    rows,
    calls,
    failWith: (error: AppError) => {
      failNext = error;
    },
    /** Holds the next list fetch: `started` resolves when it reached PostHog, `release` answers it. */
    hold: () => {
      const started = deferred();
      const open = deferred();
      gate = { started: () => started.resolve(), open: open.promise };
      return { started: started.promise, release: () => open.resolve() };
    },
  };
}

function setup(count = 3) {
  const server = fakeApi(count);
  let now = 1_000_000;
  const cache = createDashboardCache({ storage: browser.storage.local });
  const service = createDashboardsService({
    connection: async () => CONNECTION,
    api: () => server.api,
    cache,
    now: () => now,
    ttlMs: TTL,
    concurrency: 3,
    pageSize: 50,
  });
  return {
    server,
    service,
    cache,
    advance: (ms: number) => {
      now += ms;
    },
    /** The same storage, as a service worker that just woke up would see it. */
    restart: () =>
      createDashboardsService({
        connection: async () => CONNECTION,
        api: () => server.api,
        cache: createDashboardCache({ storage: browser.storage.local }),
        now: () => now,
        ttlMs: TTL,
      }),
  };
}

describe('dashboards/list', () => {
  it('fetches every page with bounded concurrency the first time, then answers from the cache', async () => {
    const { server, service } = setup();
    const first = await service.list({ projectId: 1, source: 'fresh' });
    expect(first.stale).toBe(false);
    expect(first.list?.dashboards.map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(server.calls).toEqual(['allPages 3/50']);

    const again = await service.list({ projectId: 1, source: 'fresh' });
    expect(again).toEqual(first);
    expect(server.calls).toHaveLength(1);
  });

  it('sends nothing for a cache read, and says when there is no list yet', async () => {
    const { server, service } = setup();
    await expect(service.list({ projectId: 1, source: 'cache' })).resolves.toEqual({
      list: null,
      stale: true,
    });
    expect(server.calls).toEqual([]);
  });

  it('keeps the list across a service-worker restart, still fresh within the TTL', async () => {
    const { server, service, cache, restart, advance } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    await cache.flushed();
    advance(TTL - 1);
    const cold = restart();
    const cached = await cold.list({ projectId: 1, source: 'cache' });
    expect(cached.stale).toBe(false);
    expect(cached.list?.dashboards).toHaveLength(3);
    await cold.list({ projectId: 1, source: 'fresh' });
    expect(server.calls).toHaveLength(1);
  });

  it('says a list past its TTL is stale, then revalidates it once', async () => {
    const { server, service, advance } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    server.rows.set(4, dashboard(4, { name: 'New one' }));
    advance(TTL);
    const cached = await service.list({ projectId: 1, source: 'cache' });
    expect(cached.stale).toBe(true);
    expect(cached.list?.dashboards).toHaveLength(3);

    const fresh = await service.list({ projectId: 1, source: 'fresh' });
    expect(fresh.list?.dashboards.map((entry) => entry.name)).toContain('New one');
    await service.list({ projectId: 1, source: 'fresh' });
    expect(server.calls).toEqual(['allPages 3/50', 'allPages 3/50']);
  });

  it('does not trust a list dated in the future (the clock went back)', async () => {
    const { service, advance } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    advance(-5_000);
    expect((await service.list({ projectId: 1, source: 'cache' })).stale).toBe(true);
  });

  it('joins a revalidation already running instead of starting another', async () => {
    const { server, service } = setup();
    const held = server.hold();
    const a = service.list({ projectId: 1, source: 'server' });
    await held.started;
    const b = service.list({ projectId: 1, source: 'fresh' });
    held.release();
    const [first, second] = await Promise.all([a, b]);
    expect(first).toEqual(second);
    expect(server.calls).toEqual(['allPages 3/50']);
  });

  it('always asks the server for a refresh', async () => {
    const { server, service } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    await service.list({ projectId: 1, source: 'server' });
    expect(server.calls).toHaveLength(2);
  });

  it('keeps the cached list when a revalidation fails, and reports the failure', async () => {
    const { server, service, advance } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    advance(TTL);
    server.failWith(new AppError('rate-limited', { status: 429 }));
    await expect(service.list({ projectId: 1, source: 'fresh' })).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    expect((await service.list({ projectId: 1, source: 'cache' })).list?.dashboards).toHaveLength(3);
  });

  it('does not file a list fetched for a key that was forgotten meanwhile', async () => {
    const { server, service } = setup();
    const held = server.hold();
    const running = service.list({ projectId: 1, source: 'server' });
    await held.started;
    await service.clearCache();
    held.release();
    await running;
    expect((await service.list({ projectId: 1, source: 'cache' })).list).toBeNull();
  });
});

describe('dashboards/get and dashboards/pin', () => {
  it('reads one dashboard from the cache without a request, or from the server', async () => {
    const { server, service } = setup();
    expect(await service.get({ projectId: 1, dashboardId: 2, source: 'cache' })).toEqual({ dashboard: null });
    await service.list({ projectId: 1, source: 'fresh' });
    const cached = await service.get({ projectId: 1, dashboardId: 2, source: 'cache' });
    expect(cached.dashboard?.name).toBe('Dashboard 2');
    expect(server.calls).toEqual(['allPages 3/50']);

    server.rows.set(2, dashboard(2, { name: 'Renamed', pinned: true }));
    const fresh = await service.get({ projectId: 1, dashboardId: 2, source: 'server' });
    expect(fresh.dashboard).toMatchObject({ name: 'Renamed', pinned: true });
    // The cache follows what the server just said.
    expect((await service.get({ projectId: 1, dashboardId: 2, source: 'cache' })).dashboard?.name).toBe(
      'Renamed',
    );
  });

  it('drops a dashboard PostHog no longer has from the cache', async () => {
    const { server, service } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    server.rows.delete(3);
    await expect(service.get({ projectId: 1, dashboardId: 3, source: 'server' })).rejects.toMatchObject({
      kind: 'not-found',
    });
    const { list } = await service.list({ projectId: 1, source: 'cache' });
    expect(list?.dashboards.map((entry) => entry.id)).toEqual([1, 2]);
  });

  it('pins through setPinned and keeps the cache in step', async () => {
    const { server, service } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    const answer = await service.pin({ projectId: 1, dashboardId: 2, pinned: true });
    expect(answer.dashboard.pinned).toBe(true);
    expect(server.calls).toContain('pin 2 true');
    const { list } = await service.list({ projectId: 1, source: 'cache' });
    expect(list?.dashboards.find((entry) => entry.id === 2)?.pinned).toBe(true);
  });

  it('passes a refusal through and leaves the cache as it was', async () => {
    const { server, service } = setup();
    await service.list({ projectId: 1, source: 'fresh' });
    server.failWith(new AppError('forbidden', { status: 403 }));
    await expect(service.pin({ projectId: 1, dashboardId: 2, pinned: true })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    const { list } = await service.list({ projectId: 1, source: 'cache' });
    expect(list?.dashboards.find((entry) => entry.id === 2)?.pinned).toBe(false);
  });
});

describe('dashboards/collaborators', () => {
  it('lists collaborators by name, falling back to the email', async () => {
    const { service } = setup();
    await expect(service.collaborators({ projectId: 1, dashboardId: 4 })).resolves.toEqual({
      available: true,
      collaborators: [
        { name: 'Bo Berg', email: 'bo@example.com', level: 37 },
        { name: 'cy@example.com', email: 'cy@example.com', level: 37 },
      ],
    });
  });

  it('says the feature is missing when PostHog answers 404 (a build without Enterprise features)', async () => {
    const { server, service } = setup();
    server.failWith(new AppError('not-found', { status: 404 }));
    await expect(service.collaborators({ projectId: 1, dashboardId: 4 })).resolves.toEqual({
      available: false,
      collaborators: [],
    });
  });

  it('passes other failures through', async () => {
    const { server, service } = setup();
    server.failWith(new AppError('network'));
    await expect(service.collaborators({ projectId: 1, dashboardId: 4 })).rejects.toMatchObject({
      kind: 'network',
    });
  });
});

describe('summariseDashboard', () => {
  it.each([
    ['privilege 37', { effective_privilege_level: 37 }, true],
    ['privilege 21 (view only)', { effective_privilege_level: 21 }, false],
    ['RBAC viewer', { effective_privilege_level: 37, user_access_level: 'viewer' }, false],
    ['RBAC editor', { user_access_level: 'editor' }, true],
    ['an older server that says nothing', { effective_privilege_level: null }, true],
  ])('%s → can edit: %s', (_label, fields, expected) => {
    expect(canEditDashboard(dashboard(1, fields as Partial<Dashboard>))).toBe(expected);
  });

  it('reads restriction from the effective level, names, sharing and tags', () => {
    expect(
      summariseDashboard(
        dashboard(9, {
          name: '  ',
          restriction_level: 37,
          effective_restriction_level: 21,
          is_shared: null,
          tags: ['weekly', 3],
        }),
      ),
    ).toEqual({
      id: 9,
      name: null,
      pinned: false,
      shared: null,
      canEdit: true,
      restricted: false,
      tags: ['weekly'],
    });
    expect(summariseDashboard(dashboard(3, { effective_restriction_level: 37 })).restricted).toBe(true);
  });
});
