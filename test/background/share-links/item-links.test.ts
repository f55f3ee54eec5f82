import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ItemReadsApi } from '../../../lib/api/insights';
import type { Connection } from '../../../lib/background/settings/settings';
import { createItemLinks, faceOf } from '../../../lib/background/share-links/item-links';
import { createShareLinks } from '../../../lib/background/share-links/share-links';
import { ITEM_LINK_TTL_MS } from '../../../lib/messaging/first-view/known-face';
import type { PublicSharing } from '../../../lib/messaging/messages';
import { AppError } from '../../../lib/platform/errors';
import type { StorageAreaLike } from '../../../lib/platform/storage';
import { parsePageContext } from '../../../lib/posthog/context';
import { MAX_PERSON_TEXT } from '../../../lib/posthog/visitor-text';
import { installEnglishTranslator } from '../../support/i18n';
import { LONG_NAME, LONG_START_URL, refusingWrites } from '../../support/long-visitor';

beforeAll(installEnglishTranslator);
beforeEach(() => fakeBrowser.reset());

const US = 'https://us.posthog.com';
const TOKEN = 'ThPQInf3W95O4Ve1SbO1jsafutKK4w';
const CONNECTION = { origin: US, apiKey: 'phx_test', projectId: 1 } as Connection;

function setup(
  options: {
    sharing?: { enabled: boolean; access_token?: string; password_required?: boolean };
    publicSharing?: PublicSharing;
    canReadRecordings?: boolean;
    session?: StorageAreaLike;
  } = {},
) {
  const calls: string[] = [];
  let clock = 1_000_000;
  let connection = CONNECTION;
  const api = (_connection: Connection, projectId: number): ItemReadsApi => ({
    async insightByShortId(shortId) {
      calls.push(`insight ${projectId} ${shortId}`);
      if (shortId === 'Gone0000') throw new AppError('not-found', { status: 404 });
      return {
        id: 42,
        short_id: shortId,
        name: shortId === 'Named000' ? 'Weekly signups' : null,
        derived_name: 'Pageview count',
      };
    },
    async insightSharing(id) {
      calls.push(`insight-sharing ${id}`);
      return { enabled: false, access_token: 'fresh-token-every-read', ...options.sharing };
    },
    async recordingSharing(id) {
      calls.push(`recording-sharing ${id}`);
      return { enabled: true, access_token: TOKEN };
    },
    async recording(id) {
      calls.push(`recording ${id}`);
      if (id === 'gone') throw new AppError('not-found', { status: 404 });
      if (id === 'long') {
        return {
          id,
          distinct_id: 'user-42',
          start_time: '2025-03-01T10:00:00Z',
          recording_duration: 60,
          start_url: LONG_START_URL,
          person: { id: 1, name: LONG_NAME },
        };
      }
      return {
        id,
        distinct_id: 'user-42',
        start_time: '2025-03-01T10:00:00Z',
        recording_duration: 312.4,
        start_url: 'https://acme.com/checkout?step=2',
        // PostHog's placeholder when no person matches (MissingPerson): no id, no name.
        person:
          id === 'anonymous'
            ? { id: null, name: null, distinct_ids: ['user-42'] }
            : { id: 1, name: 'ana@acme.com' },
      };
    },
    async recordingComments() {
      return { comments: [], complete: true };
    },
    async notebookTitle(shortId) {
      calls.push(`notebook ${shortId}`);
      return shortId === 'Untitled' ? null : '  Launch review  ';
    },
  });
  const links = createItemLinks({
    connection: async () => connection,
    api,
    publicSharing: async () => options.publicSharing ?? 'allowed',
    canReadRecordings: async () => options.canReadRecordings ?? true,
    session: options.session ?? browser.storage.session,
    now: () => clock,
  });
  return {
    links,
    calls,
    advance: (ms: number) => {
      clock += ms;
    },
    switchTo: (next: Connection) => {
      connection = next;
    },
  };
}

