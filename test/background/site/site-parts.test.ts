import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Project } from '../../../lib/api/schema/project';
import type { Connection } from '../../../lib/background/settings/settings';
import { createProjectMatch } from '../../../lib/background/site/project-match';
import { createSiteAdds } from '../../../lib/background/site/site-adds';
import { createSiteCache, SITE_LIST_TTL_MS } from '../../../lib/background/site/site-cache';
import { createSiteLister } from '../../../lib/background/site/site-lister';
import type { RecordingChangeResult } from '../../../lib/messaging/collection-messages';
import { AppError } from '../../../lib/platform/errors';
import { installEnglishTranslator } from '../../support/i18n';

beforeEach(() => {
  fakeBrowser.reset();
  installEnglishTranslator();
});

const US = 'https://us.posthog.com';
const SESSION = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const connection: Connection = { origin: US, apiKey: 'phx_test', projectId: 1 };

describe('site-adds: the user’s session with its note', () => {
  function setup(options: {
    lastUsed?: { shortId: string; name: string } | null;
    result?: Partial<RecordingChangeResult>;
  }) {
    const calls: unknown[] = [];
    const add = createSiteAdds({
      connectedOrigin: async () => US,
      addToLastUsed: async () => ({ outcome: 'added', message: 'Added.' }),
      choose: async (target) => {
        calls.push(['choose', target]);
      },
      lastUsed: async () =>
        options.lastUsed === undefined ? { shortId: 'eKdNnFRI', name: 'Checkout bugs' } : options.lastUsed,
      add: async (input) => {
        calls.push(['add', input]);
        return {
          outcome: 'added',
          shortId: input.shortId,
          playlistName: 'Checkout bugs',
          membership: {} as never,
          note: { saved: true, second: 115, via: 'key' },
          ...options.result,
        } as RecordingChangeResult;
      },
    });
    return { add, calls };
  }
  const note = { text: 'Payment froze here', second: 115 };

  it('adds to the last-used collection with the note, and says it may take a minute to appear', async () => {
    const { add, calls } = setup({});
    expect(await add({ projectId: 1, recordingId: SESSION, note })).toEqual({
      outcome: 'done',
      message:
        'Added your session to Checkout bugs, with your note at its second. It may take a minute to appear in PostHog.',
    });
    expect(calls).toEqual([['add', { projectId: 1, shortId: 'eKdNnFRI', recordingId: SESSION, note }]]);
  });

  it('says the add stood when the note could not be written', async () => {
    const { add } = setup({ result: { note: { saved: false, error: new AppError('server').toJSON() } } });
    expect((await add({ projectId: 1, recordingId: SESSION, note })).message).toBe(
      'Added your session to Checkout bugs. It may take a minute to appear in PostHog.',
    );
  });

  it('opens the picker before any collection was used', async () => {
    const { add, calls } = setup({ lastUsed: null });
    expect(await add({ projectId: 1, recordingId: SESSION, note })).toMatchObject({ outcome: 'choose' });
    expect(calls).toEqual([['choose', { origin: US, projectId: 1, recordingId: SESSION }]]);
  });

  it('tells a failure in one sentence', async () => {
    const failing = createSiteAdds({
      connectedOrigin: async () => US,
      addToLastUsed: async () => Promise.reject(new AppError('network')),
      choose: async () => undefined,
      lastUsed: async () => null,
      add: async () => Promise.reject(new AppError('network')),
    });
    expect(await failing({ projectId: 1, recordingId: SESSION })).toEqual({
      outcome: 'failed',
      message: new AppError('network').userMessage(),
    });
  });
});

