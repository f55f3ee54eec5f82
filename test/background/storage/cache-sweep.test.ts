import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPersonCache, PERSON_CACHE_TTL_MS } from '../../../lib/background/persons/person-cache';
import type { Connection } from '../../../lib/background/settings/settings';
import { createItemLinks } from '../../../lib/background/share-links/item-links';
import { CACHE_SWEEP_ALARM, createCacheSweep } from '../../../lib/background/storage/cache-sweep';
import { ITEM_LINK_TTL_MS } from '../../../lib/messaging/first-view/known-face';

beforeEach(() => fakeBrowser.reset());

const US = 'https://us.posthog.com';
const RECORDING = '0191dd9d-ec00-726b-b2a7-4de452e6b438';

/** The alarms the sweep sets, recorded. */
function alarms() {
  const set: Array<{ name: string; when: number }> = [];
  return { set, alarms: { create: (name: string, info: { when: number }) => set.push({ name, ...info }) } };
}

function faces(clock: { now: number }, expiresAt?: (when: number) => void) {
  return createItemLinks({
    connection: async () => ({ origin: US, apiKey: 'phx_test', projectId: 1 }) as Connection,
    api: () => ({
      insightByShortId: async () => ({ id: 1, short_id: 'x', name: null }),
      insightSharing: async () => ({ enabled: false }),
      recordingSharing: async () => ({ enabled: false }),
      notebookTitle: async () => null,
      recordingComments: async () => ({ comments: [], complete: true }),
      recording: async (id) => ({
        id,
        start_time: '2025-03-01T10:00:00Z',
        recording_duration: 60,
        start_url: 'https://acme.com/account',
        person: { id: 1, name: 'ana@acme.com' },
      }),
    }),
    publicSharing: async () => 'unknown',
    session: browser.storage.session,
    now: () => clock.now,
    ...(expiresAt ? { expiresAt } : {}),
  });
}

const stored = async (key: string) => JSON.stringify((await browser.storage.session.get(key))[key] ?? null);

describe('the share-links cache of who a recording is', () => {
  it('is out of storage.session once its ten minutes are over, and says when that is', async () => {
    const clock = { now: 1_000_000 };
    const told: number[] = [];
    const links = faces(clock, (when) => told.push(when));
    await links.recordingFace({ projectId: 1, recordingId: RECORDING });
    expect(await stored('itemLinks')).toContain('ana@acme.com');
    expect(told).toEqual([1_000_000 + ITEM_LINK_TTL_MS]);
    clock.now += ITEM_LINK_TTL_MS - 1;
    expect(await links.sweep()).toBe(1_000_000 + ITEM_LINK_TTL_MS);
    expect(await stored('itemLinks')).toContain('ana@acme.com');
    clock.now += 1;
    expect(await links.sweep()).toBeNull();
    expect(await stored('itemLinks')).not.toContain('ana@acme.com');
  });

  it('drops expired answers when it keeps a new one', async () => {
    const clock = { now: 1_000_000 };
    const links = faces(clock);
    await links.recordingFace({ projectId: 1, recordingId: RECORDING });
    clock.now += ITEM_LINK_TTL_MS;
    await links.notebook({ projectId: 1, shortId: 'Nb000001' });
    expect(await stored('itemLinks')).not.toContain(RECORDING);
  });
});

describe('the person page’s cache', () => {
  it('is out of storage.session once its five minutes are over, the listing’s wait with it', async () => {
    let now = 1_000_000;
    const cache = createPersonCache(browser.storage.session, () => now);
    await cache.put('ask', { kind: 'persons', persons: [] });
    await cache.throttle(US, now + 60_000);
    expect(await cache.sweep()).toBe(1_000_000 + PERSON_CACHE_TTL_MS);
    now += PERSON_CACHE_TTL_MS;
    expect(await cache.sweep()).toBeNull();
    expect(await stored('personAnswers')).toBe('{"version":1,"entries":{},"throttledUntil":{}}');
  });
});

describe('the sweep', () => {
  it('sweeps every cache on start, and is woken when the oldest answer left expires', async () => {
    const { set, alarms: browserAlarms } = alarms();
    const swept: string[] = [];
    const sweep = createCacheSweep({
      alarms: browserAlarms,
      sweeps: () =>
        (
          [
            ['faces', 5_000],
            ['persons', 3_000],
            ['empty', null],
          ] as const
        ).map(([name, next]) => async () => {
          swept.push(name);
          return next;
        }),
    });
    await sweep.start();
    expect(swept).toEqual(['faces', 'persons', 'empty']);
    expect(set).toEqual([{ name: CACHE_SWEEP_ALARM, when: 3_000 }]);
    // A later expiry never moves the alarm; an earlier one does.
    sweep.expiresAt(4_000);
    sweep.expiresAt(2_000);
    expect(set.map((alarm) => alarm.when)).toEqual([3_000, 2_000]);
    // Another alarm is not the sweep's; its own sweeps again and sets the next.
    await sweep.onAlarm({ name: 'hogmark-pending-changes' });
    expect(swept).toHaveLength(3);
    await sweep.onAlarm({ name: CACHE_SWEEP_ALARM });
    expect(swept).toHaveLength(6);
    expect(set.at(-1)).toEqual({ name: CACHE_SWEEP_ALARM, when: 3_000 });
  });

  it('sets no alarm when nothing is kept, and a cache that cannot be read holds back none of the others', async () => {
    const { set, alarms: browserAlarms } = alarms();
    const errors: unknown[] = [];
    const sweep = createCacheSweep({
      alarms: browserAlarms,
      sweeps: () => [
        async () => {
          throw new Error('unreadable');
        },
        async () => null,
      ],
      onError: (error) => errors.push(error),
    });
    await sweep.start();
    expect(set).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
