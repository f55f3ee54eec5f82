import { describe, expect, it } from 'vitest';
import { createPopupFeature, type PopupFeatureDeps } from '../../../lib/background/popup/popup-feature';
import { protocol } from '../../../lib/messaging/messages';

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const STATUS = { configured: true, origin: US, maskedKey: 'phx_…a1B2', projectId: 1 };
const LINK_PAGE = 'https://chat.example.com/channel/42';
const ACTION = {
  id: 'a1',
  origin: US,
  projectId: 1,
  recordingId: REC,
  shortId: 'Onb0ard1',
  playlistName: 'Onboarding',
  change: 'added' as const,
  via: 'key' as const,
  at: 1,
  page: { tabId: 3, url: LINK_PAGE },
};

/** The popup room as the background composes it, over its rooms' answers. */
function setup(tabUrl: string | undefined, firstAnswer?: PopupFeatureDeps['firstAnswer']) {
  const asked: string[] = [];
  const errors: unknown[] = [];
  const feature = createPopupFeature({
    browser: {
      tabs: {
        get: async (tabId) => {
          asked.push(`tabs.get ${tabId}`);
          return { url: tabUrl };
        },
      },
    },
    settings: { status: async () => STATUS },
    tabView: async () => ({ context: null, hints: {} }),
    recordings: { sessionState: async () => ({ pick: null, lastAction: ACTION }) },
    collections: {
      cachedList: async () => ({
        projectId: 1,
        fetchedAt: null,
        playlists: [],
        recent: [],
        membership: null,
      }),
    },
    pending: {
      takeState: async () => {
        throw new Error('the pending store could not be read');
      },
    },
    ...(firstAnswer ? { firstAnswer } : {}),
    onError: (error) => errors.push(error),
  });
  const open = (tabId: number) =>
    (feature.handlers['popup/open'] as (input: object) => Promise<unknown>)({ tabId });
  return { open, asked, errors };
}

describe('the popup room: popup/open', () => {
  it('offers Undo of a link’s add over the page the link was on, read from the browser’s tab', async () => {
    const { open, asked, errors } = setup(LINK_PAGE);
    const answer = (await open(3)) as { session: { lastAction: unknown }; pending?: unknown };
    expect(answer.session.lastAction).toMatchObject({ id: 'a1', shortId: 'Onb0ard1' });
    expect(asked).toEqual(['tabs.get 3']);
    // A pending store that cannot be read leaves the rest of the answer whole, and is reported.
    expect(answer.pending).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(protocol['popup/open'].output.safeParse(answer).success).toBe(true);
  });

  it('does not offer it once the tab moved to another page', async () => {
    const { open } = setup('https://chat.example.com/channel/43');
    const answer = (await open(3)) as { session: { lastAction: unknown } };
    expect(answer.session.lastAction).toBeNull();
  });

  it('answers through `firstAnswer` when the build marks the worker’s first answer', async () => {
    const wrapped: string[] = [];
    const { open } = setup(LINK_PAGE, (handler) => async (input) => {
      wrapped.push('first');
      return handler(input);
    });
    await open(3);
    expect(wrapped).toEqual(['first']);
  });
});
