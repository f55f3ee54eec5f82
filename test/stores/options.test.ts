import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KeyCheck, PublicSettings } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import { WAIT_NOTICE_MS } from '../../lib/stores/collection-changes';
import { createOptionsStore } from '../../lib/stores/options';
import { type Deferred, deferred } from '../support/deferred';
import { type Answers, fakeBackground } from '../support/fake-background';
import { installEnglishTranslator } from '../support/i18n';
import { keyCheck } from '../support/key-check';

beforeAll(installEnglishTranslator);

const KEY = `phx_${'A'.repeat(43)}a1B2`;
const SELF = 'https://posthog.example.com';

async function ready(settings: PublicSettings, answers: Answers = {}, granted = true) {
  const background = fakeBackground({ 'settings/get': settings, ...answers });
  const requestHostAccess = vi.fn(async (_origin: string) => granted);
  const store = createOptionsStore({ send: background.send, requestHostAccess, now: () => 1000 });
  await store.load();
  background.sent.length = 0;
  return { store, background, requestHostAccess };
}

const fresh: PublicSettings = { origin: 'https://us.posthog.com', inPageButton: true };
const configured: PublicSettings = {
  origin: SELF,
  projectId: 1,
  inPageButton: true,
  maskedKey: 'phx_…a1B2',
  lastCheck: { ...keyCheck(), checkedAt: 500 },
};

describe('loading the options page', () => {
  it('shows the saved address, project and last check without asking PostHog', async () => {
    const { store } = await ready(configured);
    expect(store.phase.value).toBe('ready');
    expect(store.where.value).toBe('self-hosted');
    expect(store.address.value).toBe(SELF);
    expect(store.projectId.value).toBe(1);
    expect(store.report.value?.user.email).toBe('ana@example.com');
    expect(store.projects.value.map((project) => project.name)).toEqual(['Main', 'Staging']);
    expect(store.keyInput.value).toBe('');
  });

  it('starts on US cloud with no key', async () => {
    const { store } = await ready(fresh);
    expect(store.where.value).toBe('us');
    expect(store.hasSavedKey.value).toBe(false);
    expect(store.report.value).toBeNull();
  });

  it('shows one sentence when the background cannot answer', async () => {
    const background = fakeBackground({ 'settings/get': new AppError('unknown') });
    const store = createOptionsStore({ send: background.send, requestHostAccess: async () => true });
    await store.load();
    expect(store.phase.value).toBe('error');
    expect(store.loadError.value?.message).toMatch(/Something went wrong/);
  });
});

