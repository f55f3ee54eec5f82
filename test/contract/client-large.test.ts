import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostHogClient } from '../../lib/api/client';
import { type FakePostHog, startFakePostHog } from '../fake-posthog/index';
import { FLAVORS } from './support';

describe.each(FLAVORS)('10,000 dashboards (%s flavor, large seed)', (flavor) => {
  let server: FakePostHog;
  beforeAll(async () => {
    server = await startFakePostHog({ port: 0, flavor, seed: 'large', largeCount: 10_000 });
  });
  afterAll(() => server.close());

  it('allPages() fetches every page once, a few at a time, and keeps the server order', async () => {
    const client = createPostHogClient({ origin: server.url, apiKey: server.keys.all });
    const dashboards = client.project(1).dashboards;
    const first = await dashboards.list({ limit: 1 });
    server.clearRequests();
    const items = await dashboards.allPages({ concurrency: 6, limit: 500 });
    expect(items).toHaveLength(first.count);
    expect(new Set(items.map((item) => item.id)).size).toBe(first.count);
    const offsets = server.requests.map((request) => Number(request.query.offset ?? 0)).sort((a, b) => a - b);
    expect(offsets).toEqual(Array.from({ length: Math.ceil(first.count / 500) }, (_, i) => i * 500));
    const sequential: number[] = [];
    for await (const item of dashboards.all({ limit: 500 })) sequential.push(item.id);
    expect(items.map((item) => item.id)).toEqual(sequential);
  });
});
