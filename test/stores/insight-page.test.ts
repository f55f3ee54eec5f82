import { beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import { createInsightPageStore, type InsightPageContext } from '../../lib/stores/insight-page';
import { createCopyStore } from '../../lib/stores/share-copy';
import { createSharePanels } from '../../lib/stores/share-panels';
import { type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const CONTEXT: InsightPageContext = { kind: 'insight', origin: US, projectId: 1, shortId: 'aBc123' };
const PRIVATE_URL = `${US}/project/1/insights/aBc123`;
const SETTINGS_URL = `${PRIVATE_URL}/sharing`;
const CAPABILITIES = { addToPlaylist: { ok: true }, pin: { ok: true }, shareLinks: { ok: true } };
const STATUS: Status = {
  configured: true,
  origin: US,
  projectId: 1,
  capabilities: { ...CAPABILITIES, insightLinks: { ok: true } },
};
const SHARED = { enabled: true, url: `${US}/shared/tok`, settingsUrl: SETTINGS_URL };
const NOT_SHARED = { enabled: false, settingsUrl: SETTINGS_URL };

function setup(
  answers: Answers,
  options: { status?: Status; context?: InsightPageContext; title?: string } = {},
) {
  const background = fakeBackground({
    'insights/get': { id: 7, name: 'Weekly signups' },
    'insights/share-link': NOT_SHARED,
    ...answers,
  });
  const clipboard = fakeClipboard();
  const copy = createCopyStore({ writeText: clipboard.writeText, setTimeout: () => 0 });
  const store = createInsightPageStore({
    send: background.send,
    copy,
    context: options.context ?? CONTEXT,
    status: options.status ?? STATUS,
    hints: options.title ? { title: options.title } : {},
  });
  return { background, clipboard, copy, store };
}

describe('the popup over an insight', () => {
  it('offers the public link when sharing is on, plain and as Markdown named after the insight', async () => {
    const { background, clipboard, copy, store } = setup({ 'insights/share-link': SHARED });
    expect(store.share.value).toEqual({ phase: 'loading' });
    await store.load();
    expect(background.sent).toEqual(
      expect.arrayContaining([{ type: 'insights/share-link', input: { projectId: 1, shortId: 'aBc123' } }]),
    );
    expect(store.share.value).toEqual({
      phase: 'enabled',
      url: `${US}/shared/tok`,
      passwordRequired: false,
      publicSharing: 'unknown',
      settingsUrl: SETTINGS_URL,
    });
    await store.copyPublic();
    expect(copy.toast.value?.text).toBe('Copied the public link');
    await store.copyPublic(true);
    expect(copy.toast.value?.text).toBe('Copied the public link as Markdown');
    await store.copyPrivate(true);
    expect(copy.toast.value?.text).toBe('Copied the private link as Markdown');
    expect(clipboard.written).toEqual([
      `${US}/shared/tok`,
      `[Weekly signups](${US}/shared/tok)`,
      `[Weekly signups](${PRIVATE_URL})`,
    ]);
  });

  it('says a password guards the public link, and hedges only when the organisation did not say', async () => {
    const { store } = setup({
      'insights/share-link': { ...SHARED, passwordRequired: true, publicSharing: 'allowed' },
    });
    await store.load();
    expect(store.share.value).toMatchObject({
      phase: 'enabled',
      passwordRequired: true,
      publicSharing: 'allowed',
    });
  });

  it('says sharing is off, points to PostHog’s sharing dialog, and copies no public link', async () => {
    const { clipboard, store } = setup({});
    await store.load();
    expect(store.share.value).toEqual({ phase: 'disabled', settingsUrl: SETTINGS_URL });
    await expect(store.copyPublic()).resolves.toBe(false);
    await store.copyPrivate();
    expect(clipboard.written).toEqual([PRIVATE_URL]);
  });

  it('offers no public link where the organisation has public sharing off', async () => {
    const { clipboard, store } = setup({ 'insights/share-link': { ...SHARED, publicSharing: 'off' } });
    await store.load();
    expect(store.share.value).toEqual({ phase: 'org-off', settingsUrl: SETTINGS_URL });
    await expect(store.copyPublic()).resolves.toBe(false);
    expect(clipboard.written).toEqual([]);
  });

  it('asks nothing the key is known to lack: one sentence instead of the public link, the private link still copies', async () => {
    const scope = 'sharing_configuration:read';
    const { background, clipboard, copy, store } = setup(
      {},
      {
        status: {
          ...STATUS,
          capabilities: { ...CAPABILITIES, insightLinks: { ok: false, missingScope: scope } },
        },
      },
    );
    await store.load();
    expect(background.count('insights/share-link')).toBe(0);
    expect(store.share.value).toEqual({
      phase: 'error',
      settingsUrl: SETTINGS_URL,
      error: expect.objectContaining({
        kind: 'missing-scope',
        retryable: false,
        message: `Your API key lacks the ${scope} scope. Add it in PostHog → Settings → Personal API keys, then check the key again.`,
      }),
    });
    await store.copyPrivate();
    await store.copyPrivate(true);
    expect(copy.toast.value?.text).toBe('Copied the private link as Markdown');
    expect(clipboard.written).toEqual([PRIVATE_URL, `[Weekly signups](${PRIVATE_URL})`]);
  });

  it('does not ask for the name either when the key lacks insight:read', async () => {
    const { background, clipboard, store } = setup(
      {},
      {
        status: {
          ...STATUS,
          capabilities: { ...CAPABILITIES, insightLinks: { ok: false, missingScope: 'insight:read' } },
        },
      },
    );
    await store.load();
    expect(background.sent).toEqual([]);
    await store.copyPrivate(true);
    expect(clipboard.written).toEqual([`[Insight aBc123](${PRIVATE_URL})`]);
  });

  it('shows the reason a read failed and reads again on Try again', async () => {
    const { background, store } = setup({ 'insights/share-link': new AppError('server', { status: 503 }) });
    await store.load();
    expect(store.share.value).toMatchObject({ phase: 'error', error: { kind: 'server', retryable: true } });
    background.answers['insights/share-link'] = SHARED;
    await store.retryShare();
    expect(store.share.value).toMatchObject({ phase: 'enabled', url: `${US}/shared/tok` });
    expect(background.count('insights/get')).toBe(1);
  });

  it.each([
    ['the page’s title, without asking PostHog', { title: 'From the tab' }, {}, 'From the tab', 0],
    ['PostHog’s name when the page says none', {}, {}, 'Weekly signups', 1],
    [
      'the short id when PostHog gives no name',
      {},
      { 'insights/get': { id: 7, name: null } },
      'Insight aBc123',
      1,
    ],
    [
      'the short id when reading the name fails',
      {},
      { 'insights/get': new AppError('not-found', { status: 404 }) },
      'Insight aBc123',
      1,
    ],
  ] as const)('names the Markdown after %s', async (_label, hints, answers, name, reads) => {
    const { background, clipboard, store } = setup(answers as Answers, hints);
    await store.load();
    expect(background.count('insights/get')).toBe(reads);
    await store.copyPrivate(true);
    expect(clipboard.written).toEqual([`[${name}](${PRIVATE_URL})`]);
  });

  it('escapes a name that would break the Markdown', async () => {
    const { clipboard, store } = setup({ 'insights/get': { id: 7, name: 'Signups [beta](x) `<b>`' } });
    await store.load();
    await store.copyPrivate(true);
    expect(clipboard.written).toEqual([`[Signups \\[beta\\](x) \\\`\\<b\\>\\\`](${PRIVATE_URL})`]);
  });

  it('offers only the private link on another PostHog than the connected one, and asks nothing', async () => {
    const { background, clipboard, store } = setup(
      {},
      { context: { ...CONTEXT, origin: 'https://eu.posthog.com' } },
    );
    await store.load();
    expect(store.phase.value).toBe('elsewhere');
    expect(background.sent).toEqual([]);
    await store.copyPrivate();
    expect(clipboard.written).toEqual(['https://eu.posthog.com/project/1/insights/aBc123']);
  });

  it('uses the connected project when the URL has none', async () => {
    const { background, store } = setup({}, { context: { ...CONTEXT, projectId: null } });
    await store.load();
    expect(background.sent.map((message) => message.input)).toEqual([
      { projectId: 1, shortId: 'aBc123' },
      { projectId: 1, shortId: 'aBc123' },
    ]);
  });
});

describe('the insight panel in the popup', () => {
  it('is made once per insight: re-rendering sends nothing twice, and a late title names the Markdown', async () => {
    const background = fakeBackground({
      'insights/get': { id: 7, name: null },
      'insights/share-link': SHARED,
    });
    const clipboard = fakeClipboard();
    const panels = createSharePanels({
      send: background.send,
      writeText: clipboard.writeText,
      openDashboards: async () => undefined,
    });
    const first = panels.insightFor(CONTEXT, STATUS, {});
    await flush();
    const again = panels.insightFor(CONTEXT, STATUS, { title: 'Named late' });
    expect(again).toBe(first);
    await flush();
    expect(background.count('insights/share-link')).toBe(1);
    expect(background.count('insights/get')).toBe(1);
    await again.copyPublic(true);
    expect(clipboard.written).toEqual([`[Named late](${US}/shared/tok)`]);
    expect(panels.insightFor({ ...CONTEXT, shortId: 'other1' }, STATUS, {})).not.toBe(first);
  });
});