describe('check and save', () => {
  it('saves a good key for a self-hosted address, then forgets the typed key and shows the report', async () => {
    const { store, background, requestHostAccess } = await ready(fresh, { 'settings/save': keyCheck() });
    store.setWhere('self-hosted');
    store.setAddress('posthog.example.com/project/1/');
    store.setKey(`  ${KEY} `);
    const saving = store.save();
    // Asked within the click: nothing awaited before the permission request.
    expect(requestHostAccess).toHaveBeenCalledWith(SELF);
    expect(store.busy.value).toBe('saving');
    await saving;
    expect(background.sent).toEqual([
      { type: 'settings/save', input: { origin: SELF, apiKey: KEY, inPageButton: true } },
    ]);
    expect(store.keyInput.value).toBe('');
    expect(store.saved.value?.maskedKey).toBe('phx_…a1B2');
    expect(store.report.value).toEqual({ ...keyCheck(), checkedAt: 1000 });
    expect(store.projectId.value).toBe(1);
    expect(store.notice.value).toBe(`Saved. Hogmark is connected to ${SELF}.`);
    expect(store.busy.value).toBeNull();
    expect(store.address.value).toBe(SELF);
  });

  it('asks for no host access for the clouds', async () => {
    const answer = keyCheck({ origin: 'https://eu.posthog.com' });
    const { store, requestHostAccess } = await ready(fresh, { 'settings/save': answer });
    store.setWhere('eu');
    store.setKey(KEY);
    await store.save();
    expect(requestHostAccess).not.toHaveBeenCalled();
    expect(store.saved.value?.origin).toBe('https://eu.posthog.com');
  });

  it('keeps the typed key and says so under the field when PostHog refuses it', async () => {
    const { store } = await ready(fresh, {
      'settings/save': new AppError('unauthorized', { status: 401 }),
    });
    store.setKey(KEY);
    await store.save();
    expect(store.fieldErrors.value).toEqual({
      apiKey: expect.stringMatching(/^PostHog did not accept this key\. .*Personal API keys\.$/),
    });
    expect(store.keyInput.value).toBe(KEY);
    expect(store.hasSavedKey.value).toBe(false);
  });

  it('shows what a key with missing scopes cannot do, and how to fix it', async () => {
    const capabilities = {
      addToPlaylist: {
        ok: false,
        missingScope: 'session_recording_playlist:write',
        fix: 'Your API key lacks the session_recording_playlist:write scope. Add it in PostHog.',
      },
      pin: { ok: false, missingScope: 'dashboard:write', fix: 'Add dashboard:write.' },
      shareLinks: { ok: true },
    };
    const { store } = await ready(fresh, {
      'settings/save': keyCheck({
        origin: 'https://us.posthog.com',
        scopes: ['dashboard:read'],
        capabilities,
      }),
    });
    store.setKey(KEY);
    await store.save();
    expect(store.report.value?.capabilities).toEqual(capabilities);
    expect(store.report.value?.scopes).toEqual(['dashboard:read']);
  });

  it('lists the projects of a project-scoped key', async () => {
    const { store } = await ready(fresh, {
      'settings/save': keyCheck({
        origin: 'https://us.posthog.com',
        projects: [{ id: 7, name: 'Only' }],
        projectId: 7,
      }),
    });
    store.setKey(KEY);
    await store.save();
    expect(store.projects.value).toEqual([{ id: 7, name: 'Only' }]);
    expect(store.projectId.value).toBe(7);
  });

  it.each([
    ['an unreachable host', new AppError('network'), `Could not reach ${SELF}. Check the address`],
    ['a host that times out', new AppError('timeout'), `Could not reach ${SELF}.`],
    [
      'an HTML answer from a wrong address',
      new AppError('invalid-response', { status: 200 }),
      `${SELF} did not answer like PostHog's API.`,
    ],
  ])('puts %s under the address and keeps the key', async (_name, failure, sentence) => {
    const { store } = await ready(fresh, { 'settings/save': failure });
    store.setWhere('self-hosted');
    store.setAddress(SELF);
    store.setKey(KEY);
    await store.save();
    expect(store.fieldErrors.value.origin).toContain(sentence);
    expect(store.keyInput.value).toBe(KEY);
    expect(store.error.value).toBeNull();
  });

  it.each([
    ['a project token', 'phc_abcdefghijklmnopqrstuvwxyz', /^This is a project token \(phc_…\)/],
    ['a project secret', 'phs_abcdefghijklmnopqrstuvwxyz', /project secret key/],
    ['a truncated key', 'phx_abc', /does not look like a personal API key/],
    ['nothing', '   ', /^Paste a personal API key/],
  ])('refuses %s under the field with zero sends', async (_name, typed, sentence) => {
    const { store, background, requestHostAccess } = await ready(fresh);
    store.setWhere('self-hosted');
    store.setAddress(SELF);
    store.setKey(typed);
    await store.save();
    expect(store.fieldErrors.value.apiKey).toMatch(sentence);
    expect(background.sent).toEqual([]);
    expect(requestHostAccess).not.toHaveBeenCalled();
    expect(store.keyInput.value).toBe(typed);
  });

  it.each([
    ['plain http', 'http://posthog.example.com', /must be reached over https/],
    ['the ingestion host', 'https://eu.i.posthog.com', /event-ingestion address/],
    ['an empty address', '', /Enter your PostHog address/],
  ])('refuses %s as the address with zero sends', async (_name, typed, sentence) => {
    const { store, background, requestHostAccess } = await ready(fresh);
    store.setWhere('self-hosted');
    store.setAddress(typed);
    store.setKey(KEY);
    await store.save();
    expect(store.fieldErrors.value.origin).toMatch(sentence);
    expect(background.sent).toEqual([]);
    expect(requestHostAccess).not.toHaveBeenCalled();
  });

  it('refuses a new address without a new key, since the saved key never goes elsewhere', async () => {
    const { store, background } = await ready(configured);
    store.setWhere('eu');
    await store.save();
    expect(store.fieldErrors.value.apiKey).toMatch(/Enter your personal API key again/);
    expect(background.sent).toEqual([]);
  });

  it('says so and sends nothing when the browser access is refused', async () => {
    const { store, background } = await ready(fresh, {}, false);
    store.setWhere('self-hosted');
    store.setAddress(SELF);
    store.setKey(KEY);
    await store.save();
    expect(store.fieldErrors.value.origin).toBe(
      `Hogmark needs your permission to reach ${SELF}. Save again and choose Allow when your browser asks.`,
    );
    expect(background.sent).toEqual([]);
    expect(store.keyInput.value).toBe(KEY);
  });

  it('shows the background refusing an address as that sentence, not "PostHog refused"', async () => {
    const { store } = await ready(fresh, {
      'settings/save': new AppError('invalid-input', { field: 'origin', detail: 'Use the app address.' }),
    });
    store.setKey(KEY);
    await store.save();
    expect(store.fieldErrors.value).toEqual({ origin: 'Use the app address.' });
  });

  it('shows a rate limit as a general error', async () => {
    const { store } = await ready(fresh, {
      'settings/save': new AppError('rate-limited', { retryAfterSeconds: 12 }),
    });
    store.setKey(KEY);
    await store.save();
    expect(store.fieldErrors.value).toEqual({});
    expect(store.error.value).toMatchObject({ kind: 'rate-limited', retryable: true });
    expect(store.error.value?.message).toMatch(/12 seconds/);
  });

  it('sends once when Save is clicked again while saving', async () => {
    const saved = deferred<KeyCheck>();
    const { store, background } = await ready(fresh, { 'settings/save': () => saved.promise });
    store.setKey(KEY);
    const first = store.save();
    await store.save();
    await store.save();
    await vi.waitFor(() => expect(background.sent).toHaveLength(1));
    saved.resolve(keyCheck({ origin: 'https://us.posthog.com' }));
    await first;
    expect(background.types()).toEqual(['settings/save']);
  });
});

