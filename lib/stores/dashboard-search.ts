import type { DashboardSummary } from '../messaging/messages';
import { t } from '../platform/i18n';

/** One dashboard's searchable text, normalised once when the list arrives (not on every keystroke). */
export interface SearchEntry {
  id: number;
  key: string;
}

/** Case and accents do not matter: "café" is found by "cafe", "KPIs" by "kpis". */
export function normaliseForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function dashboardDisplayName(dashboard: Pick<DashboardSummary, 'id' | 'name'>): string {
  return dashboard.name ?? t('contextDashboardNumber', dashboard.id);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Pinned first, then by name as people read it ("#2" before "#10"), unnamed ones last. */
export function orderDashboards(dashboards: readonly DashboardSummary[]): DashboardSummary[] {
  return [...dashboards].sort((a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
    if ((a.name === null) !== (b.name === null)) return a.name === null ? 1 : -1;
    return collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id;
  });
}

/** The index in display order: name, tags and id, so "#42", "weekly" or "kpi" all find. */
export function buildSearchIndex(ordered: readonly DashboardSummary[]): SearchEntry[] {
  return ordered.map((dashboard) => ({
    id: dashboard.id,
    key: normaliseForSearch(
      [dashboardDisplayName(dashboard), ...dashboard.tags, `#${dashboard.id}`].join(' '),
    ),
  }));
}

const wordsOf = (query: string) => normaliseForSearch(query).split(/\s+/).filter(Boolean);

function entriesHolding(entries: readonly SearchEntry[], words: readonly string[]): SearchEntry[] {
  const found: SearchEntry[] = [];
  for (const entry of entries) {
    let all = true;
    for (const word of words) {
      if (!entry.key.includes(word)) {
        all = false;
        break;
      }
    }
    if (all) found.push(entry);
  }
  return found;
}

/** Ids of the entries holding every word of the query, in index order. */
export function filterIndex(index: readonly SearchEntry[], query: string): number[] {
  return entriesHolding(index, wordsOf(query)).map((entry) => entry.id);
}

interface Found {
  entries: readonly SearchEntry[];
  ids: readonly number[];
}

/** Queries whose matches are kept, so erasing letters finds them again without a search. */
const QUERIES_KEPT = 24;

/**
 * `filterIndex` keystroke after keystroke over one index. A query that extends an earlier one (its
 * normalised words start the same way) can only match fewer entries, so only those are searched; the
 * last few queries are kept, so erasing costs nothing; and the same matches come back as the same
 * array, so whatever shows them need not render again.
 */
export function createIndexSearch(index: readonly SearchEntry[]): (query: string) => readonly number[] {
  const everything: Found = { entries: index, ids: index.map((entry) => entry.id) };
  const kept = new Map<string, Found>([['', everything]]);
  return (query) => {
    const words = wordsOf(query);
    const key = words.join(' ');
    const known = kept.get(key);
    if (known) return known.ids;
    // The longest kept query this one extends: every match of this one is among its matches.
    let base = everything;
    let baseLength = -1;
    for (const [keptKey, found] of kept) {
      if (keptKey.length > baseLength && key.startsWith(keptKey)) {
        base = found;
        baseLength = keptKey.length;
      }
    }
    const entries = entriesHolding(base.entries, words);
    const found = entries.length === base.entries.length ? base : { entries, ids: entries.map((e) => e.id) };
    if (kept.size > QUERIES_KEPT) {
      const oldest = [...kept.keys()].find((keptKey) => keptKey !== '');
      if (oldest !== undefined) kept.delete(oldest);
    }
    kept.set(key, found);
    return found.ids;
  };
}
