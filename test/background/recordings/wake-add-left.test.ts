import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CollectionService } from '../../../lib/background/collections/collections';
import type { PendingChanges } from '../../../lib/background/pending/pending-queue';
import {
  createRecordingsFeature,
  type RecordingsBrowser,
} from '../../../lib/background/recordings/recordings-feature';
import { installEnglishTranslator } from '../../support/i18n';
import { WAKE_RECORDING as RECORDING, wakeAdd } from '../../support/wake-add';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';

const add = wakeAdd();

function setup() {
  const recordOwnIn = vi.fn(async () => undefined);
  const flash = vi.fn(async () => undefined);
  const recordings = createRecordingsFeature({
    browser: { storage: { session: fakeBrowser.storage.session } } as unknown as RecordingsBrowser,
    settings: { appOrigins: async () => [US], keyOwner: async () => undefined },
    collections: { recordOwnIn } as unknown as CollectionService,
    forward: vi.fn(),
    tabContext: vi.fn(),
    flash,
    pending: {} as PendingChanges,
  });
  return { recordings, recordOwnIn, flash };
}

describe('an add the wake script sent that the background did not take as its own', () => {
  it('made by PostHog: kept as Hogmark’s own in the membership, and said in its tab', async () => {
    const { recordings, recordOwnIn, flash } = setup();
    await recordings.wakeAddLeft(add, { status: 200, body: {} });
    expect(recordOwnIn).toHaveBeenCalledWith(`${US}|1`, RECORDING, 'onboard1', true);
    expect(flash).toHaveBeenCalledWith(7, 'done', expect.stringMatching(/Onboarding/));
  });

  it('refused by PostHog, or never answered: changes nothing and says nothing more', async () => {
    const { recordings, recordOwnIn, flash } = setup();
    await recordings.wakeAddLeft(add, { status: 403, body: { detail: 'CSRF Failed' } });
    await recordings.wakeAddLeft(add, null);
    expect(recordOwnIn).not.toHaveBeenCalled();
    expect(flash).not.toHaveBeenCalled();
  });
});
