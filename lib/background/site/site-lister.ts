import type { RecordingsFrom } from '../../api/persons';
import type { ListedRecording, RecordingList } from '../../api/schema/person';
import type { SearchParams } from '../../api/transport';
import type { SiteRecording, SiteRecordingsInput } from '../../messaging/site-messages';
import { AppError, isAppError } from '../../platform/errors';
import { isRecordingId } from '../../posthog/context-ids';
import {
  type FilterForm,
  type VisitedPageQuery,
  visitedPagePattern,
  visitedPageSearch,
} from '../../posthog/visited-page';
import { personRecordingOf } from '../persons/person-lookup';
import type { Connection } from '../settings/settings';
import { faceOf } from '../share-links/item-links';
import type { CachedList, SiteCacheStore } from './site-cache';

/** 20 at a time, as PostHog's own list pages. */
export const SITE_RECORDINGS_PAGE = 20;

/** A URL no recording visited: asked once per PostHog to learn which filter form it knows. */
const PROBE_PATTERN = 'https://hogmark.invalid/probe';

export interface SiteListerDeps {
  /** `GET session_recordings/` of a project; `probe` asks once, never again (each list counts). */
  list: (
    connection: Connection,
    projectId: number,
    search: SearchParams,
    options: { from?: RecordingsFrom; probe?: boolean },
  ) => Promise<RecordingList>;
  cache: SiteCacheStore;
  /** PostHog's listing wait per origin, shared with every other recordings list (the persons room's). */
  wait: ListingWait;
  now?: () => number;
}

export interface ListingWait {
  throttledUntil(origin: string): Promise<number | null>;
  throttle(origin: string, until: number): Promise<void>;
}

/** A row of the list: the person page's face plus who it is (as PostHog names them). */
export function siteRecordingOf(row: ListedRecording): SiteRecording {
  return { ...personRecordingOf(row), person: faceOf(row).person };
}

/**
 * The recordings that visited the tab's page. The filter form is chosen once per PostHog origin by a
 * probe (../shared/reference/posthog-site-recordings.md §4.4): the `visited_page` recording property
 * with `exact` on an address nobody visits; an error or any row (an old server ignoring it) means the
 * older `$pageview` form. Each page is kept five minutes, and after PostHog throttles the listing
 * nothing is sent until the wait it named is over.
 */
export function createSiteLister(deps: SiteListerDeps) {
  const now = deps.now ?? Date.now;
  const { cache } = deps;
  const inflight = new Map<string, Promise<CachedList>>();

  async function guarded<T>(origin: string, run: () => Promise<T>): Promise<T> {
    const until = await deps.wait.throttledUntil(origin);
    if (until !== null)
      throw new AppError('rate-limited', { retryAfterSeconds: Math.ceil((until - now()) / 1000) });
    try {
      return await run();
    } catch (error) {
      if (isAppError(error) && error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined) {
        await deps.wait.throttle(origin, now() + error.retryAfterSeconds * 1000);
      }
      throw error;
    }
  }

  async function formOf(connection: Connection, projectId: number): Promise<FilterForm> {
    const known = await cache.form(connection.origin);
    if (known) return known;
    const since = cache.epoch();
    const search = {
      ...visitedPageSearch('recording-property', { pattern: PROBE_PATTERN, days: 7 }, 1),
      properties: JSON.stringify([
        { type: 'recording', key: 'visited_page', operator: 'exact', value: PROBE_PATTERN },
      ]),
    };
    let form: FilterForm;
    try {
      const answer = await guarded(connection.origin, () =>
        deps.list(connection, projectId, search, { probe: true }),
      );
      form = answer.results.length === 0 ? 'recording-property' : 'pageview-event';
    } catch (error) {
      // Throttled, offline, signed out: nothing learnt of the server, the list says why.
      if (!isAppError(error) || !['server', 'validation', 'invalid-input', 'not-found'].includes(error.kind))
        throw error;
      form = 'pageview-event';
    }
    await cache.setForm(connection.origin, form, since);
    return form;
  }

  return {
    async list(connection: Connection, input: SiteRecordingsInput, tabUrl: string) {
      const pattern = visitedPagePattern(tabUrl, input.range);
      if (pattern === null) throw new AppError('invalid-input', { detail: 'not a web page' });
      const query: VisitedPageQuery = { pattern, days: input.days };
      const key = [
        connection.origin,
        input.projectId,
        pattern,
        input.days,
        JSON.stringify(input.from ?? null),
      ].join('|');
      const known = await cache.get('lists', key);
      if (known) return { ...known, query };
      const running = inflight.get(key);
      if (running) return { ...(await running), query };
      const task = (async () => {
        const since = cache.epoch();
        const form = await formOf(connection, input.projectId);
        const search = visitedPageSearch(form, query, SITE_RECORDINGS_PAGE);
        const page = await guarded(connection.origin, () =>
          deps.list(connection, input.projectId, search, input.from ? { from: input.from } : {}),
        );
        const recordings = page.results.filter((row) => isRecordingId(row.id)).map(siteRecordingOf);
        const offset = (input.from && 'offset' in input.from ? input.from.offset : 0) + page.results.length;
        const next: RecordingsFrom | null = page.has_next
          ? page.next_cursor && page.next_cursor.length <= 500
            ? { after: page.next_cursor }
            : { offset }
          : null;
        const answer = { recordings, next };
        await cache.put('lists', key, answer, since);
        return answer;
      })().finally(() => inflight.delete(key));
      inflight.set(key, task);
      return { ...(await task), query };
    },
  };
}
export type SiteLister = ReturnType<typeof createSiteLister>;
