import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PersonQuery, PersonsApi } from '../../../lib/api/persons';
import type { ListedRecording, PersonListItem, RecordingList } from '../../../lib/api/schema/person';
import { createPersonCache, PERSON_CACHE_TTL_MS } from '../../../lib/background/persons/person-cache';
import {
  createPersonLookup,
  PERSON_RECORDINGS_PAGE,
  PERSON_RECORDINGS_SINCE,
} from '../../../lib/background/persons/person-lookup';
import type { Connection } from '../../../lib/background/settings/settings';
import { PersonMatchSchema, PersonRecordingSchema } from '../../../lib/messaging/person-messages';
import { AppError } from '../../../lib/platform/errors';
import type { StorageAreaLike } from '../../../lib/platform/storage';
import { MAX_PERSON_TEXT } from '../../../lib/posthog/visitor-text';
import { installEnglishTranslator } from '../../support/i18n';
import { LONG_NAME, LONG_START_URL, refusingWrites } from '../../support/long-visitor';

beforeEach(() => {
  fakeBrowser.reset();
  installEnglishTranslator();
});

const US = 'https://us.posthog.com';
const ANA: PersonListItem = {
  uuid: '0190a3b2-0000-7000-8000-000000000001',
  name: 'ana@acme.com',
  distinct_ids: ['user-42', 'a1', 'a2', 'a3'],
  properties: { email: 'ana@acme.com', name: 'Ana' },
  created_at: '2024-11-02T08:00:00Z',
  last_seen_at: null,
};
const row = (id: string, extra: Partial<ListedRecording> = {}): ListedRecording => ({
  id,
  distinct_id: 'user-42',
  start_time: '2025-03-01T10:00:00Z',
  recording_duration: 312,
  start_url: 'https://acme.com/checkout?token=secret',
  active_seconds: 120.4,
  console_error_count: 2,
  viewed: true,
  person: { id: 1, name: 'ana@acme.com' },
  ...extra,
});

/** Someone whose visitor data set a name and an email longer than any Hogmark keeps. */
const LONG: PersonListItem = {
  uuid: '0190a3b2-0000-7000-8000-000000000002',
  name: LONG_NAME,
  distinct_ids: ['user-43'],
  properties: { email: `${'e'.repeat(5_000)}@acme.com` },
  created_at: '2024-11-02T08:00:00Z',
  last_seen_at: null,
};
const FOUND: Record<string, PersonListItem[]> = { 'ana@acme.com': [ANA], 'user-43': [LONG] };

function setup(
  pages: Array<RecordingList | AppError> = [],
  session: StorageAreaLike = browser.storage.session,
) {
  let clock = 1_000_000;
  const calls: string[] = [];
  const api = (
    connection: Connection,
    projectId: number,
  ): Pick<PersonsApi, 'find' | 'findEmailAnyCase' | 'recordings'> => ({
    async find(query: PersonQuery) {
      calls.push(`find ${connection.origin} ${projectId} ${query.by} ${query.value}`);
      return FOUND[query.value] ?? [];
    },
    async findEmailAnyCase(email: string) {
      calls.push(`any case ${connection.origin} ${projectId} ${email}`);
      return Object.values(FOUND)
        .flat()
        .filter((person) => String(person.properties?.email).toLowerCase() === email.toLowerCase());
    },
    async recordings(input) {
      calls.push(
        `list ${input.personUuid} ${input.dateFrom} ${input.limit} ${JSON.stringify(input.from ?? null)}`,
      );
      const next = pages.shift();
      if (!next) throw new Error('no page left');
      if (next instanceof AppError) throw next;
      return next;
    },
  });
  const lookup = createPersonLookup({
    connection: async () => ({ origin: US, apiKey: 'phx_test', projectId: 1 }),
    api,
    cache: createPersonCache(session, () => clock),
    now: () => clock,
  });
  return { lookup, calls, advance: (ms: number) => (clock += ms) };
}