describe('changing the project or preferences', () => {
  it('saves a project change with the saved key, without re-entering it', async () => {
    const { store, background } = await ready(configured, {
      'settings/save': keyCheck({ projectId: 2 }),
    });
    store.setProject(2);
    store.setInPageButton(false);
    await store.save();
    expect(background.sent).toEqual([
      { type: 'settings/save', input: { origin: SELF, projectId: 2, inPageButton: false } },
    ]);
    expect(store.saved.value).toMatchObject({ projectId: 2, inPageButton: false, maskedKey: 'phx_…a1B2' });
  });

  it('shows a project the key cannot reach under the project picker', async () => {
    const { store } = await ready(configured, {
      'settings/save': new AppError('project-forbidden', { status: 403 }),
    });
    store.setProject(2);
    await store.save();
    expect(store.fieldErrors.value.projectId).toMatch(/cannot reach this project/);
  });

  it('with a new key, sends the project only when the user picked another one', async () => {
    const { store, background } = await ready(configured, { 'settings/save': keyCheck() });
    store.setKey(KEY);
    await store.save();
    expect(background.sent[0]?.input).not.toHaveProperty('projectId');
  });
});

describe('check again and forget', () => {
  it('refreshes the report from the saved key', async () => {
    const refreshed = keyCheck({ scopes: ['dashboard:write'], projectId: 2 });
    const { store, background } = await ready(configured, { 'settings/check': refreshed });
    await store.recheck();
    expect(background.types()).toEqual(['settings/check']);
    expect(store.report.value).toEqual({ ...refreshed, checkedAt: 1000 });
    expect(store.projectId.value).toBe(2);
  });

  it('says when PostHog no longer accepts the saved key', async () => {
    const { store } = await ready(configured, { 'settings/check': new AppError('unauthorized') });
    await store.recheck();
    expect(store.fieldErrors.value.apiKey).toMatch(/no longer accepts the saved key/);
  });

  it('forgets only after the confirm step, and leaves no key or report behind', async () => {
    const { store, background } = await ready(configured, { 'settings/forget': {} });
    store.askForget();
    expect(store.confirmingForget.value).toBe(true);
    store.cancelForget();
    expect(store.confirmingForget.value).toBe(false);
    expect(background.sent).toEqual([]);
    store.askForget();
    await store.forget();
    expect(background.types()).toEqual(['settings/forget']);
    expect(store.hasSavedKey.value).toBe(false);
    expect(store.report.value).toBeNull();
    expect(store.projectId.value).toBeUndefined();
    expect(store.confirmingForget.value).toBe(false);
    expect(store.notice.value).toMatch(/gone/);
  });

  it('keeps everything shown when forgetting fails', async () => {
    const { store } = await ready(configured, { 'settings/forget': new AppError('unknown') });
    store.askForget();
    await store.forget();
    expect(store.hasSavedKey.value).toBe(true);
    expect(store.error.value?.kind).toBe('unknown');
  });
});

