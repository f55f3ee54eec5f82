import { beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import type { LinkPageContext } from '../../lib/stores/page-links';
import { createSharePanels } from '../../lib/stores/share-panels';
import { type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const NOTEBOOK: LinkPageContext = { kind: 'notebook', origin: US, projectId: 1, shortId: 'nB1' };
const NOTEBOOK_URL = `${US}/project/1/notebooks/nB1`;
const FLAGS: LinkPageContext = {
  kind: 'page',
  origin: US,
  projectId: 1,
  path: '/project/1/feature_flags/12?tab=usage',
};
const CAPABILITIES = { addToPlaylist: { ok: true }, pin: { ok: true }, shareLinks: { ok: true } };
const STATUS: Status = {
  configured: true,
  origin: US,
  projectId: 1,
  capabilities: { ...CAPABILITIES, notebookNames: { ok: true } },
};

function setup(answers: Answers = {}) {
  const background = fakeBackground({ 'notebooks/get': { title: 'Launch review' }, ...answers });
  const clipboard = fakeClipboard();
  const panels = createSharePanels({
    send: background.send,
    writeText: clipboard.writeText,
    openDashboards: async () => undefined,
  });
  return { background, clipboard, panels };
}

describe('a notebook’s link', () => {
  it('is named after the title PostHog keeps when the page said none, asked once', async () => {
    const { background, clipboard, panels } = setup();
    panels.pageFor(NOTEBOOK, STATUS, {});
    await flush();
    const store = panels.pageFor(NOTEBOOK, STATUS, {});
    expect(background.sent).toEqual([{ type: 'notebooks/get', input: { projectId: 1, shortId: 'nB1' } }]);
    await store.copyLink();
    expect(panels.copy.toast.value?.text).toBe('Copied the private link');
    await store.copyLink(true);
    expect(panels.copy.toast.value?.text).toBe('Copied the private link as Markdown');
    expect(clipboard.written).toEqual([NOTEBOOK_URL, `[Launch review](${NOTEBOOK_URL})`]);
  });

  it('asks PostHog nothing when the page has a title', async () => {
    const { background, clipboard, panels } = setup();
    await panels.pageFor(NOTEBOOK, STATUS, { title: 'From the tab' }).copyLink(true);
    await flush();
    expect(background.sent).toEqual([]);
    expect(clipboard.written).toEqual([`[From the tab](${NOTEBOOK_URL})`]);
  });

  it.each([
    ['PostHog keeps no title', { 'notebooks/get': { title: null } }, STATUS, 1],
    ['reading it fails', { 'notebooks/get': new AppError('not-found', { status: 404 }) }, STATUS, 1],
    [
      'the key lacks notebook:read',
      {},
      {
        ...STATUS,
        capabilities: { ...CAPABILITIES, notebookNames: { ok: false, missingScope: 'notebook:read' } },
      },
      0,
    ],
    ['the notebook is on another PostHog', {}, { ...STATUS, origin: 'https://eu.posthog.com' }, 0],
  ] as const)('falls back to its short id when %s', async (_label, answers, status, reads) => {
    const { background, clipboard, panels } = setup(answers as Answers);
    panels.pageFor(NOTEBOOK, status, {});
    await flush();
    expect(background.count('notebooks/get')).toBe(reads);
    await panels.pageFor(NOTEBOOK, status, {}).copyLink(true);
    expect(clipboard.written).toEqual([`[Notebook nB1](${NOTEBOOK_URL})`]);
  });
});

describe('any other PostHog page’s link', () => {
  it('copies its origin and path, and its Markdown named after the title, escaped', async () => {
    const { background, clipboard, panels } = setup();
    const store = panels.pageFor(FLAGS, STATUS, { title: 'Flag [new-checkout]' });
    await store.copyLink();
    await store.copyLink(true);
    const url = `${US}/project/1/feature_flags/12?tab=usage`;
    expect(clipboard.written).toEqual([url, `[Flag \\[new-checkout\\]](${url})`]);
    expect(background.sent).toEqual([]);
  });

  it('is named “This PostHog page” without a title, and follows a title that arrives later', async () => {
    const { clipboard, panels } = setup();
    const url = `${US}/project/1/feature_flags/12?tab=usage`;
    await panels.pageFor(FLAGS, STATUS, {}).copyLink(true);
    await panels.pageFor(FLAGS, STATUS, { title: 'Flags' }).copyLink(true);
    expect(clipboard.written).toEqual([`[This PostHog page](${url})`, `[Flags](${url})`]);
  });
});
