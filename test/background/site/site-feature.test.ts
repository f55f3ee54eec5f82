import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Connection } from '../../../lib/background/settings/settings';
import { SITE_LIST_TTL_MS } from '../../../lib/background/site/site-cache';
import { createSiteFeature } from '../../../lib/background/site/site-feature';
import { posthogStorageInPage } from '../../../lib/background/site/storage-reader';
import type { MessageInput, MessageOutput } from '../../../lib/messaging/messages';
import { DEMO } from '../../fake-posthog/demo-ids';
import { DEMO_SITE_TOKENS } from '../../fake-posthog/demo-site';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

const TAB = 7;
const SESSION = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const s = DEMO.site;

/** A page's storage as the isolated world sees it: `document.cookie` and the two Web Storage areas. */
interface PageStorage {
  cookie?: string;
  local?: Record<string, string>;
  session?: Record<string, string>;
}

function webStorage(items: Record<string, string>) {
  const keys = Object.keys(items);
  return {
    length: keys.length,
    key: (i: number) => keys[i] ?? null,
    getItem: (k: string) => items[k] ?? null,
  };
}

/** Runs the injected function as the browser would, against this page's storage. */
function runInPage(page: PageStorage): unknown {
  vi.stubGlobal('document', { cookie: page.cookie ?? '' });
  vi.stubGlobal('window', {
    localStorage: webStorage(page.local ?? {}),
    sessionStorage: webStorage(page.session ?? {}),
  });
  try {
    return posthogStorageInPage();
  } finally {
    vi.unstubAllGlobals();
  }
}

const entry = (token: string) => `ph_${token}_posthog`;
const shopStorage = (now: number, extra: Record<string, unknown> = {}): PageStorage => ({
  cookie: `theme=dark; ${entry(DEMO_SITE_TOKENS.shop)}=${encodeURIComponent(
    JSON.stringify({ distinct_id: 'ana@acme.com', $sesid: [now - 30_000, SESSION, now - 120_000], ...extra }),
  )}; other=1`,
  local: {
    [entry(DEMO_SITE_TOKENS.shop)]: JSON.stringify({
      distinct_id: 'ana@acme.com',
      $user_state: 'identified',
      $sesid: [now - 30_000, SESSION, now - 120_000],
      $configured_session_timeout_ms: 1_800_000,
      ...extra,
    }),
    unrelated: 'secret-of-the-site',
  },
});

