import { t } from '../i18n';
import type { DashboardSummary } from '../messages';

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

/** Ids of the entries holding every word of the query, in index order. */
export function filterIndex(index: readonly SearchEntry[], query: string): number[] {
  const words = normaliseForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return index.map((entry) => entry.id);
  const ids: number[] = [];
  for (const entry of index) {
    if (words.every((word) => entry.key.includes(word))) ids.push(entry.id);
  }
  return ids;
}
