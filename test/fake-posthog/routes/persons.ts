import { fail, notFound, validationError } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import { personJson, serializedPersonJson } from '../serializers/persons';
import type { Person } from '../state';

const DEFAULT_PAGE_LIMIT = 100;
const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const normalUuid = (value: string) => value.replace(/-/g, '').toLowerCase();

/** Python's `int()` of a query value, as `Filter`'s `limit` / `offset` read it (else the default). */
function intParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name)?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : fallback;
}

/** `posthog.utils.format_query_params_absolute_url`: `offset` replaced in, or appended to, the URL as sent. */
function withOffset(url: URL, offset: number): string {
  const href = url.href;
  if (!offset) return href;
  if (/([&?]offset=)(\d+)/.test(href)) return href.replace(/([&?]offset=)(\d+)/, `$1${offset}`);
  return `${href}${href.includes('?') ? '&' : '?'}offset=${offset}`;
}

/**
 * `PersonQuery`'s filters (`posthog/queries/person_query.py`): `email` is the person property exact
 * (`_get_email_clause`); `distinct_id` exact (`_get_distinct_id_clause`); `search` is the `email`
 * property icontains OR a distinct id exact OR, when the value is a UUID, the person's UUID
 * (`_get_search_clauses`). Persons created more than a day ahead are left out (`filter_future_persons`).
 */
function matches(person: Person, url: URL, now: number): boolean {
  if (Date.parse(person.createdAt) >= now + 86_400_000) return false;
  const email = url.searchParams.get('email');
  if (email && person.properties.email !== email) return false;
  const distinctId = url.searchParams.get('distinct_id');
  if (distinctId && !person.distinctIds.includes(distinctId)) return false;
  const search = url.searchParams.get('search');
  if (search) {
    const property = person.properties.email;
    const byEmail = typeof property === 'string' && property.toLowerCase().includes(search.toLowerCase());
    const byUuid = UUID.test(search) && normalUuid(search) === normalUuid(person.uuid);
    if (!byEmail && !person.distinctIds.includes(search) && !byUuid) return false;
  }
  return true;
}

/**
 * `PersonViewSet.list` (`posthog/api/person.py`): a hand-built page, `{results, next, previous}` (+
 * `count` with `include_total`), newest persons first (`ORDER BY created_at DESC, id DESC`), `limit`
 * 100 by default; `next` whenever the page is full.
 */
export function listPersons(ctx: ProjectCtx): Reply {
  const { url } = ctx;
  const limit = intParam(url, 'limit', 0) || DEFAULT_PAGE_LIMIT;
  const offset = intParam(url, 'offset', 0);
  const now = Date.now();
  const found = ctx.state.persons
    .filter((person) => person.projectId === ctx.project.id && matches(person, url, now))
    .sort(
      (a, b) =>
        Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
        normalUuid(b.uuid).localeCompare(normalUuid(a.uuid)),
    );
  const page = found.slice(offset, offset + limit);
  return {
    status: 200,
    json: {
      results: page.map(serializedPersonJson),
      next: page.length >= limit ? withOffset(url, offset + limit) : null,
      previous: offset - limit >= 0 ? withOffset(url, offset - limit) : null,
      ...(url.searchParams.has('include_total') ? { count: found.length } : {}),
    },
  };
}

/**
 * `PersonViewSet.retrieve` by `get_pk_or_uuid`: a UUID looks the person up by UUID, anything else by
 * the integer pk; what is neither (a distinct id) is refused with PostHog's hint; none → 404.
 */
export function retrievePerson(ctx: ProjectCtx): Reply {
  const key = ctx.params.id ?? '';
  const inProject = ctx.state.persons.filter((person) => person.projectId === ctx.project.id);
  let person: Person | undefined;
  if (UUID.test(key)) person = inProject.find((candidate) => normalUuid(candidate.uuid) === normalUuid(key));
  else if (/^-?\d+$/.test(key.trim())) person = inProject.find((candidate) => candidate.id === Number(key));
  else {
    return fail(
      validationError(
        `The ID provided does not look like a personID. If you are using a distinctId, please use /persons?distinct_id=${key} instead.`,
        null,
        'invalid',
      ),
    );
  }
  if (!person) return fail(notFound());
  return { status: 200, json: personJson(person) };
}