describe('an insight, a notebook and a recording behind their links', () => {
  it('names an insight as PostHog does (name, else derived_name) and gives its numeric id', async () => {
    const { links } = setup();
    await expect(links.insight({ projectId: 1, shortId: 'Named000' })).resolves.toEqual({
      id: 42,
      name: 'Weekly signups',
    });
    await expect(links.insight({ projectId: 1, shortId: 'Derived0' })).resolves.toEqual({
      id: 42,
      name: 'Pageview count',
    });
  });

  it('reads the sharing of the numeric id, not the short id, and offers no link while sharing is off', async () => {
    const { links, calls } = setup();
    await expect(links.insightShareLink({ projectId: 1, shortId: 'Named000' })).resolves.toEqual({
      enabled: false,
      settingsUrl: `${US}/project/1/insights/Named000/sharing`,
    });
    expect(calls).toEqual(['insight 1 Named000', 'insight-sharing 42']);
  });

  it('gives the public link when sharing is on, with its password and the organisation switch', async () => {
    const { links } = setup({
      sharing: { enabled: true, access_token: TOKEN, password_required: true },
      publicSharing: 'unknown',
    });
    await expect(links.insightShareLink({ projectId: 1, shortId: 'Named000' })).resolves.toEqual({
      enabled: true,
      url: `${US}/shared/${TOKEN}`,
      passwordRequired: true,
      publicSharing: 'unknown',
      settingsUrl: `${US}/project/1/insights/Named000/sharing`,
    });
  });

  it('costs at most one read of each per ten minutes, even after the worker restarts', async () => {
    const first = setup({ sharing: { enabled: true, access_token: TOKEN } });
    await first.links.insightShareLink({ projectId: 1, shortId: 'Named000' });
    await first.links.insightShareLink({ projectId: 1, shortId: 'Named000' });
    await first.links.insight({ projectId: 1, shortId: 'Named000' });
    expect(first.calls).toEqual(['insight 1 Named000', 'insight-sharing 42']);
    // A new service (a restarted worker) reads what storage.session kept.
    const second = setup({ sharing: { enabled: true, access_token: TOKEN } });
    await second.links.insightShareLink({ projectId: 1, shortId: 'Named000' });
    expect(second.calls).toEqual([]);
    second.advance(ITEM_LINK_TTL_MS);
    await second.links.insightShareLink({ projectId: 1, shortId: 'Named000' });
    expect(second.calls).toEqual(['insight 1 Named000', 'insight-sharing 42']);
  });

  it('shares one read between requests in flight', async () => {
    const { links, calls } = setup();
    await Promise.all([
      links.insightShareLink({ projectId: 1, shortId: 'Named000' }),
      links.insightShareLink({ projectId: 1, shortId: 'Named000' }),
    ]);
    expect(calls).toEqual(['insight 1 Named000', 'insight-sharing 42']);
  });

  it('keeps nothing of a refused read, and says what PostHog said', async () => {
    const { links, calls } = setup();
    await expect(links.insightShareLink({ projectId: 1, shortId: 'Gone0000' })).rejects.toMatchObject({
      kind: 'not-found',
    });
    await expect(links.insight({ projectId: 1, shortId: 'Gone0000' })).rejects.toMatchObject({
      kind: 'not-found',
    });
    expect(calls).toEqual(['insight 1 Gone0000', 'insight 1 Gone0000']);
  });

  it('reuses nothing after clear (another key), nor what another PostHog said', async () => {
    const { links, calls, switchTo } = setup();
    await links.insight({ projectId: 1, shortId: 'Named000' });
    await links.clear();
    await links.insight({ projectId: 1, shortId: 'Named000' });
    switchTo({ ...CONNECTION, origin: 'https://eu.posthog.com' });
    await links.insight({ projectId: 1, shortId: 'Named000' });
    expect(calls).toHaveLength(3);
  });

  it("gives a recording's public link and a notebook's title", async () => {
    const { links, calls } = setup();
    await expect(links.recordingShareLink({ projectId: 1, recordingId: 'abc' })).resolves.toEqual({
      enabled: true,
      url: `${US}/shared/${TOKEN}`,
      passwordRequired: false,
      publicSharing: 'allowed',
    });
    await expect(links.notebook({ projectId: 1, shortId: 'Nb0ok123' })).resolves.toEqual({
      title: 'Launch review',
    });
    await expect(links.notebook({ projectId: 1, shortId: 'Untitled' })).resolves.toEqual({ title: null });
    expect(calls).toEqual(['recording-sharing abc', 'notebook Nb0ok123', 'notebook Untitled']);
  });
});

