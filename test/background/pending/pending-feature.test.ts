import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPendingFeature } from '../../../lib/background/pending/pending-feature';
import { PENDING_ALARM } from '../../../lib/background/pending/pending-triggers';
import type { PendingChange } from '../../../lib/messaging/pending-messages';
import { AppError } from '../../../lib/platform/errors';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

const ORIGIN = 'https://us.posthog.com';
const target = (recordingId: string) => ({
  origin: ORIGIN,
  projectId: 1,
  shortId: 'Abc12345',
  recordingId,
  playlistName: 'Checkout bugs',
});

function setup(
  options: {
    activeTab?: () => Promise<Array<{ id?: number }>>;
    flash?: (tabId: number, kind: string, title: string) => Promise<void>;
  } = {},
) {
  const alarms: unknown[] = [];
  const badge: number[] = [];
  const flashes: Array<[number, string, string]> = [];
  const applied: PendingChange[] = [];
  let failing = new Set<string>();
  const feature = createPendingFeature({
    browser: {
      alarms: {
        create: (name, info) => alarms.push(['create', name, typeof info.when]),
        clear: (name) => alarms.push(['clear', name]),
      },
      tabs: { query: options.activeTab ?? (async () => [{ id: 3 }]) },
    },
    trusted: browser.storage.local,
    apply: async (change) => {
      applied.push(change);
      if (failing.has(change.recordingId)) throw new AppError('not-found');
    },
    settings: { appOrigins: async () => [ORIGIN] },
    toolbar: {
      badge: { setPending: async (count) => void badge.push(count) },
      flash: options.flash ?? (async (tabId, kind, title) => void flashes.push([tabId, kind, title])),
    },
  });
  return {
    feature,
    alarms,
    badge,
    flashes,
    applied,
    failWith: (ids: string[]) => {
      failing = new Set(ids);
    },
  };
}

describe('the pending changes feature', () => {
  it('counts what waits on the badge and sets its alarm when a change is kept', async () => {
    const { feature, badge, alarms } = setup();
    await feature.queue.keep(target('r1'), 'add', new AppError('network'));
    expect(badge).toEqual([1]);
    expect(alarms).toEqual([['create', PENDING_ALARM, 'number']]);
  });

  it('marks the button of the tab the user is in: done for a change made, failed for one given up', async () => {
    const { feature, flashes, failWith } = setup();
    await feature.queue.keep(target('made'), 'add', new AppError('network'));
    await feature.queue.keep(target('refused'), 'add', new AppError('network'));
    failWith(['refused']);
    await feature.handlers['pending/retry']({});
    expect(flashes).toEqual([
      [3, 'done', expect.stringMatching(/^Added recording made to Checkout bugs/)],
      [3, 'failed', expect.stringMatching(/^Could not add recording refused to Checkout bugs: /)],
    ]);
  });

  it('marks nothing when no tab is active, or the tabs cannot be asked, and still makes the change', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const activeTab of [async () => [], async () => Promise.reject(new Error('no window'))]) {
        fakeBrowser.reset();
        const { feature, flashes, applied } = setup({ activeTab });
        await feature.queue.keep(target('r1'), 'add', new AppError('network'));
        await feature.handlers['pending/retry']({});
        expect(applied).toHaveLength(1);
        expect(flashes).toEqual([]);
      }
      // No window to mark is no failure.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('logs a mark that failed, by its kind only, and still makes the change', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { feature, applied } = setup({
        flash: async () => {
          throw new TypeError('badge gone');
        },
      });
      await feature.queue.keep(target('r1'), 'add', new AppError('network'));
      await feature.handlers['pending/retry']({});
      expect(applied).toHaveLength(1);
      expect(warn.mock.calls).toEqual([['[hogmark] pending changes: TypeError']]);
    } finally {
      warn.mockRestore();
    }
  });

  it('"Discard" drops one change unmade through its message handler', async () => {
    const { feature, applied, badge } = setup();
    const kept = await feature.queue.keep(target('r1'), 'add', new AppError('network'));
    const id = 'kept' in kept ? kept.kept.id : '';
    await expect(feature.handlers['pending/discard']({ id })).resolves.toMatchObject({ discarded: true });
    expect(badge.at(-1)).toBe(0);
    await feature.handlers['pending/retry']({});
    expect(applied).toEqual([]);
  });

  it('on start, counts and schedules what is stored, and tries what is due', async () => {
    const first = setup();
    await first.feature.queue.keep(target('r1'), 'add', new AppError('network'));
    await first.feature.queue.keep(target('r2'), 'add', new AppError('signed-out'));
    const now = Date.now;
    vi.spyOn(Date, 'now').mockImplementation(() => now() + 60_000);
    try {
      const again = setup();
      await again.feature.start();
      expect(again.badge[0]).toBe(2);
      expect(again.applied.map((change) => change.recordingId)).toEqual(['r1']);
      expect(again.badge.at(-1)).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('is tried by its alarm and by the browser back online, not a change only a sign-in helps', async () => {
    const { feature, applied } = setup();
    await feature.queue.keep(target('r1'), 'add', new AppError('signed-out'));
    await feature.onAlarm({ name: PENDING_ALARM });
    await feature.onOnline();
    expect(applied).toEqual([]);
    await feature.queue.keep(target('r2'), 'add', new AppError('network'));
    await feature.onOnline();
    expect(applied.map((change) => change.recordingId)).toEqual(['r2']);
  });

  it('is tried when a PostHog page of its origin loads (perhaps just signed in)', async () => {
    await setup().feature.queue.keep(target('r1'), 'add', new AppError('signed-out'));
    const now = Date.now;
    vi.spyOn(Date, 'now').mockImplementation(() => now() + 5_000);
    try {
      const { feature, applied } = setup();
      await feature.onPageComplete('https://eu.posthog.com/project/1');
      expect(applied).toEqual([]);
      await feature.onPageComplete(`${ORIGIN}/project/1/replay/home`);
      expect(applied.map((change) => change.recordingId)).toEqual(['r1']);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
