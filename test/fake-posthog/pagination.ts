export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface PageOptions {
  defaultLimit?: number;
  /** PostHog's playlist pagination clamps to 500; the global pagination has no maximum. */
  maxLimit?: number;
}

function positiveInt(raw: string | null, strict: boolean): number | null {
  if (raw === null || !/^-?\d+$/.test(raw.trim())) return null;
  const value = Number.parseInt(raw, 10);
  if (value < 0 || (strict && value === 0)) return null;
  return value;
}

/** DRF's replace_query_param: set one parameter, keep the others, sort them by name. */
function withQuery(url: URL, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(url.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  params.sort();
  const query = params.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** LimitOffsetPagination with absolute `next`/`previous` links built from the request URL. */
export function paginate<T>(items: readonly T[], url: URL, options: PageOptions = {}): Page<T> {
  const defaultLimit = options.defaultLimit ?? 100;
  let limit = positiveInt(url.searchParams.get('limit'), true) ?? defaultLimit;
  if (options.maxLimit !== undefined) limit = Math.min(limit, options.maxLimit);
  const offset = positiveInt(url.searchParams.get('offset'), false) ?? 0;
  const count = items.length;
  const next =
    offset + limit >= count ? null : withQuery(url, { limit: String(limit), offset: String(offset + limit) });
  let previous: string | null = null;
  if (offset > 0) {
    previous =
      offset - limit <= 0
        ? withQuery(url, { limit: String(limit), offset: null })
        : withQuery(url, { limit: String(limit), offset: String(offset - limit) });
  }
  return { count, next, previous, results: items.slice(offset, offset + limit) };
}
