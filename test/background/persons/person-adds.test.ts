import { beforeEach, describe, expect, it } from 'vitest';
import type { BulkAddResult } from '../../../lib/background/bulk/bulk-add';
import { createPersonAdds } from '../../../lib/background/persons/person-adds';
import type { QuickAddResult } from '../../../lib/messaging/collection-messages';
import { installEnglishTranslator } from '../../support/i18n';

beforeEach(() => installEnglishTranslator());

const US = 'https://us.posthog.com';

function setup(options: { quick?: QuickAddResult; bulk?: Partial<BulkAddResult> } = {}) {
  const calls: string[] = [];
  const add = createPersonAdds({
    connectedOrigin: async () => US,
    addToLastUsed: async (target) => {
      calls.push(`one ${target.origin} ${target.projectId} ${target.recordingId}`);
      return (
        options.quick ?? { outcome: 'added', playlistName: 'Onboarding', message: 'Added to Onboarding.' }
      );
    },
    choose: async (target) => {
      calls.push(`choose ${target.recordingId}`);
    },
    bulkAdd: {
      add: async (targets) => {
        calls.push(`bulk ${targets.map((target) => target.recordingId).join(',')}`);
        return {
          outcome: 'done',
          playlistName: 'Onboarding',
          added: targets.length,
          already: 0,
          failed: [],
          elsewhere: 0,
          otherProject: 0,
          overLimit: 0,
          via: 'session',
          ...options.bulk,
        };
      },
    },
  });
  return { add, calls };
}

describe('adding a person’s recordings', () => {
  it('adds one the way the shortcut does', async () => {
    const { add, calls } = setup();
    expect(await add({ projectId: 1, recordingIds: ['r1'] })).toEqual({
      outcome: 'done',
      message: 'Added to Onboarding.',
    });
    expect(calls).toEqual([`one ${US} 1 r1`]);
  });

  it('says the picker opened when no collection was used yet', async () => {
    const { add } = setup({
      quick: { outcome: 'needs-choice', message: 'Choose a collection in Hogmark first.' },
    });
    expect((await add({ projectId: 1, recordingIds: ['r1'] })).outcome).toBe('choose');
  });

  it('adds several at once, and reports them as the selection menu does', async () => {
    const { add, calls } = setup();
    expect(await add({ projectId: 1, recordingIds: ['r1', 'r2'] })).toEqual({
      outcome: 'done',
      message: 'Added 2 recordings to Onboarding via your PostHog session.',
    });
    expect(calls).toEqual(['bulk r1,r2']);
  });

  it('asks for one add first when no collection was used yet', async () => {
    const { add } = setup({ bulk: { outcome: 'needs-choice', added: 0 } });
    expect(await add({ projectId: 1, recordingIds: ['r1', 'r2'] })).toEqual({
      outcome: 'failed',
      message:
        'Add one recording to a collection first (A or Choose); then several go to that collection at once.',
    });
  });

  it('opens the picker for one when asked', async () => {
    const { add, calls } = setup();
    expect((await add({ projectId: 1, recordingIds: ['r1'], choose: true })).outcome).toBe('choose');
    expect(calls).toEqual(['choose r1']);
  });
});
