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
export function withQuery(url: URL, changes: Record<string, string | null>): string {
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

export interface CursorPage<T> {
  next: string | null;
  previous: string | null;
  results: T[];
}

interface Cursor {
  offset: number;
  reverse: boolean;
  position: string | null;
}

/** DRF's `CursorPagination.decode_cursor`; null without `?cursor=`, 'invalid' for what it cannot read. */
function decodeCursor(encoded: string | null): Cursor | null | 'invalid' {
  if (encoded === null) return null;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return 'invalid';
  const tokens = new URLSearchParams(Buffer.from(encoded, 'base64').toString('latin1'));
  const offsetText = tokens.get('o') ?? '0';
  const reverseText = tokens.get('r') ?? '0';
  if (!/^\s*[+-]?\d+\s*$/.test(offsetText) || !/^\s*[+-]?\d+\s*$/.test(reverseText)) return 'invalid';
  const offset = Number.parseInt(offsetText, 10);
  if (offset < 0) return 'invalid';
  return { offset, reverse: Number.parseInt(reverseText, 10) !== 0, position: tokens.get('p') };
}

function encodeCursor(url: URL, cursor: Cursor): string {
  const tokens = new URLSearchParams();
  if (cursor.offset !== 0) tokens.set('o', String(cursor.offset));
  if (cursor.reverse) tokens.set('r', '1');
  if (cursor.position !== null) tokens.set('p', cursor.position);
  return withQuery(url, { cursor: Buffer.from(tokens.toString(), 'latin1').toString('base64') });
}

export interface CursorOptions<T> {
  pageSize: number;
  /** The ordering field as Python's `str()` writes it (DRF's `_get_position_from_instance`). */
  positionOf(item: T): string;
  /** The position as a number, for the `__lt` / `__gt` filter; NaN when the database could not read it. */
  valueOf(position: string): number;
}

/**
 * DRF's `CursorPagination` over items already in the descending ordering (`-field`): `{next, previous,
 * results}`, no count, `?cursor=` links (base64 of `o`, `r`, `p`). 'invalid' → 404 "Invalid cursor";
 * 'unreadable' → the database's error on a position that is no value (PostHog: 500).
 */
export function cursorPaginate<T>(
  items: readonly T[],
  url: URL,
  options: CursorOptions<T>,
): CursorPage<T> | 'invalid' | 'unreadable' {
  const cursor = decodeCursor(url.searchParams.get('cursor'));
  if (cursor === 'invalid') return 'invalid';
  const { offset = 0, reverse = false, position = null } = cursor ?? {};
  const { pageSize, positionOf } = options;
  let ordered = reverse ? [...items].reverse() : [...items];
  if (position !== null) {
    const at = options.valueOf(position);
    if (Number.isNaN(at)) return 'unreadable';
    ordered = ordered.filter((item) => {
      const value = options.valueOf(positionOf(item));
      return reverse ? value > at : value < at;
    });
  }
  const window = ordered.slice(offset, offset + pageSize + 1);
  const page = window.slice(0, pageSize);
  const following = window.length > page.length ? positionOf(window[window.length - 1] as T) : null;
  if (reverse) page.reverse();
  const moved = position !== null || offset > 0;
  const hasNext = reverse ? moved : following !== null;
  const hasPrevious = reverse ? following !== null : moved;
  const nextPosition = reverse ? position : following;
  const previousPosition = reverse ? following : position;

  const marker = (walk: readonly T[], start: string | null) => {
    let compare = start;
    let skipped = 0;
    for (const item of walk) {
      const here = positionOf(item);
      if (here !== compare) return { unique: true, offset: skipped, position: here };
      compare = here;
      skipped += 1;
    }
    return { unique: false, offset: skipped, position: compare };
  };

  let next: string | null = null;
  if (hasNext) {
    const last = page[page.length - 1];
    const start = last !== undefined && cursor?.reverse && cursor.offset ? positionOf(last) : nextPosition;
    let found = marker([...page].reverse(), start);
    if (page.length > 0 && !found.unique) {
      if (!hasPrevious) found = { unique: false, offset: pageSize, position: null };
      else if (cursor?.reverse) found = { unique: false, offset: 0, position: previousPosition };
      else found = { unique: false, offset: (cursor?.offset ?? 0) + pageSize, position: previousPosition };
    }
    if (page.length === 0) found = { ...found, position: nextPosition };
    next = encodeCursor(url, { offset: found.offset, reverse: false, position: found.position });
  }
  let previous: string | null = null;
  if (hasPrevious) {
    const first = page[0];
    const start =
      first !== undefined && cursor && !cursor.reverse && cursor.offset
        ? positionOf(first)
        : previousPosition;
    let found = marker(page, start);
    if (page.length > 0 && !found.unique) {
      if (!hasNext) found = { unique: false, offset: pageSize, position: null };
      else if (cursor?.reverse)
        found = { unique: false, offset: (cursor?.offset ?? 0) + pageSize, position: nextPosition };
      else found = { unique: false, offset: 0, position: nextPosition };
    }
    if (page.length === 0) found = { ...found, position: previousPosition };
    previous = encodeCursor(url, { offset: found.offset, reverse: true, position: found.position });
  }
  return { next, previous, results: page };
}
