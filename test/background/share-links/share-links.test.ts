import { beforeAll, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import type { SharingConfiguration } from '../../../lib/api/schema/sharing';
import { dashboardLinkPatterns } from '../../../lib/background/share-links/link-menus';
import { createShareLinks, publicLinkOf } from '../../../lib/background/share-links/share-links';
import { createShareLinksFeature } from '../../../lib/background/share-links/share-links-feature';
import { AppError } from '../../../lib/platform/errors';
import { type PageContext, parsePageContext } from '../../../lib/posthog/context';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const TOKEN = 'ThPQInf3W95O4Ve1SbO1jsafutKK4w';
const CONNECTION = { origin: US, apiKey: `phx_${'A'.repeat(43)}`, projectId: 1 };

function setup(
  config: SharingConfiguration | AppError,
  connection = CONNECTION,
  publicSharing: 'allowed' | 'off' | 'unknown' = 'allowed',
) {
  const asked: Array<[number, number]> = [];
  const errors: unknown[] = [];
  const links = createShareLinks({
    connection: async () => connection,
    sharing: async (projectId, dashboardId) => {
      asked.push([projectId, dashboardId]);
      if (config instanceof AppError) throw config;
      return { origin: connection.origin, config };
    },
    publicSharing: async () => publicSharing,
    onError: (error) => errors.push(error),
  });
  return { links, asked, errors };
}

describe('dashboards/share-link', () => {
  it('gives the public link when sharing is on, and where to change it', async () => {
    const { links } = setup({ enabled: true, access_token: TOKEN });
    await expect(links.shareLink({ projectId: 1, dashboardId: 1 })).resolves.toEqual({
      enabled: true,
      url: `${US}/shared/${TOKEN}`,
      passwordRequired: false,
      publicSharing: 'allowed',
      settingsUrl: `${US}/project/1/dashboard/1/sharing`,
    });
  });

  it('says when the organisation has public links off, and then copies the private link instead', async () => {
    const { links } = setup({ enabled: true, access_token: TOKEN }, CONNECTION, 'off');
    await expect(links.shareLink({ projectId: 1, dashboardId: 1 })).resolves.toMatchObject({
      enabled: true,
      publicSharing: 'off',
    });
    const dashboard: PageContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 1 };
    await expect(links.bestLink(dashboard, {})).resolves.toEqual({
      url: `${US}/project/1/dashboard/1`,
      kind: 'private',
    });
  });

  it('says when viewers of the public link need a password (PostHog’s password_required)', async () => {
    const { links } = setup({ enabled: true, access_token: TOKEN, password_required: true });
    await expect(links.shareLink({ projectId: 1, dashboardId: 1 })).resolves.toMatchObject({
      enabled: true,
      passwordRequired: true,
    });
  });

  it.each<[string, SharingConfiguration]>([
    ['sharing saved but off', { enabled: false, access_token: TOKEN, created_at: '2025-01-01T00:00:00Z' }],
    // Newest PostHog answers an unsaved configuration with a new token on every read.
    ['never saved', { enabled: false, access_token: 'fresh-random-token-each-time', created_at: null }],
    ['on, but without a token', { enabled: true, access_token: null }],
    ['on, with a token that is not one', { enabled: true, access_token: '../../evil' }],
  ])('gives no public link when %s', async (_label, config) => {
    const { links } = setup(config);
    await expect(links.shareLink({ projectId: 1, dashboardId: 2 })).resolves.toEqual({
      enabled: false,
      settingsUrl: `${US}/project/1/dashboard/2/sharing`,
    });
  });

  it('passes a missing scope through, with its sentence', async () => {
    const { links } = setup(
      new AppError('missing-scope', { status: 403, scope: 'sharing_configuration:read' }),
    );
    const refusal = await links.shareLink({ projectId: 1, dashboardId: 1 }).catch((error: AppError) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).userMessage()).toBe(
      'Your API key lacks the sharing_configuration:read scope. Add it in PostHog → Settings → Personal API keys, then check the key again.',
    );
  });

  it('is what the dispatcher map answers', async () => {
    const refuse = async () => Promise.reject(new Error('not in this test'));
    const { handlers } = createShareLinksFeature({
      browser: {
        contextMenus: { remove: refuse, create: () => undefined },
        storage: { session: browser.storage.session },
      },
      settings: {
        connection: async () => CONNECTION,
        appOrigins: async () => [US],
        publicSharing: async () => 'allowed',
        keyCan: async () => true,
      },
      dashboards: { sharing: async () => ({ origin: US, config: { enabled: true, access_token: TOKEN } }) },
      view: refuse,
      toolbar: { flash: refuse, clipboard: { write: refuse } },
    });
    await expect(handlers['dashboards/share-link']({ projectId: 1, dashboardId: 1 })).resolves.toMatchObject({
      enabled: true,
    });
  });

  it('never builds a link from a disabled configuration', () => {
    expect(publicLinkOf(US, { enabled: false, access_token: TOKEN })).toBeUndefined();
    expect(publicLinkOf(US, { enabled: true, access_token: TOKEN })).toBe(`${US}/shared/${TOKEN}`);
  });
});

