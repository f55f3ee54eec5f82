import type { PersonQuery, PersonsApi } from '../../api/persons';
import type { ListedRecording, PersonListItem } from '../../api/schema/person';
import type { PersonMatch, PersonRecording, RecordingsFromSchema } from '../../messaging/person-messages';
import { AppError, isAppError } from '../../platform/errors';
import { isRecordingId } from '../../posthog/context-ids';
import type { PersonAsk } from '../../posthog/person-asks';
import { personText } from '../../posthog/visitor-text';
import type { Connection } from '../settings/settings';
import { faceOf } from '../share-links/item-links';
import type { PersonCacheStore } from './person-cache';

type RecordingsFrom = import('zod/mini').infer<typeof RecordingsFromSchema>;

/** PostHog's own person page lists the last 30 days (its default elsewhere is 3), 20 at a time. */
export const PERSON_RECORDINGS_SINCE = '-30d';
export const PERSON_RECORDINGS_PAGE = 20;

export interface PersonLookupDeps {
  connection: () => Promise<Connection>;
  api: (
    connection: Connection,
    projectId: number,
  ) => Pick<PersonsApi, 'find' | 'findEmailAnyCase' | 'recordings'>;
  cache: PersonCacheStore;
  now?: () => number;
}

const isoOrNull = (value: string | null | undefined): string | null =>
  value && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : null;
const count = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;

/** A person as PostHog listed them, named as PostHog names them (else by email, id or UUID). */
export function personMatchOf(item: PersonListItem): PersonMatch {
  const email = item.properties?.email;
  const distinctIds = (item.distinct_ids ?? []).filter((id) => id.length <= 200);
  const named = String(item.name ?? '').trim();
  return {
    uuid: item.uuid,
    name: personText(named || (typeof email === 'string' ? email : '') || distinctIds[0] || item.uuid),
    email: typeof email === 'string' && email.trim() !== '' ? personText(email.trim()) : null,
    distinctIds: distinctIds.slice(0, 3),
    distinctIdCount: item.distinct_ids?.length ?? 0,
    createdAt: isoOrNull(item.created_at),
    lastSeenAt: isoOrNull(item.last_seen_at),
  };
}

/** A row of the person's list: the recording's face (item-links.ts) plus its activity, errors, watched. */
export function personRecordingOf(row: ListedRecording): PersonRecording {
  const face = faceOf(row);
  return {
    id: row.id,
    startTime: face.startTime,
    durationSeconds: face.durationSeconds,
    activeSeconds: count(row.active_seconds),
    startUrl: face.startUrl,
    errors: count(row.console_error_count),
    viewed: typeof row.viewed === 'boolean' ? row.viewed : null,
  };
}

function queryOf(ask: PersonAsk): PersonQuery {
  return { by: ask.by, value: ask.value };
}

/**
 * Who an ask finds. PostHog's `email=` is exact, case and all, so an email that finds no one is asked
 * again ignoring its case (`matchedBy` says so): "Ana@Acme.com" from a ticket finds ana@acme.com.
 */
async function findPersons(
  api: Pick<PersonsApi, 'find' | 'findEmailAnyCase'>,
  ask: PersonAsk,
): Promise<{ persons: PersonMatch[]; matchedBy?: 'email-any-case' }> {
  const exact = await api.find(queryOf(ask));
  if (exact.length > 0 || ask.by !== 'email') return { persons: exact.map(personMatchOf) };
  const anyCase = (await api.findEmailAnyCase(ask.value)).map(personMatchOf);
  return anyCase.length > 0 ? { persons: anyCase, matchedBy: 'email-any-case' } : { persons: [] };
}

/**
 * Who an ask finds and their recordings: one person lookup and one list per ask, each answer kept a
 * few minutes (asking again sends nothing). After PostHog throttles the recordings list, nothing is
 * sent to it before the wait it named is over: the wait is told again instead.
 */
