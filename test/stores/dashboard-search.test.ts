import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  createIndexSearch,
  filterIndex,
  normaliseForSearch,
  orderDashboards,
} from '../../lib/stores/dashboard-search';
import { scrollToShow, visibleWindow } from '../../lib/stores/dashboard-window';
import { dashboardSummary } from '../support/dashboard-summary';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

describe('dashboard order', () => {
  it('puts pinned first, then names as people read them, unnamed ones last', () => {
    const ordered = orderDashboards([
      dashboardSummary(1, { name: 'Sales #10' }),
      dashboardSummary(2, { name: null }),
      dashboardSummary(3, { name: 'sales #2' }),
      dashboardSummary(4, { name: 'Zeta', pinned: true }),
      dashboardSummary(5, { name: 'Alpha' }),
      dashboardSummary(6, { name: null, pinned: true }),
      dashboardSummary(7, { name: 'alpha' }),
    ]);
    expect(ordered.map((d) => d.id)).toEqual([4, 6, 5, 7, 3, 1, 2]);
  });
});

describe('dashboard search', () => {
  const index = buildSearchIndex(
    orderDashboards([
      dashboardSummary(1, { name: 'Product KPIs', pinned: true }),
      dashboardSummary(2, { name: 'Marketing', tags: ['weekly'] }),
      dashboardSummary(3, { name: 'Café funnel' }),
      dashboardSummary(42, { name: null }),
    ]),
  );

  it.each([
    ['', [1, 3, 2, 42]],
    ['   ', [1, 3, 2, 42]],
    ['kpi', [1]],
    ['KPIS product', [1]],
    ['product missing', []],
    ['cafe', [3]],
    ['CAFÉ', [3]],
    ['weekly', [2]],
    ['#42', [42]],
    ['dashboard 42', [42]],
  ])('%j finds %j', (query, ids) => {
    expect(filterIndex(index, query)).toEqual(ids);
  });

  it('normalises case and accents', () => {
    expect(normaliseForSearch('Ångström Éclair')).toBe('angstrom eclair');
  });

  it('filters 10,000 dashboards on every keystroke (how fast is the bench’s figure, not a test)', () => {
    const many = orderDashboards(
      Array.from({ length: 10_000 }, (_, i) =>
        dashboardSummary(i + 1, { name: `Pricing alerts (APAC) #${i + 1}` }),
      ),
    );
    const big = buildSearchIndex(many);
    for (const query of ['p', 'pr', 'pri', 'pric', 'apac 99'])
      expect(filterIndex(big, query).length).toBeGreaterThan(0);
    expect(filterIndex(big, '#9999')).toEqual([9999]);
    expect(filterIndex(big, 'apac #9999')).toEqual([9999]);
  });
});

describe('searching keystroke after keystroke', () => {
  const index = buildSearchIndex(
    orderDashboards(
      Array.from({ length: 2_000 }, (_, i) =>
        dashboardSummary(i + 1, {
          name: `${['Checkout', 'Onboarding', 'Café'][i % 3]} ${['errors', 'funnel'][i % 2]} #${i + 1}`,
          pinned: i % 50 === 0,
          tags: i % 7 === 0 ? ['weekly'] : [],
        }),
      ),
    ),
  );
  const typed = (text: string) => [...text].map((_, i) => text.slice(0, i + 1));
  const queries = [
    ...typed('onboarding errors'),
    'onboarding erro',
    'onboarding',
    'onb',
    '',
    ...typed('cafe  weekly'),
    'CAFÉ',
    'café #1',
    'cafe #12',
    'missing',
    'c',
  ];

  it('finds what filterIndex finds, in the same order, whatever was typed before', () => {
    const search = createIndexSearch(index);
    for (const query of queries) expect([...search(query)], query).toEqual(filterIndex(index, query));
  });

  it('answers the same matches with the same array, typing on or erasing', () => {
    const search = createIndexSearch(index);
    const onboarding = search('onboarding');
    // Every "Onboarding" dashboard holds "onboarding": the next letters change nothing.
    expect(search('Onboarding ')).toBe(onboarding);
    const erased = search('onb');
    expect(search('onbo')).toBe(erased);
    expect(search('onb')).toBe(erased);
    expect(search('')).toBe(search('   '));
  });

  it('keeps only a few queries', () => {
    const search = createIndexSearch(index);
    for (let i = 0; i < 200; i++) search(`#${i}`);
    expect([...search('#1')]).toEqual(filterIndex(index, '#1'));
  });
});

describe('the row window', () => {
  it('renders only the rows in view plus a few, wherever the list is scrolled', () => {
    const at = (scrollTop: number) =>
      visibleWindow({ scrollTop, viewportHeight: 480, rowHeight: 48, count: 10_000, overscan: 5 });
    expect(at(0)).toEqual({ start: 0, end: 16, totalHeight: 480_000 });
    expect(at(48_000)).toEqual({ start: 995, end: 1016, totalHeight: 480_000 });
    const bottom = at(10e9);
    expect(bottom.end).toBe(10_000);
    expect(bottom.end - bottom.start).toBeLessThan(30);
  });

  it('handles short and empty lists', () => {
    expect(visibleWindow({ scrollTop: 0, viewportHeight: 480, rowHeight: 48, count: 3 })).toEqual({
      start: 0,
      end: 3,
      totalHeight: 144,
    });
    expect(visibleWindow({ scrollTop: 100, viewportHeight: 480, rowHeight: 48, count: 0 })).toEqual({
      start: 0,
      end: 0,
      totalHeight: 0,
    });
  });

  it('scrolls just enough to show the active row', () => {
    const view = { scrollTop: 480, viewportHeight: 480, rowHeight: 48 };
    expect(scrollToShow(12, view)).toBeNull();
    expect(scrollToShow(5, view)).toBe(240);
    expect(scrollToShow(25, view)).toBe(25 * 48 + 48 - 480);
  });
});