describe('the best link of a page (shortcut and menu)', () => {
  const page = (url: string) => parsePageContext(url) as PageContext;

  it('is the public link of a shared dashboard', async () => {
    const { links, asked } = setup({ enabled: true, access_token: TOKEN });
    await expect(links.bestLink(page(`${US}/project/2/dashboard/5`), {})).resolves.toEqual({
      url: `${US}/shared/${TOKEN}`,
      kind: 'public',
    });
    expect(asked).toEqual([[2, 5]]);
  });

  it('is the private link of a dashboard that is not shared', async () => {
    const { links } = setup({ enabled: false, access_token: TOKEN });
    await expect(links.bestLink(page(`${US}/project/1/dashboard/2`), {})).resolves.toEqual({
      url: `${US}/project/1/dashboard/2`,
      kind: 'private',
    });
  });

  it('uses the configured project for a legacy link without one', async () => {
    const { links, asked } = setup({ enabled: false, access_token: TOKEN });
    await links.bestLink(page(`${US}/dashboard/2`), {});
    expect(asked).toEqual([[1, 2]]);
  });

  it('falls back to the private link when sharing cannot be read, and reports why', async () => {
    const { links, errors } = setup(new AppError('missing-scope', { scope: 'sharing_configuration:read' }));
    await expect(links.bestLink(page(`${US}/project/1/dashboard/1`), {})).resolves.toMatchObject({
      kind: 'private',
    });
    expect(errors).toHaveLength(1);
  });

  it('asks nothing about a dashboard on another PostHog than the key’s', async () => {
    const { links, asked } = setup({ enabled: true, access_token: TOKEN });
    const eu = 'https://eu.posthog.com/project/1/dashboard/1';
    await expect(links.bestLink(page(eu), {})).resolves.toEqual({ url: eu, kind: 'private' });
    expect(asked).toEqual([]);
  });

  it('is the recording at the player’s second, else at the URL’s', async () => {
    const { links } = setup({ enabled: false });
    const recording = page(`${US}/project/1/replay/abc?t=40`);
    await expect(links.bestLink(recording, { currentSecond: 75 })).resolves.toEqual({
      url: `${US}/project/1/replay/abc?t=75`,
      kind: 'recording',
    });
    await expect(links.bestLink(recording, {})).resolves.toEqual({
      url: `${US}/project/1/replay/abc?t=40`,
      kind: 'recording',
    });
  });

  it('is the page’s own link elsewhere in PostHog', async () => {
    const { links } = setup({ enabled: false });
    await expect(links.bestLink(page(`${US}/project/1/replay/playlists/eKdNnFRI`), {})).resolves.toEqual({
      url: `${US}/project/1/replay/playlists/eKdNnFRI`,
      kind: 'page',
    });
  });
});

describe('dashboard link patterns for the context menu', () => {
  it('covers project and legacy dashboard links of each origin, without ports', () => {
    expect(dashboardLinkPatterns([US, 'http://127.0.0.1:8010', 'not a url', 'http://[::1]:8000'])).toEqual([
      'https://us.posthog.com/project/*/dashboard/*',
      'https://us.posthog.com/dashboard/*',
      'http://127.0.0.1/project/*/dashboard/*',
      'http://127.0.0.1/dashboard/*',
      'http://[::1]/project/*/dashboard/*',
      'http://[::1]/dashboard/*',
    ]);
  });
});