describe('project-match without a token', () => {
  const project = (id: number, extra: Partial<Project> = {}): Project => ({
    id,
    name: `Project ${id}`,
    api_token: `phc_Token${id}0000000000`,
    ...extra,
  });

  function match(projects: Project[]) {
    const reads: string[] = [];
    const matcher = createProjectMatch({
      cache: createSiteCache(fakeBrowser.storage.session),
      projects: () => ({
        list: async () => {
          reads.push('list');
          return projects;
        },
        get: async (id) => {
          reads.push(`get ${id}`);
          const found = projects.find((candidate) => candidate.id === id);
          if (!found) throw new AppError('not-found');
          return found;
        },
        scopedTeams: async () => [],
      }),
    });
    return { matcher, reads };
  }

  it('offers only the projects whose domains allow the site when several do', async () => {
    const { matcher } = match([
      project(1, { recording_domains: ['https://*.acme.com'] }),
      project(2, { app_urls: ['https://shop.acme.com/admin'] }),
      project(3, { recording_domains: ['https://globex.com'] }),
    ]);
    expect(await matcher.match(connection, [], 'shop.acme.com')).toEqual({
      kind: 'none',
      projects: [
        { id: 1, name: 'Project 1' },
        { id: 2, name: 'Project 2' },
      ],
    });
  });

  it('keeps the projects and their domains half an hour: a second look reads nothing', async () => {
    const { matcher, reads } = match([project(1, { recording_domains: ['https://shop.acme.com'] })]);
    await matcher.match(connection, [], 'shop.acme.com');
    await matcher.match(connection, [], 'shop.acme.com');
    expect(reads).toEqual(['list', 'get 1']);
  });

  it('names an unnamed project as Hogmark does', async () => {
    const { matcher } = match([project(4, { name: null })]);
    const identities = [{ token: 'phc_Token40000000000', distinctId: null, userState: null, session: null }];
    expect(await matcher.match(connection, identities, 'x.com')).toMatchObject({
      kind: 'found',
      project: { id: 4, name: 'Project 4' },
    });
  });
});

describe('site-cache sweep', () => {
  it('drops lists past five minutes and says when the next one expires', async () => {
    let clock = 1_000_000;
    const expiries: number[] = [];
    const cache = createSiteCache(
      fakeBrowser.storage.session,
      () => clock,
      (when) => expiries.push(when),
    );
    await cache.put('lists', 'old', { recordings: [], next: null }, cache.epoch());
    clock += 60_000;
    await cache.put('lists', 'new', { recordings: [], next: null }, cache.epoch());
    expect(expiries).toEqual([1_000_000 + SITE_LIST_TTL_MS, 1_060_000 + SITE_LIST_TTL_MS]);
    clock = 1_000_000 + SITE_LIST_TTL_MS;
    expect(await cache.sweep()).toBe(1_060_000 + SITE_LIST_TTL_MS);
    expect(await cache.get('lists', 'old')).toBeNull();
    expect(await cache.get('lists', 'new')).not.toBeNull();
    const stored = (await fakeBrowser.storage.session.get('siteRecordings')).siteRecordings as {
      lists: object;
    };
    expect(Object.keys(stored.lists)).toEqual(['new']);
  });

  it('writes nothing asked before a clear', async () => {
    const cache = createSiteCache(fakeBrowser.storage.session);
    const since = cache.epoch();
    await cache.clear();
    await cache.put('lists', 'k', { recordings: [], next: null }, since);
    expect(await cache.get('lists', 'k')).toBeNull();
  });
});

describe('site-lister and PostHog’s listing wait, shared with the person page', () => {
  const input = { tabId: 1, projectId: 1, range: 'page' as const, days: 7 as const };
  const url = 'https://shop.acme.com/checkout';

  function lister(until: number | null) {
    const held: Array<[string, number]> = [];
    const sent: string[] = [];
    const list = createSiteLister({
      cache: createSiteCache(fakeBrowser.storage.session, () => 1_000_000),
      now: () => 1_000_000,
      wait: {
        throttledUntil: async () => until,
        throttle: async (origin, at) => {
          held.push([origin, at]);
        },
      },
      list: async (_connection, _projectId, search) => {
        sent.push(String(search.limit));
        throw new AppError('rate-limited', { retryAfterSeconds: 40 });
      },
    });
    return { list, held, sent };
  }

  it('sends nothing while a wait the person page met lasts, and says what is left of it', async () => {
    const { list, sent } = lister(1_030_000);
    await expect(list.list(connection, input, url)).rejects.toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 30,
    });
    expect(sent).toEqual([]);
  });

  it('keeps the wait PostHog names where the person page reads it', async () => {
    const { list, held } = lister(null);
    await expect(list.list(connection, input, url)).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(held).toEqual([[US, 1_040_000]]);
  });
});
