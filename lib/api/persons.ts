import { AppError } from '../platform/errors';
import { type ProjectRef, projectPath, segment } from './paths';
import {
  type PersonListItem,
  PersonPageSchema,
  PersonSchema,
  type RecordingList,
  RecordingListSchema,
} from './schema/person';
import type { Transport } from './transport';

/** How a person is looked for (reference §3): one request each. */
export type PersonQuery =
  /** The `email` property, exact: case and all (`Ana@Acme.com` does not find `ana@acme.com`). */
  | { by: 'email'; value: string }
  /** The email contains it, or a distinct id or the person's UUID equals it. */
  | { by: 'search'; value: string }
  | { by: 'distinct-id'; value: string }
  /** `GET persons/{uuid}/`, for a link to a person's page. */
  | { by: 'uuid'; value: string };

/** Persons offered to choose from at most: more than that, and the ask is too vague to list. */
export const PERSONS_LIMIT = 20;

/**
 * Persons read for an email asked ignoring its case: PostHog's `search` matches any email that
 * contains it, newest persons first, so a page of its default size is read to find the few whose
 * email is the one asked.
 */
const ANY_CASE_PAGE = 100;

/** Where a page of a person's recordings starts: PostHog's cursor when it gave one, else an offset. */
export type RecordingsFrom = { after: string } | { offset: number };

/**
 * Persons and a person's recordings (`person:read`, `session_recording:read`). The recordings list
 * takes an explicit `date_from` (PostHog's default is the last 3 days) and answers its own shape.
 */
export function createPersonsApi(transport: Transport, project: ProjectRef) {
  return {
    async find(query: PersonQuery): Promise<PersonListItem[]> {
      if (query.by === 'uuid') {
        try {
          const person = await transport.request({
            method: 'GET',
            path: projectPath(project, 'persons', segment(query.value, 'person id')),
            schema: PersonSchema,
          });
          return [person];
        } catch (error) {
          if (error instanceof AppError && error.kind === 'not-found') return [];
          throw error;
        }
      }
      const name = query.by === 'distinct-id' ? 'distinct_id' : query.by;
      const page = await transport.request({
        method: 'GET',
        path: projectPath(project, 'persons'),
        searchParams: { [name]: query.value, limit: PERSONS_LIMIT },
        schema: PersonPageSchema,
      });
      return page.results;
    },

    /**
     * The persons whose `email` is `email` ignoring case: PostHog's `email=` is exact, its `search=` is
     * the email containing it in any case (`person_query.py`, `_get_search_clauses`: `icontains`), so
     * one search, of which only those whose email equals it but for case are kept.
     */
    async findEmailAnyCase(email: string): Promise<PersonListItem[]> {
      const page = await transport.request({
        method: 'GET',
        path: projectPath(project, 'persons'),
        searchParams: { search: email, limit: ANY_CASE_PAGE },
        schema: PersonPageSchema,
      });
      const wanted = email.toLowerCase();
      return page.results
        .filter((person) => {
          const found = person.properties?.email;
          return typeof found === 'string' && found.trim().toLowerCase() === wanted;
        })
        .slice(0, PERSONS_LIMIT);
    },

    /** One page of the person's recordings since `dateFrom` (`-30d`), newest first. */
    async recordings(input: {
      personUuid: string;
      dateFrom: string;
      limit: number;
      from?: RecordingsFrom;
    }): Promise<RecordingList> {
      const from = input.from;
      return transport.request({
        method: 'GET',
        path: projectPath(project, 'session_recordings'),
        searchParams: {
          person_uuid: input.personUuid,
          date_from: input.dateFrom,
          limit: input.limit,
          ...(from && 'after' in from ? { after: from.after } : {}),
          ...(from && 'offset' in from && from.offset > 0 ? { offset: from.offset } : {}),
        },
        schema: RecordingListSchema,
      });
    },
  };
}
export type PersonsApi = ReturnType<typeof createPersonsApi>;