describe('site/look, site/choose, site/recordings against the local PostHog', () => {
  const server = useLocalPostHog({ seed: 'site', replayListingRates: null });
  let page: PageStorage = {};
  let tabUrl = '';
  let injected: unknown[] = [];
  const now = Date.now();

  beforeEach(() => {
    installEnglishTranslator();
    page = {};
    tabUrl = `${server.url}/demo-site/shop/checkout?email=ana%40acme.com#frag`;
    injected = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  function feature(
    key: 'all' | 'projectScoped' = 'all',
    extra: { now?: () => number; unreachable?: boolean } = {},
  ) {
    const connection: Connection = { origin: server.url, apiKey: server.keys[key], projectId: 1 };
    const calls: string[] = [];
    const site = createSiteFeature({
      browser: {
        scripting: {
          executeScript: async (injection) => {
            if (extra.unreachable) throw new Error('Cannot access contents of the page');
            injected.push(injection);
            return [{ result: runInPage(page) }];
          },
        },
        tabs: { get: async () => ({ url: tabUrl }) },
        storage: { session: fakeBrowser.storage.session },
      },
      settings: { connection: async () => connection },
      trusted: fakeBrowser.storage.local,
      recordings: {
        addToLastUsed: async (target) => {
          calls.push(`add ${target.recordingId}`);
          return { outcome: 'added', message: 'Added.' };
        },
        choose: async (target) => {
          calls.push(`choose ${target.recordingId}`);
        },
        lastUsedName: async () => 'Checkout bugs',
        add: async () => {
          throw new Error('not used');
        },
      },
      collections: {
        scopeOf: async () => ({ connection, projectId: 1, key: 'k' }),
        prefs: async () => ({ recent: [] }),
      },
      now: extra.now ?? (() => now),
    });
    const look = (tabId = TAB) => site.handlers['site/look']({ tabId });
    const list = (input: Partial<MessageInput<'site/recordings'>> = {}) =>
      site.handlers['site/recordings']({ tabId: TAB, projectId: 1, range: 'page', days: 7, ...input });
    return { site, look, list, calls };
  }
  const listRequests = () =>
    server.requests.filter((request) => request.path.endsWith('/session_recordings/'));

  it('finds the project by the page’s token, with the user’s live session and who they are', async () => {
    page = shopStorage(now);
    const look = await feature().look();
    expect(look).toEqual({
      kind: 'found',
      site: { origin: server.url, host: new URL(server.url).host },
      origin: server.url,
      project: { id: 1, name: 'Acme web app' },
      by: 'token',
      session: {
        id: SESSION,
        startMs: now - 120_000,
        lastActivityMs: now - 30_000,
        live: true,
        person: 'ana@acme.com',
      },
    });
    // The injected function is the reader itself, run in the tab's top frame only.
    expect(injected).toEqual([{ target: { tabId: TAB }, func: posthogStorageInPage }]);
  });

  it('reads only posthog-js’s entries of the page', () => {
    const read = runInPage(shopStorage(now)) as {
      cookie: { key: string }[];
      localStorage: { key: string }[];
    };
    expect(read.cookie.map((item) => item.key)).toEqual([entry(DEMO_SITE_TOKENS.shop)]);
    expect(read.localStorage.map((item) => item.key)).toEqual([entry(DEMO_SITE_TOKENS.shop)]);
    expect(JSON.stringify(read)).not.toContain('secret-of-the-site');
  });

  it('says a stale session is not live', async () => {
    page = shopStorage(now, { $sesid: [now - 31 * 60_000, SESSION, now - 40 * 60_000] });
    const look = await feature().look();
    expect(look.kind === 'found' && look.session).toMatchObject({ id: SESSION, live: false });
  });

  it('says a site whose token no reachable project has sends elsewhere', async () => {
    page = { local: { [entry(DEMO_SITE_TOKENS.elsewhere)]: '{}' } };
    expect(await feature().look()).toEqual({
      kind: 'elsewhere',
      site: { origin: server.url, host: new URL(server.url).host },
    });
  });

  it('reads nothing of a page of PostHog’s own app, whose posthog-js records PostHog’s project', async () => {
    page = shopStorage(now);
    tabUrl = `${server.url}/project/1/replay/kiosk`;
    expect(await feature().look()).toEqual({ kind: 'unreadable' });
    tabUrl = `${server.url}/login?next=/project/1`;
    expect(await feature().look()).toEqual({ kind: 'unreadable' });
  });

  it('reads each project of a key scoped to projects, which PostHog refuses the list', async () => {
    page = shopStorage(now);
    const look = await feature('projectScoped').look();
    expect(look).toMatchObject({ kind: 'found', project: { id: 1 } });
  });

  it('without a token, matches the site to the project whose recording_domains allow it', async () => {
    tabUrl = `${server.url.replace('127.0.0.1', 'localhost')}/demo-site/named/`;
    page = { local: { ph_acme_shop: '{}' } };
    const { site, look } = feature();
    expect(await look()).toMatchObject({ kind: 'found', project: { id: 1 }, by: 'domain', session: null });
    // "Change": every project is offered, and the one chosen wins over the domains from then on.
    const anew = await site.handlers['site/choose']({ tabId: TAB, projectId: null });
    expect(anew).toMatchObject({ kind: 'choose', sawPostHog: true, projects: [{ id: 1 }, { id: 2 }] });
    await site.handlers['site/choose']({ tabId: TAB, projectId: 2 });
    expect(await look()).toMatchObject({ kind: 'found', project: { id: 2 }, by: 'choice' });
  });

  it('without a token or a domain, asks which project, then remembers the choice for the site', async () => {
    page = {};
    const { site, look } = feature();
    expect(await look()).toMatchObject({
      kind: 'choose',
      sawPostHog: false,
      projects: [
        { id: 1, name: 'Acme web app' },
        { id: 2, name: 'Acme staging' },
      ],
    });
    const chosen = await site.handlers['site/choose']({ tabId: TAB, projectId: 2 });
    expect(chosen).toMatchObject({ kind: 'found', project: { id: 2 }, by: 'choice' });
    expect(await feature().look()).toMatchObject({ kind: 'found', project: { id: 2 }, by: 'choice' });
    const anew = await site.handlers['site/choose']({ tabId: TAB, projectId: null });
    expect(anew).toMatchObject({ kind: 'choose' });
    expect(await look()).toMatchObject({ kind: 'choose' });
  });

  it.each(['chrome://extensions/', 'about:blank'])('cannot read %s', async (url) => {
    tabUrl = url;
    expect(await feature().look()).toEqual({ kind: 'unreadable' });
    expect(injected).toEqual([]);
  });

  it('cannot read a tab the grant does not reach', async () => {
    expect(await feature('all', { unreachable: true }).look()).toEqual({ kind: 'unreadable' });
  });

  it('lists the recordings that visited this page, newest first, never sending the tab’s query', async () => {
    const answer = await feature().list();
    expect(answer.recordings.map((row) => row.id)).toEqual([s.checkout, s.checkoutSlash]);
    expect(answer.recordings[0]).toEqual({
      id: s.checkout,
      person: 'ana@acme.com',
      startTime: expect.any(String),
      durationSeconds: 240,
      activeSeconds: 90,
      startUrl: 'https://shop.acme.com/',
      errors: 2,
      viewed: true,
    });
    expect(answer.next).toBeNull();
    expect(answer.lastUsedName).toBe('Checkout bugs');
    const sent = listRequests().map((request) => JSON.stringify(request.query));
    expect(sent.join(' ')).not.toMatch(/ana%40acme|ana@acme|frag/);
    const filters = JSON.parse(new URL(answer.openAllUrl).searchParams.get('filters') ?? '');
    expect(filters.date_from).toBe('-7d');
    expect(filters.filter_group.values[0].values[0]).toMatchObject({
      key: 'visited_page',
      operator: 'regex',
    });
  });

  it('widens to this path and below, and to 30 days', async () => {
    const below = await feature().list({ range: 'below' });
    expect(below.recordings.map((row) => row.id)).toEqual([s.checkout, s.payment, s.checkoutSlash]);
    const month = await feature().list({ days: 30 });
    expect(month.recordings.map((row) => row.id)).toEqual([s.checkout, s.checkoutSlash, s.oldCheckout]);
  });

  it('pages 20 at a time', async () => {
    tabUrl = `${server.url}/demo-site/shop/`;
    const { list } = feature();
    const first = await list({ range: 'below' });
    expect(first.recordings).toHaveLength(20);
    expect(first.next).toEqual({ offset: 20 });
    const second = await list({ range: 'below', from: first.next ?? undefined });
    expect(second.recordings.length).toBeGreaterThan(0);
    expect(second.recordings.map((row) => row.id)).not.toContain(first.recordings[0]?.id);
  });

  it('asks once per PostHog which form it knows, and keeps each list five minutes', async () => {
    let clock = now;
    const { list } = feature('all', { now: () => clock });
    await list();
    const probe = listRequests()[0];
    expect(JSON.parse(probe?.query.properties ?? '[]')[0]).toMatchObject({
      key: 'visited_page',
      operator: 'exact',
    });
    expect(probe?.query.limit).toBe('1');
    expect(listRequests()).toHaveLength(2);
    await feature('all', { now: () => clock }).list();
    expect(listRequests()).toHaveLength(2);
    await list({ days: 30 });
    expect(listRequests()).toHaveLength(3);
    clock += SITE_LIST_TTL_MS + 1;
    await list();
    expect(listRequests()).toHaveLength(4);
  });

  it('after a 429, says when to try again and sends nothing until then', async () => {
    server.setFault({
      path: `/api/projects/1/session_recordings/`,
      fault: { type: 'throttle', seconds: 42 },
      times: 1,
    });
    const { list } = feature();
    await expect(list()).rejects.toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 42 });
    const sent = listRequests().length;
    await expect(list({ days: 30 })).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(listRequests()).toHaveLength(sent);
  });

  it('site/add adds a row to the last-used collection, or opens the picker', async () => {
    const { site, calls } = feature();
    expect(await site.handlers['site/add']({ projectId: 1, recordingId: s.checkout })).toEqual({
      outcome: 'done',
      message: 'Added.',
    });
    expect(
      await site.handlers['site/add']({ projectId: 1, recordingId: s.checkout, choose: true }),
    ).toMatchObject({
      outcome: 'choose',
    });
    expect(calls).toEqual([`add ${s.checkout}`, `choose ${s.checkout}`]);
  });
});

