import { describe, expect, it, vi } from 'vitest';
import type { TokenAnswer } from '../../../lib/api/schema/oauth';
import {
  createTokenRefresher,
  REFRESH_EARLY_MS,
  REFRESH_MARK_MS,
} from '../../../lib/background/settings/token-refresher';
import { AppError } from '../../../lib/platform/errors';
import { createGrantStore, type StoredGrant } from '../../../lib/platform/grant-store';
import { createApiKeyStore, createMemoryKeyValueStore } from '../../../lib/platform/key-store';
import { type Deferred, deferred } from '../../support/deferred';
import { flush as flushPromises } from '../../support/flush';

const ORIGIN = 'https://us.posthog.com';
const FIRST = `pha_${'a'.repeat(43)}`;
const SECOND = `pha_${'b'.repeat(43)}`;
const THIRD = `pha_${'c'.repeat(43)}`;
const REFRESH = `phr_${'r'.repeat(43)}`;
const ROTATED = `phr_${'s'.repeat(43)}`;

const grant = (expiresAt: number, overrides: Partial<StoredGrant> = {}): StoredGrant => ({
  version: 1,
  origin: ORIGIN,
  clientId: 'client',
  tokenEndpoint: `${ORIGIN}/oauth/token/`,
  refreshToken: REFRESH,
  expiresAt,
  scopes: ['user:read'],
  scopedTeams: [],
  scopedOrganizations: [],
  ...overrides,
});

const answer = (access: string, refresh?: string): TokenAnswer => ({
  access_token: access,
  expires_in: 604800,
  scope: 'user:read project:read',
  ...(refresh ? { refresh_token: refresh } : {}),
  scoped_teams: [],
  scoped_organizations: [],
});