describe('person lookup', () => {
  it('asks PostHog once per ask and answers the same ask again from memory for five minutes', async () => {
    const { lookup, calls, advance } = setup();
    const ask = { by: 'email' as const, value: 'ana@acme.com' };
    const first = await lookup.find({ ask });
    expect(first).toEqual({
      origin: US,
      projectId: 1,
      persons: [
        {
          uuid: ANA.uuid,
          name: 'ana@acme.com',
          email: 'ana@acme.com',
          distinctIds: ['user-42', 'a1', 'a2'],
          distinctIdCount: 4,
          createdAt: '2024-11-02T08:00:00.000Z',
          lastSeenAt: null,
        },
      ],
    });
    advance(PERSON_CACHE_TTL_MS - 1);
    expect(await lookup.find({ ask })).toEqual(first);
    expect(calls).toEqual([`find ${US} 1 email ana@acme.com`]);
    advance(1);
    await lookup.find({ ask });
    expect(calls).toHaveLength(2);
    // Another project is another ask.
    await lookup.find({ ask, projectId: 2 });
    expect(calls.at(-1)).toBe(`find ${US} 2 email ana@acme.com`);
  });

  it('asks an email that finds no one exactly again ignoring its case, and says it did', async () => {
    const { lookup, calls } = setup();
    const ask = { by: 'email' as const, value: 'Ana@Acme.COM' };
    const found = await lookup.find({ ask });
    expect(found).toMatchObject({ persons: [{ uuid: ANA.uuid }], matchedBy: 'email-any-case' });
    expect(calls).toEqual([`find ${US} 1 email Ana@Acme.COM`, `any case ${US} 1 Ana@Acme.COM`]);
    // Kept with how it matched: asked again, nothing is sent and the page still says so.
    await expect(lookup.find({ ask })).resolves.toEqual(found);
    expect(calls).toHaveLength(2);
  });

  it('asks no second time for an email found as typed, nor for a search or an id that found no one', async () => {
    const { lookup, calls } = setup();
    const exact = await lookup.find({ ask: { by: 'email', value: 'ana@acme.com' } });
    expect(exact).not.toHaveProperty('matchedBy');
    await lookup.find({ ask: { by: 'search', value: 'Nobody' } });
    await lookup.find({ ask: { by: 'distinct-id', value: 'Nobody' } });
    const none = await lookup.find({ ask: { by: 'email', value: 'nobody@acme.com' } });
    expect(none).toEqual({ origin: US, projectId: 1, persons: [] });
    expect(calls).toEqual([
      `find ${US} 1 email ana@acme.com`,
      `find ${US} 1 search Nobody`,
      `find ${US} 1 distinct-id Nobody`,
      `find ${US} 1 email nobody@acme.com`,
      `any case ${US} 1 nobody@acme.com`,
    ]);
  });

  it('lists the last 30 days, 20 at a time, and says where the next page starts', async () => {
    const { lookup, calls } = setup([
      { results: [row('r1'), row('r2', { viewed: null, console_error_count: null })], has_next: true },
      { results: [row('r3')], has_next: true, next_cursor: 'cursor-2' },
    ]);
    const page = await lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    expect(page.recordings[0]).toEqual({
      id: 'r1',
      startTime: '2025-03-01T10:00:00.000Z',
      durationSeconds: 312,
      activeSeconds: 120,
      startUrl: 'https://acme.com/checkout?token=secret',
      errors: 2,
      viewed: true,
    });
    expect(page.recordings[1]).toMatchObject({ errors: null, viewed: null });
    expect(page.next).toEqual({ offset: 2 });
    const more = await lookup.recordings({ projectId: 1, personUuid: ANA.uuid, from: { offset: 2 } });
    expect(more.next).toEqual({ after: 'cursor-2' });
    expect(calls).toEqual([
      `list ${ANA.uuid} ${PERSON_RECORDINGS_SINCE} ${PERSON_RECORDINGS_PAGE} null`,
      `list ${ANA.uuid} -30d 20 {"offset":2}`,
    ]);
    // Asked again: from memory.
    await lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    expect(calls).toHaveLength(2);
  });

  it('after a 429 with a wait, sends nothing to the list before the wait is over and says what is left', async () => {
    const throttled = new AppError('rate-limited', { status: 429, retryAfterSeconds: 40 });
    const { lookup, calls, advance } = setup([throttled, { results: [row('r1')], has_next: false }]);
    await expect(lookup.recordings({ projectId: 1, personUuid: ANA.uuid })).rejects.toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 40,
    });
    advance(15_000);
    await expect(lookup.recordings({ projectId: 1, personUuid: 'someone-else' })).rejects.toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 25,
    });
    expect(calls).toHaveLength(1);
    advance(25_000);
    expect((await lookup.recordings({ projectId: 1, personUuid: ANA.uuid })).recordings).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('a 429 without a wait (PostHog busy) holds nothing back', async () => {
    const busy = new AppError('rate-limited', {
      status: 429,
      detail: 'ClickHouse is at capacity. Try again later.',
    });
    const { lookup, calls } = setup([busy, { results: [], has_next: false }]);
    await expect(lookup.recordings({ projectId: 1, personUuid: ANA.uuid })).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    await lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    expect(calls).toHaveLength(2);
  });

  it('leaves out a row whose id could change the meaning of a link', async () => {
    const { lookup } = setup([{ results: [row('../x/y'), row('r1')], has_next: false }]);
    const page = await lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    expect(page.recordings.map((recording) => recording.id)).toEqual(['r1']);
    expect(page.next).toBeNull();
  });

  it('finds a person whose name and email run to 5,000 characters, and keeps them cut', async () => {
    const { lookup, calls } = setup();
    const ask = { by: 'search' as const, value: 'user-43' };
    const { persons } = await lookup.find({ ask });
    expect(persons).toHaveLength(1);
    expect(persons[0]?.name).toBe(LONG_NAME.slice(0, MAX_PERSON_TEXT));
    expect(persons[0]?.email).toHaveLength(MAX_PERSON_TEXT);
    // What the page is sent passes the protocol's schema, and asking again sends nothing.
    expect(PersonMatchSchema.safeParse(persons[0]).success).toBe(true);
    await lookup.find({ ask });
    expect(calls).toHaveLength(1);
  });

  it('lists a page holding a recording with a 10,000-character start address, without that address, and keeps it', async () => {
    const long = row('r2', { start_url: LONG_START_URL, person: { id: 1, name: LONG_NAME } });
    const { lookup, calls } = setup([{ results: [row('r1'), long, row('r3')], has_next: false }]);
    const page = await lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    expect(page.recordings.map((recording) => [recording.id, recording.startUrl])).toEqual([
      ['r1', 'https://acme.com/checkout?token=secret'],
      ['r2', null],
      ['r3', 'https://acme.com/checkout?token=secret'],
    ]);
    expect(page.recordings.every((recording) => PersonRecordingSchema.safeParse(recording).success)).toBe(
      true,
    );
    // Kept: the same page again comes from memory, and what is kept is bounded.
    await lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(await browser.storage.session.get(null)).length).toBeLessThan(2_000);
  });

  it('answers when its cache cannot be written: that costs only the cache', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { lookup, calls } = setup(
      [
        { results: [row('r1')], has_next: false },
        { results: [row('r1')], has_next: false },
      ],
      refusingWrites(browser.storage.session),
    );
    const ask = { by: 'email' as const, value: 'ana@acme.com' };
    await expect(lookup.find({ ask })).resolves.toMatchObject({ persons: [{ uuid: ANA.uuid }] });
    await expect(lookup.recordings({ projectId: 1, personUuid: ANA.uuid })).resolves.toMatchObject({
      recordings: [{ id: 'r1' }],
    });
    await lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    expect(calls).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith('[hogmark] person cache: Error');
    warn.mockRestore();
  });

  it('forgets everything with the key', async () => {
    const { lookup, calls } = setup();
    const ask = { by: 'email' as const, value: 'ana@acme.com' };
    await lookup.find({ ask });
    await lookup.clear();
    await lookup.find({ ask });
    expect(calls).toHaveLength(2);
  });
});