export function createPersonLookup(deps: PersonLookupDeps) {
  const now = deps.now ?? Date.now;
  const { cache } = deps;
  const inflight = new Map<string, Promise<unknown>>();

  /** One request per key at a time: a second Enter joins the first. */
  function once<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = inflight.get(key);
    if (running) return running as Promise<T>;
    const task = run().finally(() => {
      if (inflight.get(key) === task) inflight.delete(key);
    });
    inflight.set(key, task);
    return task;
  }

  /**
   * Asks again when the cache was cleared while the answer was out (another key, or Forget key,
   * `cache.epoch`): an answer read with the old key is neither kept nor given, and with no key left
   * the new ask says so.
   */
  async function current<T>(ask: (since: number) => Promise<T>): Promise<T> {
    for (;;) {
      const since = cache.epoch();
      const answer = await ask(since);
      if (cache.epoch() === since) return answer;
    }
  }

  const find = (input: { ask: PersonAsk; projectId?: number }) => current((since) => findOnce(input, since));

  async function findOnce(input: { ask: PersonAsk; projectId?: number }, since: number) {
    const connection = await deps.connection();
    const projectId = input.projectId ?? connection.projectId;
    const key = `${connection.origin}|${projectId}|find|${input.ask.by}|${input.ask.value}`;
    const found = await once(key, async () => {
      const known = await cache.get<'persons'>(key);
      if (known) return known;
      const answer = await findPersons(deps.api(connection, projectId), input.ask);
      await cache.put(key, { kind: 'persons', ...answer }, since);
      return answer;
    });
    return {
      origin: connection.origin,
      projectId,
      persons: found.persons,
      ...(found.matchedBy ? { matchedBy: found.matchedBy } : {}),
    };
  }

  async function listPage(
    connection: Connection,
    projectId: number,
    personUuid: string,
    from?: RecordingsFrom,
  ) {
    const until = await cache.throttledUntil(connection.origin);
    if (until !== null) {
      // Sent now, it would only be refused again (and counted): the wait PostHog named, what is left of it.
      throw new AppError('rate-limited', { retryAfterSeconds: Math.ceil((until - now()) / 1000) });
    }
    try {
      return await deps.api(connection, projectId).recordings({
        personUuid,
        dateFrom: PERSON_RECORDINGS_SINCE,
        limit: PERSON_RECORDINGS_PAGE,
        ...(from ? { from } : {}),
      });
    } catch (error) {
      if (isAppError(error) && error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined) {
        await cache.throttle(connection.origin, now() + error.retryAfterSeconds * 1000);
      }
      throw error;
    }
  }

  const recordings = (input: { projectId: number; personUuid: string; from?: RecordingsFrom }) =>
    current((since) => recordingsOnce(input, since));

  async function recordingsOnce(
    input: { projectId: number; personUuid: string; from?: RecordingsFrom },
    since: number,
  ) {
    const connection = await deps.connection();
    const { projectId, personUuid, from } = input;
    const key = `${connection.origin}|${projectId}|recordings|${personUuid}|${JSON.stringify(from ?? null)}`;
    return once(key, async () => {
      const known = await cache.get<'recordings'>(key);
      if (known) return { recordings: known.recordings, next: known.next };
      const page = await listPage(connection, projectId, personUuid, from);
      const rows = page.results.filter((row) => isRecordingId(row.id)).map(personRecordingOf);
      const offset = (from && 'offset' in from ? from.offset : 0) + page.results.length;
      const next: RecordingsFrom | null = page.has_next
        ? page.next_cursor && page.next_cursor.length <= 500
          ? { after: page.next_cursor }
          : { offset }
        : null;
      await cache.put(key, { kind: 'recordings', recordings: rows, next }, since);
      return { recordings: rows, next };
    });
  }

  return {
    find,
    recordings,
    clear: () => {
      inflight.clear();
      return cache.clear();
    },
    /** Drops the answers past their time; when the next kept one expires. */
    sweep: () => cache.sweep(),
  };
}
export type PersonLookup = ReturnType<typeof createPersonLookup>;
