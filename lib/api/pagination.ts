import type { z } from 'zod/mini';
import { paginated } from './schema/paginated';
import type { SearchParams, Transport } from './transport';

/** A server that keeps inventing `next` links must not keep us busy forever. */
const MAX_PAGES = 10_000;

export interface PageOptions {
  limit?: number;
  offset?: number;
}

export interface AllPagesOptions {
  /** Pages fetched at once (default 4). */
  concurrency?: number;
  /** Page size to ask for (default: the server's). */
  limit?: number;
}

export interface Page<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

/** `limit`/`offset` listing of one collection, shared by dashboards and playlists. */
export function createPager<Schema extends z.ZodMiniType>(
  transport: Transport,
  path: () => string,
  item: Schema,
  idOf: (item: z.infer<Schema>) => unknown,
) {
  type Item = z.infer<Schema>;
  const pageSchema = paginated(item);

  async function fetchPage(pathAndQuery: string, searchParams?: SearchParams): Promise<Page<Item>> {
    const page = await transport.request({
      method: 'GET',
      path: pathAndQuery,
      searchParams,
      schema: pageSchema,
    });
    return {
      count: page.count,
      next: page.next ?? null,
      previous: page.previous ?? null,
      results: page.results as Item[],
    };
  }

  async function list(params: SearchParams = {}): Promise<Page<Item>> {
    return fetchPage(path(), params);
  }

  /** Every item, page after page, following `next` as the server wrote it. */
  async function* all(params: SearchParams = {}): AsyncGenerator<Item, void, undefined> {
    const seen = new Set<string>();
    let page = await list(params);
    for (;;) {
      yield* page.results;
      // An empty page that still points further is a server going round in circles.
      if (!page.next || page.results.length === 0) return;
      const nextPath = transport.sameOriginPath(page.next);
      // A server that keeps pointing at the same page would otherwise loop forever.
      if (seen.has(nextPath) || seen.size >= MAX_PAGES) return;
      seen.add(nextPath);
      page = await fetchPage(nextPath);
    }
  }

  /**
   * Every item, fetching the remaining pages `concurrency` at a time once the first answer tells the
   * total and the page size (from `limit`/`offset` in its `next` link). Falls back to following
   * `next` one by one when the link does not carry them. Items are returned in page order, once each.
   */
  async function allPages(params: SearchParams = {}, options: AllPagesOptions = {}): Promise<Item[]> {
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
    const first = await list({ ...params, ...(options.limit === undefined ? {} : { limit: options.limit }) });
    const pages: Page<Item>[] = [first];
    const template = first.next ? new URL(transport.sameOriginPath(first.next), 'http://x') : null;
    const limit = Number(template?.searchParams.get('limit'));
    const offset = Number(template?.searchParams.get('offset'));
    if (
      template &&
      first.results.length > 0 &&
      Number.isSafeInteger(limit) &&
      limit > 0 &&
      Number.isSafeInteger(offset) &&
      offset > 0
    ) {
      const offsets: number[] = [];
      for (let next = offset; next < first.count && offsets.length < MAX_PAGES; next += limit)
        offsets.push(next);
      const fetched: Array<Page<Item> | undefined> = new Array(offsets.length);
      let cursor = 0;
      // The count may be wrong (items deleted meanwhile, or a server that lies): an empty or last
      // page stops further requests.
      let exhausted = false;
      const worker = async () => {
        while (!exhausted && cursor < offsets.length) {
          const index = cursor++;
          const url = new URL(template);
          url.searchParams.set('offset', String(offsets[index]));
          const page = await fetchPage(`${url.pathname}${url.search}`);
          fetched[index] = page;
          if (page.results.length === 0 || !page.next) exhausted = true;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, offsets.length) }, worker));
      for (const page of fetched) if (page) pages.push(page);
    }
    // Whatever is left (items added meanwhile, or links without limit/offset) is followed one by one.
    const seen = new Set<string>();
    let last = pages[pages.length - 1];
    while (last?.next && last.results.length > 0) {
      const nextPath = transport.sameOriginPath(last.next);
      if (seen.has(nextPath) || pages.length >= MAX_PAGES) break;
      seen.add(nextPath);
      last = await fetchPage(nextPath);
      pages.push(last);
    }
    const ids = new Set<unknown>();
    const items: Item[] = [];
    for (const page of pages) {
      for (const entry of page.results) {
        const id = idOf(entry);
        if (ids.has(id)) continue;
        ids.add(id);
        items.push(entry);
      }
    }
    return items;
  }

  return { list, all, allPages, fetchPage };
}