describe('a lookup out across Forget key or another key', () => {
  /** A lookup whose PostHog answers only when told, with a key that can be forgotten or changed. */
  function held() {
    let key: string | null = 'phx_old';
    const asked: Array<{ key: string; release: () => void }> = [];
    const session = browser.storage.session;
    const api = (connection: Connection): Pick<PersonsApi, 'find' | 'findEmailAnyCase' | 'recordings'> => ({
      async find() {
        await new Promise<void>((release) => asked.push({ key: connection.apiKey, release }));
        return connection.apiKey === 'phx_old' ? [ANA] : [];
      },
      // Only the old key's PostHog knows Ana, in any case.
      findEmailAnyCase: async () => [],
      async recordings() {
        await new Promise<void>((release) => asked.push({ key: connection.apiKey, release }));
        return { results: [row('0191dd9d-ec00-726b-b2a7-4de452e6b438')], has_next: false };
      },
    });
    const lookup = createPersonLookup({
      connection: async () => {
        if (key === null) throw new AppError('not-configured');
        return { origin: US, apiKey: key, projectId: 1 };
      },
      api,
      cache: createPersonCache(session, Date.now),
    });
    const kept = async () => JSON.stringify(await session.get('personAnswers'));
    return { lookup, asked, kept, setKey: (next: string | null) => (key = next) };
  }
  const ask = { by: 'email' as const, value: 'ana@acme.com' };

  it('keeps and gives nothing found with a key forgotten while PostHog was answering', async () => {
    const { lookup, asked, kept, setKey } = held();
    const found = lookup.find({ ask });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    setKey(null);
    await lookup.clear();
    asked[0]?.release();
    await expect(found).rejects.toMatchObject({ kind: 'not-configured' });
    expect(await kept()).toBe('{}');
  });

  it('asks again with the new key, and gives and keeps only its answer', async () => {
    const { lookup, asked, kept, setKey } = held();
    const found = lookup.find({ ask });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    setKey('phx_new');
    await lookup.clear();
    asked[0]?.release();
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked.map((request) => request.key)).toEqual(['phx_old', 'phx_new']);
    asked[1]?.release();
    expect((await found).persons).toEqual([]);
    // Kept: the new key's answer (nobody), never the old one's.
    expect(await kept()).not.toContain(ANA.uuid);
    expect(await kept()).toContain('"persons":[]');
  });

  it('keeps no recordings listed with a key forgotten meanwhile', async () => {
    const { lookup, asked, kept, setKey } = held();
    const listed = lookup.recordings({ projectId: 1, personUuid: ANA.uuid });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    setKey(null);
    await lookup.clear();
    asked[0]?.release();
    await expect(listed).rejects.toMatchObject({ kind: 'not-configured' });
    expect(await kept()).toBe('{}');
  });
});