describe('a key check PostHog is slow to answer', () => {
  afterEach(() => vi.useRealTimers());

  /**
   * A background whose key check answers only when told; its `settings/cancel` drops a check still
   * waiting (which then fails as `cancelled`), as lib/background/settings.ts does.
   */
  async function slowBackground(settings: PublicSettings, type: 'settings/save' | 'settings/check') {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let waiting: Deferred<KeyCheck> | null = null;
    const view = await ready(settings, {
      [type]: () => {
        waiting = deferred<KeyCheck>();
        return waiting.promise;
      },
      'settings/cancel': () => {
        if (!waiting) return { cancelled: false };
        waiting.reject(new AppError('cancelled'));
        waiting = null;
        return { cancelled: true };
      },
    });
    /** PostHog answers the check. */
    const answer = (value: KeyCheck) => {
      waiting?.resolve(value);
      waiting = null;
    };
    return { ...view, answer };
  }

  /** Everything the user typed or chose in the form. */
  const form = (store: ReturnType<typeof createOptionsStore>) => ({
    where: store.where.value,
    address: store.address.value,
    keyInput: store.keyInput.value,
    projectId: store.projectId.value,
    inPageButton: store.inPageButton.value,
  });

  it('says it is still waiting and offers Cancel after the popup’s threshold, not before', async () => {
    const { store, answer } = await slowBackground(fresh, 'settings/save');
    store.setKey(KEY);
    const saving = store.save();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS - 100);
    expect(store.waiting.value).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(store.waiting.value).toBe(true);
    answer(keyCheck({ origin: 'https://us.posthog.com' }));
    await saving;
    expect(store.waiting.value).toBe(false);
    expect(store.notice.value).toBe('Saved. Hogmark is connected to https://us.posthog.com.');
  });

  it('Cancel of a save keeps everything typed, and says nothing was saved', async () => {
    const { store, background } = await slowBackground(fresh, 'settings/save');
    store.setWhere('self-hosted');
    store.setAddress('posthog.example.com');
    store.setKey(KEY);
    store.setInPageButton(false);
    const typed = form(store);
    const saving = store.save();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
    await store.cancelCheck();
    await saving;
    expect(background.types()).toEqual(['settings/save', 'settings/cancel']);
    expect(form(store)).toEqual(typed);
    expect(store.saved.value).toEqual(fresh);
    expect(store.report.value).toBeNull();
    expect(store.error.value).toMatchObject({
      kind: 'cancelled',
      message: expect.stringMatching(/^Stopped waiting for PostHog\. Nothing was saved/),
      // Try again sends the same form again.
      retryable: true,
    });
    expect(store.fieldErrors.value).toEqual({});
    expect(store.notice.value).toBeNull();
    expect(store.waiting.value).toBe(false);
    expect(store.busy.value).toBeNull();
  });

  it('a Cancel that comes after PostHog answered changes nothing: the save stands and says so', async () => {
    const { store, answer } = await slowBackground(fresh, 'settings/save');
    store.setKey(KEY);
    const saving = store.save();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
    answer(keyCheck({ origin: 'https://us.posthog.com' }));
    await store.cancelCheck();
    await saving;
    expect(store.error.value).toBeNull();
    expect(store.saved.value?.maskedKey).toBe('phx_…a1B2');
    expect(store.notice.value).toBe('Saved. Hogmark is connected to https://us.posthog.com.');
  });

  it('Cancel of a re-check keeps the last report, and says nothing changed', async () => {
    const { store } = await slowBackground(configured, 'settings/check');
    const checking = store.recheck();
    await vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS);
    expect(store.waiting.value).toBe(true);
    await store.cancelCheck();
    await checking;
    expect(store.report.value).toEqual(configured.lastCheck);
    expect(store.saved.value).toEqual(configured);
    expect(store.error.value).toMatchObject({
      kind: 'cancelled',
      message: expect.stringMatching(/^Stopped waiting for PostHog\. Nothing changed/),
      retryable: false,
    });
  });

  it('sends no Cancel while nothing is waiting', async () => {
    const { store, background } = await ready(configured);
    await store.cancelCheck();
    expect(background.sent).toEqual([]);
  });
});
