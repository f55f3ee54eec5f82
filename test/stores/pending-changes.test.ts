import { beforeAll, describe, expect, it } from 'vitest';
import type { PopupOpen } from '../../lib/messaging/messages';
import type { PendingChange, PendingNotice, PendingState } from '../../lib/messaging/pending-messages';
import { AppError } from '../../lib/platform/errors';
import { createPendingStore } from '../../lib/stores/pending-changes';
import { deferred } from '../support/deferred';
import { fakeBackground } from '../support/fake-background';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const target = {
  origin: 'https://us.posthog.com',
  projectId: 1,
  shortId: 'Onb0ard1',
  recordingId: REC,
  playlistName: 'Onboarding',
};
const waiting: PendingChange = {
  ...target,
  id: 'c1',
  direction: 'add',
  at: 1,
  attempts: 1,
  reason: 'signed-out',
  nextAt: null,
};
const made: PendingNotice = { ...target, id: 'n1', direction: 'add', outcome: 'applied', at: 2 };

function answer(pending: PendingState, lastAction: PopupOpen['session']['lastAction'] = null): PopupOpen {
  return { pending, session: { pick: null, lastAction } } as unknown as PopupOpen;
}

describe('the popup’s pending changes', () => {
  it('shows what waits and what was made, and adds new notices without repeating old ones', async () => {
    const { send } = fakeBackground({
      'pending/retry': () => ({ changes: [], notices: [made, { ...made, id: 'n2' }] }),
    });
    const store = createPendingStore({ send });
    store.open(answer({ changes: [waiting], notices: [made] }));
    expect(store.changes.value).toEqual([waiting]);
    await store.retry('c1');
    expect(store.changes.value).toEqual([]);
    expect(store.notices.value.map((notice) => notice.id)).toEqual(['n1', 'n2']);
  });

  it('says why a retry could not run, and runs one button at a time', async () => {
    const retried = deferred<PendingState>();
    const { send, sent } = fakeBackground({ 'pending/retry': () => retried.promise });
    const store = createPendingStore({ send });
    const first = store.retry();
    void store.discard('c1');
    expect(store.busy.value).toBe('all');
    retried.reject(new AppError('network'));
    await first;
    expect(sent).toEqual([{ type: 'pending/retry', input: {} }]);
    expect(store.error.value).toMatch(/PostHog/);
    expect(store.busy.value).toBeNull();
  });

  it('offers Undo on a made add once: not when the picker’s own notice already does', async () => {
    const { send, sent } = fakeBackground({
      'playlists/remove': () => ({
        outcome: 'removed',
        shortId: 'Onb0ard1',
        playlistName: 'Onboarding',
        membership: { complete: true, holds: [], lacks: [] },
      }),
    });
    const store = createPendingStore({ send });
    store.open(
      answer({ changes: [], notices: [made] }, {
        change: 'added',
        recordingId: REC,
        shortId: 'Onb0ard1',
      } as never),
    );
    expect(store.canUndo(made)).toBe(false);
    store.open(answer({ changes: [], notices: [] }));
    expect(store.canUndo(made)).toBe(true);
    expect(store.canUndo({ ...made, outcome: 'failed' })).toBe(false);
    await store.undo(made);
    expect(sent).toEqual([
      { type: 'playlists/remove', input: { projectId: 1, shortId: 'Onb0ard1', recordingId: REC } },
    ]);
    expect(store.undos.value.n1).toEqual({ phase: 'done' });
    expect(store.canUndo(made)).toBe(false);
  });
});
