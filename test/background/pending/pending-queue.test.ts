import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPendingChanges, type PendingDeps } from '../../../lib/background/pending/pending-queue';
import {
  GIVE_UP_AFTER_MS,
  MAX_NOTICES,
  MAX_PENDING,
  NOTICE_TTL_MS,
  PAGE_TRIGGER_GAP_MS,
} from '../../../lib/background/pending/pending-store';
import type { PendingChange, PendingNotice } from '../../../lib/messaging/pending-messages';
import { AppError } from '../../../lib/platform/errors';
import { deferred } from '../../support/deferred';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

const ORIGIN = 'https://us.posthog.com';
const REC = '0191a8b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b';
const OTHER_REC = '0191a8b2-3c4d-7e5f-8a9b-0c1d2e3f4a5c';
const target = (recordingId = REC, shortId = 'Abc12345') => ({
  origin: ORIGIN,
  projectId: 1,
  shortId,
  recordingId,
  playlistName: 'Checkout bugs',
});

function setup(apply: PendingDeps['apply'] = async () => undefined) {
  // A clock as the browser's reads (ms since 1970), not one near zero.
  let clock = Date.UTC(2025, 2, 1, 10);
  let ids = 0;
  const counts: number[] = [];
  const schedules: Array<number | null> = [];
  const calls: Array<{ change: PendingChange; checkFirst: boolean }> = [];
  const timers: Array<{ run: () => Promise<void>; ms: number }> = [];
  const deps: PendingDeps = {
    store: browser.storage.local,
    apply: async (change, options) => {
      calls.push({ change, checkFirst: options.checkFirst });
      await apply(change, options);
    },
    onCount: (count) => counts.push(count),
    schedule: (when) => schedules.push(when),
    now: () => clock,
    newId: () => `id-${++ids}`,
    later: (run, ms) => timers.push({ run, ms }),
  };
  return {
    pending: createPendingChanges(deps),
    /** The same storage, as a worker that started again would see it. */
    restart: () => createPendingChanges(deps),
    calls,
    counts,
    schedules,
    timers,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

describe('keeping a change for later', () => {
  it('keeps it with its reason, counts it on the badge and schedules the next try in 30 s', async () => {
    const { pending, counts, schedules, now } = setup();
    const kept = await pending.keep(target(), 'add', new AppError('network'));
    expect(kept).toEqual({
      kept: expect.objectContaining({ direction: 'add', attempts: 1, reason: 'network' }),
    });
    expect((await pending.state()).changes).toHaveLength(1);
    expect(counts.at(-1)).toBe(1);
    expect(schedules.at(-1)).toBe(now() + 30_000);
  });

  it('keeps one change when the same one is asked twice', async () => {
    const { pending } = setup();
    await pending.keep(target(), 'add', new AppError('server'));
    await pending.keep(target(), 'add', new AppError('server'));
    expect((await pending.state()).changes).toHaveLength(1);
  });

  it('cancels an add out with its undo: neither is sent', async () => {
    const { pending, calls, counts, advance } = setup();
    await pending.keep(target(), 'add', new AppError('network'));
    const undo = await pending.keep(target(), 'remove', new AppError('network'));
    expect(undo).toEqual({ cancelledOut: expect.objectContaining({ direction: 'add' }) });
    expect((await pending.state()).changes).toEqual([]);
    expect(counts.at(-1)).toBe(0);
    advance(GIVE_UP_AFTER_MS);
    await pending.tryDue({ all: true });
    expect(calls).toEqual([]);
  });

  it('keeps an undo apart from an add of the same recording in another collection, project or PostHog', async () => {
    const add = target();
    for (const other of [
      { ...add, shortId: 'Xyz98765' },
      { ...add, projectId: 2 },
      { ...add, origin: 'https://eu.posthog.com' },
    ]) {
      const { pending } = setup();
      await pending.keep(add, 'add', new AppError('network'));
      const undo = await pending.keep(other, 'remove', new AppError('network'));
      expect(undo, JSON.stringify(other)).toEqual({ kept: expect.objectContaining({ direction: 'remove' }) });
      expect((await pending.state()).changes.map((change) => change.direction)).toEqual(['add', 'remove']);
      fakeBrowser.reset();
    }
  });

  it('schedules the earliest next try of those waiting', async () => {
    const { pending, schedules, advance, now } = setup();
    await pending.keep(target(OTHER_REC), 'add', new AppError('network'));
    const first = now() + 30_000;
    advance(10_000);
    await pending.keep(target(REC), 'add', new AppError('network'));
    expect(schedules.at(-1)).toBe(first);
  });

  it('schedules the next try of what is left once an add and its undo cancel out', async () => {
    const { pending, schedules, advance, now } = setup();
    await pending.keep(target(REC), 'add', new AppError('network'));
    advance(10_000);
    await pending.keep(target(OTHER_REC), 'add', new AppError('network'));
    const other = now() + 30_000;
    await pending.keep(target(REC), 'remove', new AppError('network'));
    expect(schedules.at(-1)).toBe(other);
  });

  it('waits for a sign-in, not the clock, when PostHog said the user is signed out', async () => {
    const { pending, calls, advance, schedules } = setup();
    await pending.keep(target(), 'add', new AppError('signed-out'));
    expect((await pending.state()).changes[0]?.nextAt).toBeNull();
    expect(schedules.at(-1)).toBeNull();
    advance(60 * 60_000);
    await pending.tryDue({ all: true });
    expect(calls).toEqual([]);
    await pending.pageLoaded('https://eu.posthog.com');
    expect(calls).toEqual([]);
    await pending.pageLoaded(ORIGIN);
    expect(calls).toHaveLength(1);
  });
});

describe('a PostHog page loading (perhaps just signed in)', () => {
  it('tries a change tried less than the gap ago when the gap ends, instead of dropping the trigger', async () => {
    const { pending, calls, timers, advance } = setup();
    await pending.keep(target(), 'add', new AppError('signed-out'));
    advance(1_000);
    await pending.pageLoaded(ORIGIN);
    expect(calls).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([PAGE_TRIGGER_GAP_MS - 1_000]);
    advance(PAGE_TRIGGER_GAP_MS - 1_000);
    await timers[0]?.run();
    expect(calls).toHaveLength(1);
    expect((await pending.state()).changes).toEqual([]);
  });

  it('makes the change once when two pages load inside the gap', async () => {
    const { pending, calls, timers, advance } = setup();
    await pending.keep(target(), 'add', new AppError('signed-out'));
    advance(500);
    await pending.pageLoaded(ORIGIN);
    advance(500);
    await pending.pageLoaded(ORIGIN);
    expect(timers).toHaveLength(2);
    advance(PAGE_TRIGGER_GAP_MS);
    for (const timer of timers) await timer.run();
    expect(calls).toHaveLength(1);
  });

  it('tries at once a change last tried before the gap, and sets nothing for later', async () => {
    const { pending, calls, timers, advance } = setup();
    await pending.keep(target(), 'add', new AppError('signed-out'));
    advance(PAGE_TRIGGER_GAP_MS);
    await pending.pageLoaded(ORIGIN);
    expect(calls).toHaveLength(1);
    expect(timers).toEqual([]);
  });

  it('still waits for a sign-in when the deferred try finds the user signed out again', async () => {
    const { pending, calls, timers, advance } = setup(async () => {
      throw new AppError('signed-out');
    });
    await pending.keep(target(), 'add', new AppError('signed-out'));
    advance(1_000);
    await pending.pageLoaded(ORIGIN);
    advance(1_000);
    await timers[0]?.run();
    expect(calls).toHaveLength(1);
    expect(timers).toHaveLength(1);
    expect((await pending.state()).changes).toHaveLength(1);
  });

  it("sets off no try of its own for a change whose request is on its way (the page may be that request's quiet tab)", async () => {
    const release = deferred<void>();
    const { pending, calls, timers, advance } = setup(async () => {
      await release.promise;
      throw new AppError('server');
    });
    await pending.keep(target(), 'add', new AppError('server'));
    advance(60_000);
    const run = pending.tryDue();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    advance(300);
    const trigger = pending.pageLoaded(ORIGIN);
    release.resolve();
    await run;
    await trigger;
    expect(calls).toHaveLength(1);
    expect(timers).toEqual([]);
  });

  it('owes no try to a change tried at the very moment the page loaded', async () => {
    const { pending, calls, timers } = setup(async () => {
      throw new AppError('signed-out');
    });
    await pending.keep(target(), 'add', new AppError('signed-out'));
    await pending.retryNow();
    await pending.pageLoaded(ORIGIN);
    expect(calls).toHaveLength(1);
    expect(timers).toEqual([]);
  });

  it('tries its origin\u2019s change after the run that was going, not at the next alarm', async () => {
    const held = deferred<void>();
    const { pending, calls, advance } = setup((change) =>
      change.origin === ORIGIN ? Promise.resolve() : held.promise,
    );
    await pending.keep(
      { ...target(OTHER_REC), origin: 'https://eu.posthog.com' },
      'add',
      new AppError('network'),
    );
    await pending.keep(target(REC), 'add', new AppError('signed-out'));
    advance(PAGE_TRIGGER_GAP_MS);
    // The alarm's run tries the EU change, and is still waiting for its answer when the US page loads.
    advance(30_000);
    const run = pending.tryDue();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const trigger = pending.pageLoaded(ORIGIN);
    held.resolve();
    await Promise.all([run, trigger]);
    expect(calls.map((call) => call.change.recordingId)).toEqual([OTHER_REC, REC]);
  });

  it('sets no timer for an undo held back by its add: the undo goes after the add, not at a gap\u2019s end', async () => {
    const answer = deferred<void>();
    let tries = 0;
    const { pending, calls, timers, advance } = setup(async () => {
      if (++tries === 1) await answer.promise;
      throw new AppError('signed-out');
    });
    await pending.keep(target(), 'add', new AppError('signed-out'));
    const run = pending.retryNow();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Asked while the add was on its way: kept, to be made after it.
    await pending.keep(target(), 'remove', new AppError('signed-out'));
    answer.resolve();
    await run;
    advance(PAGE_TRIGGER_GAP_MS);
    await pending.pageLoaded(ORIGIN);
    expect(calls.map((call) => call.change.direction)).toEqual(['add', 'add']);
    expect(timers).toEqual([]);
  });

  it('waits out the longest gap left when several changes were tried inside it', async () => {
    const { pending, timers, advance } = setup(async () => {
      throw new AppError('signed-out');
    });
    await pending.keep(target(OTHER_REC), 'add', new AppError('signed-out'));
    advance(500);
    await pending.keep(target(REC), 'add', new AppError('signed-out'));
    advance(500);
    await pending.pageLoaded(ORIGIN);
    expect(timers.map((timer) => timer.ms)).toEqual([PAGE_TRIGGER_GAP_MS - 500]);
  });

  it("tries another origin's changes on none of its pages", async () => {
    const { pending, calls, timers, advance } = setup();
    await pending.keep(target(), 'add', new AppError('signed-out'));
    advance(1_000);
    await pending.pageLoaded('https://eu.posthog.com');
    expect(calls).toEqual([]);
    expect(timers).toEqual([]);
  });
});

describe('what the store takes', () => {
  it('refuses a change beyond its cap in one sentence, and still cancels one out or keeps a repeat', async () => {
    const { pending } = setup();
    const recordings = Array.from({ length: MAX_PENDING }, (_, i) => `rec-${String(i).padStart(4, '0')}`);
    for (const id of recordings) await pending.keep(target(id), 'add', new AppError('network'));
    const refusal = await pending
      .keep(target('one-too-many'), 'add', new AppError('network'))
      .catch((e) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).kind).toBe('pending-full');
    // For the log: the miss that made the change wait.
    expect((refusal as AppError).cause).toMatchObject({ kind: 'network' });
    expect((refusal as AppError).userMessage()).toMatch(/^Too many changes are already waiting for PostHog/);
    expect((await pending.state()).changes).toHaveLength(MAX_PENDING);
    // The same change again is the one kept; its undo cancels it out: neither grows the store.
    await expect(pending.keep(target(recordings[0]), 'add', new AppError('network'))).resolves.toHaveProperty(
      'kept',
    );
    await expect(
      pending.keep(target(recordings[0]), 'remove', new AppError('network')),
    ).resolves.toHaveProperty('cancelledOut');
    expect((await pending.state()).changes).toHaveLength(MAX_PENDING - 1);
  });

  it('drops what was planted with an origin that is not a PostHog app origin as stored', async () => {
    const { pending } = setup();
    await pending.keep(target(), 'add', new AppError('network'));
    const planted = (await browser.storage.local.get('pendingChanges')).pendingChanges as {
      changes: Array<Record<string, unknown>>;
    };
    for (const origin of [
      'https://us.posthog.com/',
      'https://us.posthog.com/project/1',
      'javascript:alert(1)',
      '',
    ]) {
      const changes = planted.changes.map((change) => ({ ...change, origin }));
      await browser.storage.local.set({ pendingChanges: { ...planted, changes } });
      expect((await setup().pending.state()).changes, origin).toEqual([]);
    }
  });

  it('tries none of the changes kept for the new key in a run that was going when the old key was forgotten', async () => {
    const told = deferred<void>();
    const area = browser.storage.local;
    const calls: string[] = [];
    const pending = createPendingChanges({
      store: area,
      apply: async (change) => void calls.push(change.recordingId),
      onSettled: () => told.promise,
    });
    await pending.keep(target(REC), 'add', new AppError('network'));
    const run = pending.retryNow();
    await vi.waitFor(() => expect(calls).toEqual([REC]));
    await pending.clear();
    await pending.keep(target(OTHER_REC), 'add', new AppError('network'));
    told.resolve();
    await run;
    expect(calls).toEqual([REC]);
    expect((await pending.state()).changes.map((change) => change.recordingId)).toEqual([OTHER_REC]);
  });

  it('writes nothing back from a run that was in flight when the key was forgotten', async () => {
    const answer = deferred<void>();
    const { pending, advance, calls } = setup(() => answer.promise);
    await pending.keep(target(), 'add', new AppError('network'));
    advance(30_000);
    const run = pending.tryDue();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await pending.clear();
    answer.resolve();
    await run;
    expect(await pending.state()).toEqual({ changes: [], notices: [] });
    expect(await pending.takeState()).toEqual({ changes: [], notices: [] });
  });
});

describe('making it later', () => {
  it('tries nothing before it is due, then makes it once and tells the popup once', async () => {
    const { pending, calls, advance, counts, schedules } = setup();
    await pending.keep(target(), 'add', new AppError('timeout'));
    await pending.tryDue();
    expect(calls).toEqual([]);
    advance(30_000);
    await pending.tryDue();
    expect(calls.map((call) => call.change.recordingId)).toEqual([REC]);
    expect((await pending.state()).changes).toEqual([]);
    expect(counts.at(-1)).toBe(0);
    expect(schedules.at(-1)).toBeNull();
    const told = await pending.takeState();
    expect(told.notices).toEqual([
      expect.objectContaining({
        outcome: 'applied',
        direction: 'add',
        recordingId: REC,
        playlistName: 'Checkout bugs',
      }),
    ]);
    expect((await pending.takeState()).notices).toEqual([]);
    await pending.tryDue({ all: true });
    expect(calls).toHaveLength(1);
  });

  it('backs off after another miss: 1 minute after the second try, then 2', async () => {
    const apply = vi.fn(async () => {
      throw new AppError('server', { status: 503 });
    });
    const { pending, advance, now } = setup(apply);
    await pending.keep(target(), 'add', new AppError('server'));
    advance(30_000);
    await pending.tryDue();
    expect((await pending.state()).changes[0]).toMatchObject({ attempts: 2, nextAt: now() + 60_000 });
    advance(60_000);
    await pending.tryDue();
    expect((await pending.state()).changes[0]).toMatchObject({ attempts: 3, nextAt: now() + 120_000 });
  });

  it('drops a change PostHog refuses outright, and says why', async () => {
    const { pending, advance } = setup(async () => {
      throw new AppError('not-found');
    });
    await pending.keep(target(), 'add', new AppError('network'));
    advance(30_000);
    await pending.tryDue();
    const { changes, notices } = await pending.takeState();
    expect(changes).toEqual([]);
    expect(notices).toEqual([
      expect.objectContaining({ outcome: 'failed', reason: 'not-found', message: expect.any(String) }),
    ]);
  });

  it('gives up after a day, and says so', async () => {
    const { pending, advance } = setup(async () => {
      throw new AppError('network');
    });
    await pending.keep(target(), 'add', new AppError('network'));
    advance(GIVE_UP_AFTER_MS);
    await pending.tryDue();
    const { changes, notices } = await pending.takeState();
    expect(changes).toEqual([]);
    expect(notices).toEqual([expect.objectContaining({ outcome: 'failed', reason: 'network' })]);
  });

  it('keeps trying for a day: a miss 23 hours on is kept, one 24 hours on gives up', async () => {
    const { pending, advance } = setup(async () => {
      throw new AppError('network');
    });
    await pending.keep(target(), 'add', new AppError('network'));
    advance(23 * 60 * 60_000);
    await pending.tryDue();
    expect((await pending.state()).changes).toEqual([expect.objectContaining({ attempts: 2 })]);
    advance(60 * 60_000);
    await pending.tryDue();
    expect(await pending.takeState()).toEqual({
      changes: [],
      notices: [expect.objectContaining({ outcome: 'failed' })],
    });
  });

  it("tells PostHog's reason for refusing in at most 500 characters", async () => {
    const { pending } = setup(async () => {
      throw new AppError('invalid-input', { detail: 'x'.repeat(2_000) });
    });
    await pending.keep(target(), 'add', new AppError('network'));
    const [notice] = (await pending.retryNow()).notices;
    expect(notice).toMatchObject({ outcome: 'failed', reason: 'invalid-input', message: 'x'.repeat(500) });
  });

  it('makes changes in the order they were asked', async () => {
    const { pending, calls, advance } = setup();
    await pending.keep(target(OTHER_REC), 'add', new AppError('network'));
    await pending.keep(target(REC), 'add', new AppError('network'));
    advance(30_000);
    await pending.tryDue();
    expect(calls.map((call) => call.change.recordingId)).toEqual([OTHER_REC, REC]);
  });

  it('runs once when triggers overlap: each change is sent at most once', async () => {
    const held = deferred();
    const { pending, calls } = setup(() => held.promise);
    await pending.keep(target(), 'add', new AppError('network'));
    const first = pending.retryNow();
    const second = pending.retryNow();
    const third = pending.tryDue({ all: true });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    held.resolve();
    await Promise.all([first, second, third]);
    expect(calls).toHaveLength(1);
  });

  it('reads PostHog first when the last try may have been made (a lost answer)', async () => {
    const { pending, calls } = setup();
    await pending.keep(target(), 'add', new AppError('outcome-unknown'));
    await pending.retryNow();
    expect(calls).toEqual([expect.objectContaining({ checkFirst: true })]);
  });

  it('reads PostHog first after it was unreachable, but not after a sign-in was missing', async () => {
    const { pending, calls } = setup();
    await pending.keep(target(OTHER_REC), 'add', new AppError('server', { status: 502 }));
    await pending.keep(target(REC), 'add', new AppError('signed-out'));
    await pending.retryNow();
    expect(calls.map((call) => [call.change.recordingId, call.checkFirst])).toEqual([
      [OTHER_REC, true],
      [REC, false],
    ]);
  });

  it('reads PostHog first after the worker stopped while a request was out', async () => {
    const lost = deferred();
    let tries = 0;
    // The first request never comes back (the worker stops under it); the next one is answered.
    const first = setup(() => (++tries === 1 ? lost.promise : Promise.resolve()));
    await first.pending.keep(target(), 'add', new AppError('no-session-tab'));
    void first.pending.retryNow();
    await vi.waitFor(() => expect(first.calls).toHaveLength(1));
    expect(first.calls[0]?.checkFirst).toBe(false);
    // The worker stops here: the stored change still says its request is on the way.
    const again = first.restart();
    await again.retryNow();
    expect(first.calls).toHaveLength(2);
    expect(first.calls[1]?.checkFirst).toBe(true);
    lost.reject(new Error('gone'));
  });
});

describe('after the worker stopped while a request was out', () => {
  /** Two changes kept; the first one's request never comes back before the worker stops. */
  async function stoppedUnderARequest() {
    const lost = deferred<void>();
    let tries = 0;
    const first = setup(() => (++tries === 1 ? lost.promise : Promise.resolve()));
    await first.pending.keep(target(REC), 'add', new AppError('no-session-tab'));
    await first.pending.keep(target(OTHER_REC), 'add', new AppError('no-session-tab'));
    void first.pending.retryNow();
    await vi.waitFor(() => expect(first.calls).toHaveLength(1));
    return { ...first, again: first.restart(), lost };
  }

  it('reads back only the change that was out, and sends the other as usual', async () => {
    const { again, calls, lost } = await stoppedUnderARequest();
    await again.retryNow();
    expect(calls.slice(1).map((call) => [call.change.recordingId, call.checkFirst])).toEqual([
      [REC, true],
      [OTHER_REC, false],
    ]);
    lost.reject(new Error('gone'));
  });

  it('lets the change that was out be discarded: its request is no longer on its way', async () => {
    const { again, lost } = await stoppedUnderARequest();
    const [wasOut] = (await again.state()).changes;
    expect(await again.discard(wasOut?.id ?? '')).toMatchObject({ discarded: true });
    lost.reject(new Error('gone'));
  });

  it('shows the badge and sets the alarm from what was kept, once started', async () => {
    const { again, now, lost } = await stoppedUnderARequest();
    const counts: number[] = [];
    const schedules: Array<number | null> = [];
    const started = createPendingChanges({
      store: browser.storage.local,
      apply: async () => undefined,
      onCount: (count) => counts.push(count),
      schedule: (when) => schedules.push(when),
      now,
    });
    await started.start();
    expect(counts).toEqual([2]);
    expect(schedules).toEqual([(await again.state()).changes[1]?.nextAt]);
    lost.reject(new Error('gone'));
  });
});

describe('telling the user', () => {
  it('marks the toolbar button with what became of a change, in one sentence', async () => {
    const settled: string[] = [];
    const { pending } = setup(async (change) => {
      if (change.recordingId === OTHER_REC) throw new AppError('not-found');
    });
    const told = createPendingChanges({
      store: browser.storage.local,
      apply: async (change) => {
        if (change.recordingId === OTHER_REC) throw new AppError('not-found');
      },
      onSettled: async (notice) => void settled.push(`${notice.outcome}: ${notice.sentence}`),
    });
    await pending.keep(target(REC), 'add', new AppError('network'));
    await pending.keep(target(OTHER_REC), 'add', new AppError('network'));
    await told.retryNow();
    expect(settled).toEqual([
      'applied: Added recording …2e3f4a5b to Checkout bugs (it was waiting).',
      expect.stringMatching(/^failed: Could not add recording …2e3f4a5c to Checkout bugs: .+/),
    ]);
  });
});

describe('the popup\u2019s buttons', () => {
  it('"Retry now" tries a change whatever the schedule says, and "Discard" drops one unmade', async () => {
    const { pending, calls } = setup();
    await pending.keep(target(OTHER_REC), 'add', new AppError('signed-out'));
    await pending.keep(target(REC), 'add', new AppError('network'));
    const [signedOut, offline] = (await pending.state()).changes;
    const retried = await pending.retryNow(offline?.id);
    expect(calls.map((call) => call.change.recordingId)).toEqual([REC]);
    expect(retried.changes.map((change) => change.id)).toEqual([signedOut?.id]);
    expect(retried.notices).toHaveLength(1);
    const discarded = await pending.discard(signedOut?.id ?? '');
    expect(discarded).toEqual({ discarded: true, state: { changes: [], notices: [] } });
    expect(await pending.discard('nothing')).toMatchObject({ discarded: false });
    expect(calls).toHaveLength(1);
  });
});

describe('the popup\u2019s buttons, more', () => {
  it('"Discard" drops the change asked for, not another, and sets the alarm for what is left', async () => {
    const { pending, schedules, advance, now } = setup();
    await pending.keep(target(OTHER_REC), 'add', new AppError('network'));
    const kept = now() + 30_000;
    advance(10_000);
    await pending.keep(target(REC), 'add', new AppError('network'));
    const [first, second] = (await pending.state()).changes;
    await pending.discard(second?.id ?? '');
    expect((await pending.state()).changes.map((change) => change.id)).toEqual([first?.id]);
    expect(schedules.at(-1)).toBe(kept);
    await pending.discard(first?.id ?? '');
    expect(schedules.at(-1)).toBeNull();
  });

  it('"Discard" drops a change that has just failed again', async () => {
    const { pending } = setup(async () => {
      throw new AppError('network');
    });
    await pending.keep(target(), 'add', new AppError('network'));
    const [failedAgain] = (await pending.retryNow()).changes;
    expect(failedAgain).toMatchObject({ attempts: 2 });
    expect(await pending.discard(failedAgain?.id ?? '')).toEqual({
      discarded: true,
      state: { changes: [], notices: [] },
    });
  });
});

describe('when storage fails during a run', () => {
  it('reports the failure, and the next run goes on', async () => {
    const errors: unknown[] = [];
    let failing = false;
    const area = browser.storage.local;
    const pending = createPendingChanges({
      store: {
        get: (keys) => area.get(keys),
        remove: (keys) => area.remove(keys),
        set: (items) => (failing ? Promise.reject(new Error('quota')) : area.set(items)),
      },
      apply: async () => undefined,
      onError: (error) => errors.push(error),
    });
    await pending.keep(target(), 'add', new AppError('network'));
    failing = true;
    await pending.retryNow().catch(() => undefined);
    expect(errors).toEqual([new Error('quota')]);
    failing = false;
    expect((await pending.retryNow()).changes).toEqual([]);
  });
});

describe('notices the popup has not shown yet', () => {
  const notice = (id: string, at: number): PendingNotice => ({
    ...target(),
    id,
    direction: 'add',
    outcome: 'applied',
    at,
  });
  const storedNotices = async () =>
    ((await browser.storage.local.get('pendingChanges')).pendingChanges as { notices: PendingNotice[] })
      .notices;

  it('are dropped from the disk after a week, as the popup stops showing them, when the worker starts', async () => {
    const { restart, now } = setup();
    await browser.storage.local.set({
      pendingChanges: {
        version: 1,
        changes: [],
        notices: [notice('old', now() - NOTICE_TTL_MS), notice('recent', now() - NOTICE_TTL_MS + 1)],
      },
    });
    await restart().start();
    expect((await storedNotices()).map((kept) => kept.id)).toEqual(['recent']);
  });

  it('are kept at most the newest few, and none past its week, when another is added', async () => {
    const { pending, now, advance } = setup();
    const many = Array.from({ length: MAX_NOTICES }, (_, n) => notice(`n${n}`, now() - MAX_NOTICES + n));
    await browser.storage.local.set({
      pendingChanges: { version: 1, changes: [], notices: [notice('stale', now() - NOTICE_TTL_MS), ...many] },
    });
    await pending.keep(target(), 'add', new AppError('network'));
    advance(30_000);
    await pending.tryDue();
    const kept = await storedNotices();
    expect(kept).toHaveLength(MAX_NOTICES);
    expect(kept.map((shown) => shown.id)).not.toContain('stale');
    expect(kept.map((shown) => shown.id)).not.toContain('n0');
    expect(kept.at(-2)?.id).toBe(`n${MAX_NOTICES - 1}`);
    expect(kept.at(-1)).toMatchObject({ outcome: 'applied', recordingId: REC, at: now() });
  });
});

describe('a change whose request is on its way', () => {
  /** An add kept, then tried ("Retry now": everything is due) with its answer held until `answer` settles. */
  async function addOnItsWay(answer: Promise<void>) {
    let addAnswer = answer;
    const t = setup((change) =>
      change.direction === 'add' && change.recordingId === REC ? addAnswer : Promise.resolve(),
    );
    await t.pending.keep(target(), 'add', new AppError('network'));
    const run = t.pending.retryNow();
    await vi.waitFor(() => expect(t.calls).toHaveLength(1));
    return {
      ...t,
      run,
      answerAddWith: (next: Promise<void>) => {
        addAnswer = next;
      },
    };
  }

  it('does not cancel out with its undo: the undo is kept, and made after the add', async () => {
    const answer = deferred();
    const { pending, calls, run, advance } = await addOnItsWay(answer.promise);
    const undo = await pending.keep(target(), 'remove', new AppError('network'));
    // The add may already be in PostHog: "neither is sent" would be untrue.
    expect(undo).toEqual({ kept: expect.objectContaining({ direction: 'remove' }) });
    expect((await pending.state()).changes.map((change) => change.direction)).toEqual(['add', 'remove']);
    answer.resolve();
    await run;
    advance(30_000);
    await pending.tryDue();
    expect(calls.map((call) => call.change.direction)).toEqual(['add', 'remove']);
    expect((await pending.state()).changes).toEqual([]);
  });

  it('that fails again still holds back the undo asked meanwhile, in this run and the next', async () => {
    const answer = deferred();
    const { pending, calls, run, advance, answerAddWith } = await addOnItsWay(answer.promise);
    await pending.keep(target(), 'remove', new AppError('network'));
    // Another recording's change, due with the undo: it is not held back.
    await pending.keep(target(OTHER_REC), 'add', new AppError('network'));
    answer.reject(new AppError('server', { status: 503 }));
    await run;
    const tried = () => calls.map((call) => `${call.change.direction} ${call.change.recordingId}`);
    expect(tried()).toEqual([`add ${REC}`, `add ${OTHER_REC}`]);
    // The undo falls due 30 s on, the add's next try a minute on: the undo still waits for the add.
    advance(30_000);
    await pending.tryDue();
    expect(tried()).toHaveLength(2);
    answerAddWith(Promise.resolve());
    advance(30_000);
    await pending.tryDue();
    expect(tried()).toEqual([`add ${REC}`, `add ${OTHER_REC}`, `add ${REC}`, `remove ${REC}`]);
    expect((await pending.state()).changes).toEqual([]);
  });

  it('is not discarded while its request is out, and what it became is still told', async () => {
    const answer = deferred();
    const { pending, run } = await addOnItsWay(answer.promise);
    const [onItsWay] = (await pending.state()).changes;
    const discard = await pending.discard(onItsWay?.id ?? '');
    expect(discard.discarded).toBe(false);
    expect(discard.state.changes.map((change) => change.id)).toEqual([onItsWay?.id]);
    answer.resolve();
    expect((await run).notices).toEqual([
      expect.objectContaining({ outcome: 'applied', id: expect.any(String) }),
    ]);
  });
});

describe('a change that may have been made (its answer lost)', () => {
  it('is still read back first after a later miss of another kind', async () => {
    let tries = 0;
    const { pending, calls } = setup(async () => {
      if (++tries === 1) throw new AppError('signed-out');
    });
    await pending.keep(target(), 'add', new AppError('outcome-unknown'));
    await pending.retryNow();
    await pending.retryNow();
    // A sign-in missing says nothing of whether the first request was made: it is read back still.
    expect(calls.map((call) => call.checkFirst)).toEqual([true, true]);
  });

  it('is not one after misses that say nothing of a request made (a sign-in missing, twice)', async () => {
    const { pending, calls } = setup(async () => {
      throw new AppError('signed-out');
    });
    await pending.keep(target(), 'add', new AppError('signed-out'));
    await pending.retryNow();
    await pending.retryNow();
    expect(calls.map((call) => call.checkFirst)).toEqual([false, false]);
  });

  it('becomes one when a try of it loses its answer', async () => {
    let tries = 0;
    const { pending, calls } = setup(async () => {
      if (++tries === 1) throw new AppError('outcome-unknown');
    });
    await pending.keep(target(), 'add', new AppError('signed-out'));
    await pending.retryNow();
    await pending.retryNow();
    expect(calls.map((call) => call.checkFirst)).toEqual([false, true]);
  });
});

describe('with no clock, ids or timer of its own', () => {
  it("uses the browser's clock, UUIDs and setTimeout", async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setTimeout'] });
    try {
      const tried: PendingChange[] = [];
      const pending = createPendingChanges({
        store: browser.storage.local,
        apply: async (change) => void tried.push(change),
      });
      const kept = await pending.keep(target(), 'add', new AppError('signed-out'));
      expect(kept).toEqual({
        kept: expect.objectContaining({
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
          at: 1_000_000,
        }),
      });
      vi.setSystemTime(1_000_500);
      await pending.pageLoaded(ORIGIN);
      expect(tried).toEqual([]);
      await vi.advanceTimersByTimeAsync(PAGE_TRIGGER_GAP_MS - 501);
      expect(tried).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(tried).toHaveLength(1));
    } finally {
      vi.useRealTimers();
    }
  });
});