/** One storage (the extension's IndexedDB) that several workers, one after another, open. */
function storage() {
  const secrets = createMemoryKeyValueStore();
  let clock = 1_000_000;
  const open = () => createGrantStore(secrets, createApiKeyStore(secrets));
  return {
    secrets,
    open,
    now: () => clock,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

/** A worker: a refresher whose every refresh is a request the test answers by hand. */
function worker(store: ReturnType<typeof storage>, instance: string) {
  const requests: Array<{ grant: StoredGrant; answer: Deferred<TokenAnswer> }> = [];
  const sleeps: number[] = [];
  const refresher = createTokenRefresher({
    grants: store.open(),
    refresh: (sent) => {
      const pending = deferred<TokenAnswer>();
      requests.push({ grant: sent, answer: pending });
      return pending.promise;
    },
    now: store.now,
    sleep: async (ms) => {
      sleeps.push(ms);
      store.advance(ms);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    instance,
  });
  return { refresher, requests, sleeps };
}

describe('the sign-in token', () => {
  it('is sent as it is while it lasts, and a personal key is never refreshed', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now() + 3600_000));
    const { refresher, requests } = worker(store, 'w1');
    expect(await refresher.current(FIRST)).toBe(FIRST);
    expect(await refresher.current('phx_personal')).toBe('phx_personal');
    expect(requests).toEqual([]);
  });

  it('is refreshed shortly before it expires; a non-rotated refresh token is kept', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now() + REFRESH_EARLY_MS - 1));
    const { refresher, requests } = worker(store, 'w1');
    const sent = refresher.current(FIRST);
    await flushPromises();
    expect(requests).toHaveLength(1);
    requests[0]?.answer.resolve(answer(SECOND));
    expect(await sent).toBe(SECOND);
    const { accessToken, grant: kept } = await store.open().read();
    expect(accessToken).toBe(SECOND);
    expect(kept).toMatchObject({ refreshToken: REFRESH, scopes: ['user:read', 'project:read'] });
    expect(await store.open().marker()).toBeNull();
  });

  it('keeps a rotated refresh token for the next refresh', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    const { refresher, requests } = worker(store, 'w1');
    const first = refresher.current(FIRST);
    await flushPromises();
    requests[0]?.answer.resolve({ ...answer(SECOND, ROTATED), expires_in: 30 });
    await first;
    const second = refresher.current(SECOND);
    await flushPromises();
    expect(requests[1]?.grant.refreshToken).toBe(ROTATED);
    requests[1]?.answer.resolve(answer(THIRD));
    expect(await second).toBe(THIRD);
  });

  it('is refreshed once for two requests at the same time', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    const { refresher, requests } = worker(store, 'w1');
    const one = refresher.current(FIRST);
    const two = refresher.current(FIRST);
    const unauthorized = refresher.afterUnauthorized(FIRST);
    await flushPromises();
    expect(requests).toHaveLength(1);
    requests[0]?.answer.resolve(answer(SECOND));
    expect(await Promise.all([one, two, unauthorized])).toEqual([SECOND, SECOND, SECOND]);
  });

  it('is refreshed once after a 401, and a 401 for a token already replaced uses the new one', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now() + 3600_000));
    const { refresher, requests } = worker(store, 'w1');
    const again = refresher.afterUnauthorized(FIRST);
    await flushPromises();
    requests[0]?.answer.resolve(answer(SECOND));
    expect(await again).toBe(SECOND);
    expect(await refresher.afterUnauthorized(FIRST)).toBe(SECOND);
    expect(requests).toHaveLength(1);
  });

  it('waits for a refresh another worker has in flight, and uses its token', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    const before = worker(store, 'stopping');
    const inFlight = before.refresher.current(FIRST);
    await flushPromises();
    expect(await store.open().marker()).toEqual({ by: 'stopping', at: store.now() });
    // The worker starts again (a new instance, same storage) while the first one's request is out.
    const after = worker(store, 'restarted');
    const waiting = after.refresher.current(FIRST);
    await flushPromises();
    expect(after.requests).toHaveLength(0);
    before.requests[0]?.answer.resolve(answer(SECOND));
    expect(await inFlight).toBe(SECOND);
    expect(await waiting).toBe(SECOND);
    expect(after.requests).toHaveLength(0);
  });

  it('takes over the refresh of a worker that stopped mid-refresh, once, after its mark lapses', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    const stopped = worker(store, 'stopped');
    void stopped.refresher.current(FIRST);
    await flushPromises();
    // That worker is gone: its request never answers and its mark stays.
    const after = worker(store, 'restarted');
    const one = after.refresher.current(FIRST);
    const two = after.refresher.current(FIRST);
    for (let i = 0; i < 200 && after.requests.length === 0; i += 1) await flushPromises();
    expect(after.requests).toHaveLength(1);
    expect(after.sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(REFRESH_MARK_MS);
    after.requests[0]?.answer.resolve(answer(SECOND));
    expect(await Promise.all([one, two])).toEqual([SECOND, SECOND]);
    expect(await store.open().marker()).toBeNull();
  });

  it('refused for good says "sign in again", and asks PostHog no more', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    const { refresher, requests } = worker(store, 'w1');
    const sent = refresher.current(FIRST);
    await flushPromises();
    requests[0]?.answer.reject(new AppError('sign-in-again', { status: 400 }));
    await expect(sent).rejects.toMatchObject({ kind: 'sign-in-again' });
    await expect(refresher.current(FIRST)).rejects.toMatchObject({ kind: 'sign-in-again' });
    await expect(refresher.afterUnauthorized(FIRST)).rejects.toMatchObject({ kind: 'sign-in-again' });
    expect(requests).toHaveLength(1);
  });

  it('keeps the grant after a refresh that could not reach PostHog, and tries again next time', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    const { refresher, requests } = worker(store, 'w1');
    const sent = refresher.current(FIRST);
    await flushPromises();
    requests[0]?.answer.reject(new AppError('network'));
    await expect(sent).rejects.toMatchObject({ kind: 'network' });
    const again = refresher.current(FIRST);
    await flushPromises();
    requests[1]?.answer.resolve(answer(SECOND));
    expect(await again).toBe(SECOND);
  });

  it('is refreshed with a minute left, and sent as it is with a moment more', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now() + REFRESH_EARLY_MS + 1));
    const { refresher, requests } = worker(store, 'w1');
    expect(await refresher.current(FIRST)).toBe(FIRST);
    store.advance(1);
    const sent = refresher.current(FIRST);
    await flushPromises();
    expect(requests).toHaveLength(1);
    requests[0]?.answer.resolve(answer(SECOND));
    expect(await sent).toBe(SECOND);
  });

  it('keeps what an answer leaves out: an hour when it names no lifetime, the scopes and projects it does not name', async () => {
    const store = storage();
    const before = grant(store.now(), { scopedTeams: [7], scopedOrganizations: ['org'] });
    await store.open().save(FIRST, before);
    const { refresher, requests } = worker(store, 'w1');
    const sent = refresher.current(FIRST);
    await flushPromises();
    requests[0]?.answer.resolve({ access_token: SECOND, scoped_teams: null });
    expect(await sent).toBe(SECOND);
    expect((await store.open().read()).grant).toEqual({ ...before, expiresAt: store.now() + 3600_000 });
  });

  it('reads an empty scope as no scope', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    const { refresher, requests } = worker(store, 'w1');
    const sent = refresher.current(FIRST);
    await flushPromises();
    requests[0]?.answer.resolve({ ...answer(SECOND), scope: '' });
    await sent;
    expect((await store.open().read()).grant?.scopes).toEqual([]);
  });

  it('takes over a mark as old as a mark holds at once, and waits for a younger one', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    await store.open().setMarker({ by: 'stopped', at: store.now() - REFRESH_MARK_MS });
    const lapsed = worker(store, 'w1');
    void lapsed.refresher.current(FIRST);
    await flushPromises();
    expect(lapsed.sleeps).toEqual([]);
    expect(lapsed.requests).toHaveLength(1);

    const younger = storage();
    await younger.open().save(FIRST, grant(younger.now()));
    await younger.open().setMarker({ by: 'stopped', at: younger.now() - REFRESH_MARK_MS + 1 });
    const waiting = worker(younger, 'w2');
    void waiting.refresher.current(FIRST);
    for (let i = 0; i < 20 && waiting.requests.length === 0; i += 1) await flushPromises();
    expect(waiting.sleeps.length).toBeGreaterThan(0);
    expect(waiting.requests).toHaveLength(1);
  });

  it('does not wait for its own mark, left by a refresh whose end could not be written', async () => {
    const store = storage();
    await store.open().save(FIRST, grant(store.now()));
    await store.open().setMarker({ by: 'w1', at: store.now() });
    const { refresher, requests, sleeps } = worker(store, 'w1');
    void refresher.current(FIRST);
    await flushPromises();
    expect(sleeps).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('refreshes again when the token another worker left is about to expire as well', async () => {
    const store = storage();
    await store.open().save(SECOND, grant(store.now() + 1000));
    const { refresher, requests } = worker(store, 'w1');
    const again = refresher.afterUnauthorized(FIRST);
    await flushPromises();
    expect(requests).toHaveLength(1);
    requests[0]?.answer.resolve(answer(THIRD));
    expect(await again).toBe(THIRD);
  });

  it('after a sign-out elsewhere, sends the token it was given and refreshes nothing', async () => {
    const store = storage();
    const { refresher, requests } = worker(store, 'w1');
    expect(await refresher.current(FIRST)).toBe(FIRST);
    await expect(refresher.afterUnauthorized(FIRST)).rejects.toMatchObject({ kind: 'not-configured' });
    expect(requests).toEqual([]);
  });

  it('waits on the clock by itself for another worker’s refresh, and takes over once its mark lapses', async () => {
    vi.useFakeTimers();
    try {
      const secrets = createMemoryKeyValueStore();
      const grants = createGrantStore(secrets, createApiKeyStore(secrets));
      await grants.save(FIRST, grant(Date.now()));
      await grants.setMarker({ by: 'other', at: Date.now() });
      const refresh = vi.fn(async () => answer(SECOND));
      const refresher = createTokenRefresher({ grants, refresh, instance: 'w1' });
      const sent = refresher.current(FIRST);
      await vi.advanceTimersByTimeAsync(REFRESH_MARK_MS - 1000);
      expect(refresh).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(await sent).toBe(SECOND);
    } finally {
      vi.useRealTimers();
    }
  });
});