describe('the face of a recording', () => {
  it('is the person as PostHog names them, when, how long and where; Anonymous is a null person', async () => {
    const { links } = setup();
    await expect(links.recordingFace({ projectId: 1, recordingId: 'abc' })).resolves.toEqual({
      face: {
        person: 'ana@acme.com',
        startTime: '2025-03-01T10:00:00.000Z',
        durationSeconds: 312,
        startUrl: 'https://acme.com/checkout?step=2',
      },
    });
    await expect(links.recordingFace({ projectId: 1, recordingId: 'anonymous' })).resolves.toMatchObject({
      face: { person: null },
    });
  });

  it('costs one read per ten minutes, and from the cache sends nothing', async () => {
    const { links, calls } = setup();
    await expect(links.recordingFace({ projectId: 1, recordingId: 'abc', source: 'cache' })).resolves.toEqual(
      {
        face: null,
      },
    );
    expect(calls).toEqual([]);
    await links.recordingFace({ projectId: 1, recordingId: 'abc' });
    await links.recordingFace({ projectId: 1, recordingId: 'abc' });
    await expect(
      links.recordingFace({ projectId: 1, recordingId: 'abc', source: 'cache' }),
    ).resolves.toMatchObject({
      face: { person: 'ana@acme.com' },
    });
    expect(calls).toEqual(['recording abc']);
  });

  it('is not asked for with a key the last check found without session_recording:read', async () => {
    const { links, calls } = setup({ canReadRecordings: false });
    await expect(links.recordingFace({ projectId: 1, recordingId: 'abc' })).resolves.toEqual({ face: null });
    await expect(
      links.recordingFace({ projectId: 1, recordingId: 'abc', source: 'server' }),
    ).resolves.toEqual({
      face: null,
    });
    expect(calls).toEqual([]);
  });

  it('names a tab’s recording for the toolbar only from what PostHog already said', async () => {
    const { links, calls } = setup();
    const context = { kind: 'recording' as const, origin: US, projectId: 1, recordingId: 'abc' };
    await expect(links.recordingPerson(context)).resolves.toBeUndefined();
    await links.recordingFace({ projectId: 1, recordingId: 'abc' });
    await expect(links.recordingPerson(context)).resolves.toBe('ana@acme.com');
    await expect(links.recordingPerson({ ...context, projectId: null })).resolves.toBe('ana@acme.com');
    // Another PostHog's recording of the same id is not this one.
    await expect(
      links.recordingPerson({ ...context, origin: 'https://eu.posthog.com' }),
    ).resolves.toBeUndefined();
    await links.recordingFace({ projectId: 1, recordingId: 'anonymous' });
    await expect(links.recordingPerson({ ...context, recordingId: 'anonymous' })).resolves.toBe('Anonymous');
    expect(calls).toEqual(['recording abc', 'recording anonymous']);
  });

  it('of a visitor who wrote a 5,000-character name and a 10,000-character start address is answered, and kept bounded', async () => {
    const { links, calls } = setup();
    const long = { projectId: 1, recordingId: 'long' };
    const bounded = {
      face: {
        person: LONG_NAME.slice(0, MAX_PERSON_TEXT),
        startTime: '2025-03-01T10:00:00.000Z',
        durationSeconds: 60,
        // Cut short it would be another address: left out.
        startUrl: null,
      },
    };
    await expect(links.recordingFace(long)).resolves.toEqual(bounded);
    // Kept: the popup's next open and the toolbar read it without asking PostHog again.
    await expect(links.recordingFace({ ...long, source: 'cache' })).resolves.toEqual(bounded);
    await expect(links.recordingFace(long)).resolves.toEqual(bounded);
    expect(calls).toEqual(['recording long']);
    const kept = JSON.stringify(await browser.storage.session.get(null));
    expect(kept).toContain(LONG_NAME.slice(0, MAX_PERSON_TEXT));
    expect(kept.length).toBeLessThan(1_000);
  });

  it('is answered when the cache cannot be written: that costs only the cache', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { links, calls } = setup({ session: refusingWrites(browser.storage.session) });
    await expect(links.recordingFace({ projectId: 1, recordingId: 'abc' })).resolves.toMatchObject({
      face: { person: 'ana@acme.com' },
    });
    await expect(links.recordingFace({ projectId: 1, recordingId: 'abc' })).resolves.toMatchObject({
      face: { person: 'ana@acme.com' },
    });
    expect(calls).toEqual(['recording abc', 'recording abc']);
    expect(warn).toHaveBeenCalledWith('[hogmark] item links cache: Error');
    warn.mockRestore();
  });

  it('leaves out what PostHog did not say, rather than guessing', () => {
    expect(
      faceOf({
        id: 'x',
        start_time: 'not a date',
        recording_duration: -1,
        start_url: '  ',
        person: { id: 3, name: '' },
        distinct_id: 'd-1',
      }),
    ).toEqual({ kind: 'recording', person: 'd-1', startTime: null, durationSeconds: null, startUrl: null });
  });
});

describe('the best link of an insight (the copy shortcut and the link menu)', () => {
  function best(answer: { url?: string; publicSharing?: PublicSharing } | Error) {
    const links = createShareLinks({
      connection: async () => CONNECTION,
      sharing: async () => Promise.reject(new Error('not a dashboard')),
      publicSharing: async () => 'allowed',
      insightShareLink: async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    return (url: string) => {
      const context = parsePageContext(url);
      if (!context) throw new Error(`not a context: ${url}`);
      return links.bestLink(context, {});
    };
  }

  it('is the public link when shared, else the private one', async () => {
    const insight = `${US}/project/1/insights/Named000`;
    await expect(best({ url: `${US}/shared/${TOKEN}`, publicSharing: 'allowed' })(insight)).resolves.toEqual({
      url: `${US}/shared/${TOKEN}`,
      kind: 'public',
    });
    await expect(best({})(`${insight}/edit`)).resolves.toEqual({ url: insight, kind: 'private' });
    await expect(best({ url: `${US}/shared/${TOKEN}`, publicSharing: 'off' })(insight)).resolves.toEqual({
      url: insight,
      kind: 'private',
    });
    await expect(best(new AppError('missing-scope', { scope: 'insight:read' }))(insight)).resolves.toEqual({
      url: insight,
      kind: 'private',
    });
  });

  it("is the page's own link for a notebook and any other page, without the side panel", async () => {
    await expect(best({})(`${US}/project/1/notebooks/Nb0ok123`)).resolves.toEqual({
      url: `${US}/project/1/notebooks/Nb0ok123`,
      kind: 'page',
    });
    await expect(best({})(`${US}/project/1/feature_flags/12?tab=usage#panel=docs`)).resolves.toEqual({
      url: `${US}/project/1/feature_flags/12?tab=usage`,
      kind: 'page',
    });
  });
});
