import { describe, expect, it } from 'vitest';
import { createHintTracker } from '../../lib/content/hint-tracker';
import type { PlayerTime } from '../../lib/content/player-time';

const BASE = 'https://us.posthog.com/project/1';
const RECORDING_A = `${BASE}/replay/aaaa`;
const DASHBOARD = `${BASE}/dashboard/7`;
const COLLECTION = `${BASE}/replay/playlists/Abc123`;
const TITLE_A = 'aaaa • Replay • PostHog';
const TITLE_COLLECTION = 'Checkout bugs • Collections • PostHog';
const TITLE_DASHBOARD = 'Product KPIs • Dashboards • PostHog';

const at = (url: string, title: string, second?: number | null, now = 0) => ({
  url,
  title,
  time: second === undefined ? undefined : second === null ? ({ unknown: true } as const) : { second },
  now,
});

const seenAt = (url: string, time: PlayerTime, now: number) => ({ url, title: TITLE_A, time, now });

describe('hint tracker', () => {
  it('sends the second once, then only what changes, and never a recording title (its id)', () => {
    const tracker = createHintTracker();
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 12, 0))).toEqual({ currentSecond: 12 });
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 12, 5000))).toBeNull();
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 22, 6000))).toEqual({ currentSecond: 22 });
  });

  it('sends the playback second at most once per interval, and the latest one after it', () => {
    const tracker = createHintTracker({ secondIntervalMs: 1000 });
    tracker.observe(at(RECORDING_A, TITLE_A, 1, 0));
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 2, 400))).toBeNull();
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 3, 900))).toBeNull();
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 4, 1000))).toEqual({ currentSecond: 4 });
  });

  it('waits for the title while the app is still loading the scene', () => {
    const tracker = createHintTracker();
    expect(tracker.observe(at(DASHBOARD, 'PostHog'))).toBeNull();
    expect(tracker.observe(at(DASHBOARD, TITLE_DASHBOARD))).toEqual({ title: 'Product KPIs' });
  });

  it('never sends the previous page title for the page the app just navigated to', () => {
    const tracker = createHintTracker();
    tracker.observe(at(COLLECTION, TITLE_COLLECTION));
    // pushState has run, the app has not retitled the tab yet
    const other = `${BASE}/replay/playlists/Xyz789`;
    expect(tracker.observe(at(other, TITLE_COLLECTION, undefined, 100))).toBeNull();
    expect(tracker.observe(at(other, 'Rage clicks • Collections • PostHog', undefined, 200))).toEqual({
      title: 'Rage clicks',
    });
  });

  it('sends a title that changed in the same step as the URL', () => {
    const tracker = createHintTracker();
    tracker.observe(at(RECORDING_A, TITLE_A));
    expect(tracker.observe(at(DASHBOARD, TITLE_DASHBOARD))).toEqual({ title: 'Product KPIs' });
  });

  it('waits out the loading stages of a collection and a dashboard', () => {
    const tracker = createHintTracker();
    expect(tracker.observe(at(COLLECTION, 'Unnamed • Collections • PostHog'))).toBeNull();
    expect(tracker.observe(at(COLLECTION, TITLE_COLLECTION))).toEqual({ title: 'Checkout bugs' });
    expect(tracker.observe(at(DASHBOARD, '... • Dashboards • PostHog'))).toBeNull();
    expect(tracker.observe(at(DASHBOARD, TITLE_DASHBOARD))).toEqual({ title: 'Product KPIs' });
  });

  it('sends everything again for a new URL of the same page, since hints are filed by URL', () => {
    const tracker = createHintTracker();
    tracker.observe(at(RECORDING_A, TITLE_A, 12, 0));
    expect(tracker.observe(at(`${RECORDING_A}?t=12`, TITLE_A, 12, 100))).toEqual({ currentSecond: 12 });
  });

  it('says at once when the position becomes unreadable, and when it is readable again', () => {
    const tracker = createHintTracker({ secondIntervalMs: 1000 });
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 12, 0))).toEqual({ currentSecond: 12 });
    expect(tracker.observe(at(RECORDING_A, TITLE_A, null, 100))).toEqual({ currentSecond: null });
    expect(tracker.observe(at(RECORDING_A, TITLE_A, null, 200))).toBeNull();
    expect(tracker.observe(at(RECORDING_A, TITLE_A, 13, 300))).toEqual({ currentSecond: 13 });
  });

  it("lets the URL's t stand while no player has appeared, for a fair wait, then says the time is unknown", () => {
    const tracker = createHintTracker({ playerWaitMs: 10_000 });
    const page = `${RECORDING_A}?t=30`;
    expect(tracker.observe(at(page, TITLE_A, undefined, 0))).toBeNull();
    expect(tracker.observe(at(page, TITLE_A, undefined, 9_999))).toBeNull();
    expect(tracker.observe(at(page, TITLE_A, undefined, 10_000))).toEqual({ currentSecond: null });
    expect(tracker.observe(at(page, TITLE_A, undefined, 11_000))).toBeNull();
    // A player that shows up late still counts, at once.
    expect(tracker.observe(at(page, TITLE_A, 31, 11_500))).toEqual({ currentSecond: 31 });
  });

  it("keeps the URL's t while PostHog's player is loading, however long it takes", () => {
    const tracker = createHintTracker({ playerWaitMs: 10_000, timestampWaitMs: 2_000 });
    const page = `${RECORDING_A}?t=30`;
    expect(tracker.observe(seenAt(page, { loading: true }, 0))).toBeNull();
    expect(tracker.observe(seenAt(page, { loading: true }, 60_000))).toBeNull();
    expect(tracker.observe(seenAt(page, { second: 30 }, 61_000))).toEqual({ currentSecond: 30 });
  });

  it('says the time is unknown soon when the player shows no timestamp (PostHog renamed it)', () => {
    const tracker = createHintTracker({ playerWaitMs: 10_000, timestampWaitMs: 2_000 });
    const page = `${RECORDING_A}?t=30`;
    expect(tracker.observe(seenAt(page, undefined, 0))).toBeNull();
    expect(tracker.observe(seenAt(page, { noTimestamp: true }, 1_999))).toBeNull();
    expect(tracker.observe(seenAt(page, { noTimestamp: true }, 2_000))).toEqual({ currentSecond: null });
  });

  it('says the time is unknown at once when a timestamp it read goes away, never the last second or t', () => {
    const tracker = createHintTracker({ secondIntervalMs: 1000 });
    const page = `${RECORDING_A}?t=30`;
    expect(tracker.observe(seenAt(page, { second: 42 }, 0))).toEqual({ currentSecond: 42 });
    expect(tracker.observe(seenAt(page, { noTimestamp: true }, 100))).toEqual({ currentSecond: null });
    expect(tracker.observe(seenAt(page, undefined, 200))).toBeNull();
    expect(tracker.observe(seenAt(page, { loading: true }, 300))).toBeNull();
    expect(tracker.observe(seenAt(page, { second: 44 }, 400))).toEqual({ currentSecond: 44 });
    expect(tracker.observe(seenAt(page, undefined, 500))).toEqual({ currentSecond: null });
  });

  it('gives each new URL its own wait: a time seen on the last one does not carry over', () => {
    const tracker = createHintTracker({ playerWaitMs: 10_000 });
    tracker.observe(seenAt(RECORDING_A, { second: 12 }, 0));
    const next = `${BASE}/replay/bbbb?t=5`;
    expect(tracker.observe(seenAt(next, undefined, 100))).toBeNull();
    expect(tracker.observe(seenAt(next, undefined, 10_099))).toBeNull();
    expect(tracker.observe(seenAt(next, undefined, 10_100))).toEqual({ currentSecond: null });
  });

  it('never reports a missing player on pages that are not recordings', () => {
    const tracker = createHintTracker({ playerWaitMs: 10_000 });
    expect(tracker.observe(at(COLLECTION, TITLE_COLLECTION, undefined, 0))).toEqual({
      title: 'Checkout bugs',
    });
    expect(tracker.observe(at(COLLECTION, TITLE_COLLECTION, undefined, 60_000))).toBeNull();
  });

  it('sends no title of another kind of page (a recording opened over a dashboard)', () => {
    const tracker = createHintTracker();
    tracker.observe(at(DASHBOARD, TITLE_DASHBOARD));
    const modal = `${DASHBOARD}#sessionRecordingId=aaaa`;
    expect(tracker.observe(at(modal, TITLE_DASHBOARD, 5, 100))).toEqual({ currentSecond: 5 });
  });

  it('sends nothing on pages without a name or a player to report', () => {
    const tracker = createHintTracker();
    expect(tracker.observe(at(`${BASE}/dashboard`, 'Dashboards • PostHog', 12))).toBeNull();
    expect(tracker.observe(at(DASHBOARD, TITLE_DASHBOARD, 12, 0))).toEqual({ title: 'Product KPIs' });
  });
});