describe('a PostHog that does not know visited_page', () => {
  const server = useLocalPostHog({ seed: 'site', replayListingRates: null, visitedPageProperty: false });

  it('falls back to the $pageview form, once, and lists what it matches', async () => {
    installEnglishTranslator();
    const connection: Connection = { origin: server.url, apiKey: server.keys.all, projectId: 1 };
    const site = createSiteFeature({
      browser: {
        scripting: { executeScript: async () => [] },
        tabs: { get: async () => ({ url: `${server.url}/demo-site/shop/checkout` }) },
        storage: { session: fakeBrowser.storage.session },
      },
      settings: { connection: async () => connection },
      trusted: fakeBrowser.storage.local,
      recordings: { lastUsedName: async () => null } as never,
      collections: {} as never,
    });
    const input: MessageInput<'site/recordings'> = { tabId: TAB, projectId: 1, range: 'page', days: 7 };
    const answer: MessageOutput<'site/recordings'> = await site.handlers['site/recordings'](input);
    expect(answer.recordings.map((row) => row.id).sort()).toEqual(
      [s.checkout, s.checkoutSlash, s.pageviewOnly].sort(),
    );
    const requests = server.requests.filter((request) => request.path.endsWith('/session_recordings/'));
    // The probe, not tried again after the server's error, then the list in the older form.
    expect(requests.map((request) => (request.query.events ? 'events' : 'properties'))).toEqual([
      'properties',
      'events',
    ]);
    await site.handlers['site/recordings']({ ...input, days: 30 });
    expect(server.requests.filter((request) => request.path.endsWith('/session_recordings/'))).toHaveLength(
      3,
    );
  });
});
