import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPendingChanges } from '../../../lib/background/pending/pending-queue';
import { applyPendingChange } from '../../../lib/background/recordings/pending-apply';
import { createQuickAdd } from '../../../lib/background/recordings/quick-add';
import { createRecordingHandlers } from '../../../lib/background/recordings/recordings-handlers';
import { DEMO } from '../../fake-posthog/demo-ids';
import { wirePlaylists } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

beforeAll(installEnglishTranslator);

const LOOSE = DEMO.recordings.loose;
const ONBOARDING = DEMO.playlists.onboarding;
const ADD = /recordings\/0191dd9d-ffff/;

function picks(server: ReturnType<typeof useLocalPostHog>) {
  return function setup(
    containerOf?: (tabId: number) => Promise<string | undefined>,
    privateTab?: (tabId: number) => Promise<boolean>,
  ) {
    server.clearFaults();
    const wired = wirePlaylists(server);
    const pending = createPendingChanges({
      store: fakeBrowser.storage.local,
      apply: (change, applying) => applyPendingChange(wired, change, applying),
    });
    const quickAdd = createQuickAdd({
      ...wired,
      tabContext: async () => ({ context: null }),
      flash: async () => undefined,
      session: fakeBrowser.storage.session,
      openPopup: async () => undefined,
      openPickerWindow: async () => undefined,
    });
    const handlers = createRecordingHandlers({
      ...wired,
      quickAdd,
      pending,
      ...(containerOf ? { containerOf } : {}),
      ...(privateTab ? { privateTab } : {}),
    });
    const input = { projectId: 1, shortId: ONBOARDING, recordingId: LOOSE };
    // Writes PostHog accepted the credentials of (a key PostHog refuses for collections is not one).
    const posts = () =>
      server.requests.filter(
        (request) => request.method === 'POST' && ADD.test(request.path) && request.status < 400,
      ).length;
    return { ...wired, handlers, pending, input, posts };
  };
}

describe('a pick PostHog cannot take now (against PostHog: the signed-in tab adds)', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });
  const setup = picks(server);

  it('PostHog unreachable: read back first, then kept, and made once when PostHog is back', async () => {
    const { handlers, pending, input, posts, playlists } = setup();
    await playlists.list({ source: 'server' });
    server.clearRequests();
    // The add's connection drops; the one read says PostHog did not make it.
    server.setFault({ method: 'POST', path: ADD, fault: { type: 'drop' } });
    const result = await handlers['playlists/add'](input);
    expect(result).toMatchObject({
      outcome: 'pending',
      message:
        'Not added to Onboarding yet: PostHog could not be reached, so Hogmark will add it when it can.',
    });
    expect((await pending.state()).changes).toEqual([
      expect.objectContaining({ recordingId: LOOSE, direction: 'add', reason: 'network' }),
    ]);
    server.clearFaults();
    server.clearRequests();
    await pending.retryNow();
    await pending.retryNow();
    expect(posts()).toBe(1);
    expect((await pending.state()).changes).toEqual([]);
  });

  it('a pick that waits keeps the Firefox container of the tab the popup is over', async () => {
    const { handlers, pending, input, playlists } = setup(async (tabId) =>
      tabId === 12 ? 'firefox-container-3' : undefined,
    );
    await playlists.list({ source: 'server' });
    server.setFault({ method: 'POST', path: ADD, fault: { type: 'drop' } });
    // Another collection than the test above's, which holds the recording by now.
    const pick = { ...input, shortId: DEMO.playlists.checkoutBugs, tabId: 12 };
    expect(await handlers['playlists/add'](pick)).toMatchObject({ outcome: 'pending' });
    const [kept] = (await pending.state()).changes;
    expect(kept).toMatchObject({ container: 'firefox-container-3' });
    await pending.discard(kept?.id ?? '');
  });

  it('a pick in a private window that PostHog cannot take now is not kept: it fails, saying why', async () => {
    const { handlers, pending, input, playlists } = setup(undefined, async (tabId) => tabId === 12);
    await playlists.list({ source: 'server' });
    server.setFault({ method: 'POST', path: ADD, fault: { type: 'drop' } });
    const pick = { ...input, shortId: DEMO.playlists.checkoutBugs, tabId: 12 };
    await expect(handlers['playlists/add'](pick)).rejects.toMatchObject({ kind: 'network' });
    expect((await pending.state()).changes).toEqual([]);
    server.clearFaults();
  });

  it('a "no" that waiting will not change is not kept: it fails at once', async () => {
    const { handlers, pending, input } = setup();
    server.setFault({ method: 'POST', path: ADD, fault: { type: 'status', status: 404 } });
    await expect(handlers['playlists/add'](input)).rejects.toMatchObject({ kind: 'not-found' });
    expect((await pending.state()).changes).toEqual([]);
  });
});

describe('a pick whose answer is lost (contract flavor: the key adds, and no read says membership)', () => {
  const server = useLocalPostHog({ flavor: 'contract', seed: 'demo' });
  const setup = picks(server);

  it('an answer lost and not readable back: kept, and its next try reads PostHog before sending', async () => {
    const { handlers, pending, input, posts, playlists } = setup();
    await playlists.list({ source: 'server' });
    server.clearRequests();
    server.setFault({ method: 'POST', path: ADD, fault: { type: 'lose-answer', as: 'drop' }, times: 1 });
    server.setFault({
      method: 'GET',
      path: /session_recording_playlists/,
      fault: { type: 'html' },
      times: 1,
    });
    const result = await handlers['playlists/add'](input);
    expect(result).toMatchObject({
      outcome: 'pending',
      message:
        'Hogmark could not tell whether Onboarding took it: PostHog’s answer was lost. Hogmark will check, and add it if it is not there.',
    });
    expect(posts()).toBe(1);
    server.clearFaults();
    await pending.retryNow();
    // No read can say, and an add sets a state: the kept add is sent once more, and only once.
    expect(posts()).toBe(2);
    await pending.retryNow();
    expect(posts()).toBe(2);
    expect((await pending.state()).changes).toEqual([]);
  });
});
