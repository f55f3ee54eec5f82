import { performance } from 'node:perf_hooks';
import type { CollectionEntry } from '../lib/messaging/collection-entries';
import type { DashboardSummary } from '../lib/messaging/messages';
import { filterRows, orderCollections, toRows } from '../lib/stores/collection-picker-model';
import { buildSearchIndex, createIndexSearch, orderDashboards } from '../lib/stores/dashboard-search';
import { largeName } from '../test/fake-posthog/seeds/large';
import { KEYS } from './bench-large';
import { type RoundsPlan, roundsUntilStable, type TimedFigure } from './bench-rounds';
import { percentile } from './bench-session';

/**
 * The matching alone, in Node, over the same 10,000 names and the same keystrokes as the pages: what
 * the unit tests once timed ("< 16 ms per keystroke", "< 500 ms"). Beside the pages' figures it
 * tells matching from rendering.
 */
export interface MatchingFigures {
  /** Per round, the p95 of one keystroke's matching (ms); the figure is their median. */
  matchingP95At10k: { playlists: TimedFigure; dashboards: TimedFigure };
  rounds: { rounds: number; converged: boolean };
}

/** The query after each key of KEYS. */
export function queriesTyped(keys: readonly string[]): string[] {
  let query = '';
  return keys.map((key) => {
    query = key === 'Backspace' ? query.slice(0, -1) : query + key;
    return query;
  });
}

function timeEach(queries: readonly string[], match: (query: string) => unknown): number[] {
  return queries.map((query) => {
    const started = performance.now();
    match(query);
    return performance.now() - started;
  });
}

export async function measureMatching(plan: RoundsPlan, count = 10_000): Promise<MatchingFigures> {
  const numbers = Array.from({ length: count }, (_, index) => index + 1);
  const dashboards: DashboardSummary[] = numbers.map((id) => ({
    id,
    name: largeName(id),
    pinned: id % 50 === 0,
    shared: false,
    canEdit: true,
    restricted: false,
    tags: id % 7 === 0 ? ['weekly'] : [],
  }));
  const playlists: CollectionEntry[] = numbers.map((id) => ({
    shortId: `L${String(id).padStart(7, '0')}`,
    name: largeName(id),
    pinned: id % 100 === 0,
    kind: id % 10 === 0 ? 'filters' : 'collection',
  }));
  const queries = queriesTyped(KEYS);
  const outcome = await roundsUntilStable(plan, ['playlists', 'dashboards'], async () => {
    // Built afresh each round, as each page does: the dashboards' search keeps earlier queries.
    const rows = toRows(orderCollections(playlists, { recent: [] }), 'Untitled collection');
    const search = createIndexSearch(buildSearchIndex(orderDashboards(dashboards)));
    return {
      playlists: percentile(
        timeEach(queries, (query) => filterRows(rows, query)),
        95,
      ),
      dashboards: percentile(timeEach(queries, search), 95),
    };
  });
  return {
    matchingP95At10k: { playlists: outcome.figures.playlists, dashboards: outcome.figures.dashboards },
    rounds: { rounds: outcome.rounds, converged: outcome.converged },
  };
}
