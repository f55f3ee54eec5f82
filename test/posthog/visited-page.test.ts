import { describe, expect, it } from 'vitest';
import {
  openAllUrl,
  re2Escape,
  sessionNowUrl,
  visitedPagePattern,
  visitedPageSearch,
} from '../../lib/posthog/visited-page';

/** ClickHouse's `match` finds the pattern anywhere; the patterns are anchored, so JS's test agrees for them. */
const matches = (pattern: string | null, url: string) => pattern !== null && new RegExp(pattern).test(url);

describe('visitedPagePattern', () => {
  it.each([
    ['https://shop.acme.com/checkout', 'https://shop.acme.com/checkout', true],
    ['https://shop.acme.com/checkout', 'https://shop.acme.com/checkout/', true],
    ['https://shop.acme.com/checkout/', 'https://shop.acme.com/checkout', true],
    ['https://shop.acme.com/checkout', 'https://shop.acme.com/checkout?step=2&utm_source=x', true],
    ['https://shop.acme.com/checkout', 'https://shop.acme.com/checkout#top', true],
    ['https://shop.acme.com/checkout', 'https://shop.acme.com/checkout-success', false],
    ['https://shop.acme.com/checkout', 'https://shop.acme.com/checkout/done', false],
    ['https://shop.acme.com/checkout', 'http://shop.acme.com/checkout', false],
    ['https://shop.acme.com/checkout', 'https://www.shop.acme.com/checkout', false],
    ['https://shop.acme.com/checkout', 'https://evil.com/?https://shop.acme.com/checkout', false],
    ['https://shop.acme.com/', 'https://shop.acme.com', true],
    ['https://shop.acme.com/', 'https://shop.acme.com/?ref=ad', true],
    ['https://shop.acme.com/', 'https://shop.acme.com/pricing', false],
  ])('"this page" of %s matches %s: %s', (tab, visited, expected) => {
    expect(matches(visitedPagePattern(tab, 'page'), visited)).toBe(expected);
  });

  it.each([
    ['https://shop.acme.com/docs', 'https://shop.acme.com/docs', true],
    ['https://shop.acme.com/docs', 'https://shop.acme.com/docs/', true],
    ['https://shop.acme.com/docs', 'https://shop.acme.com/docs/install/linux?x=1', true],
    ['https://shop.acme.com/docs/', 'https://shop.acme.com/docs/install', true],
    ['https://shop.acme.com/docs', 'https://shop.acme.com/docsearch', false],
    ['https://shop.acme.com/docs', 'https://shop.acme.com/blog/docs', false],
    ['https://shop.acme.com/', 'https://shop.acme.com/anything/at/all', true],
  ])('"this path and below" of %s matches %s: %s', (tab, visited, expected) => {
    expect(matches(visitedPagePattern(tab, 'below'), visited)).toBe(expected);
  });

  it('never carries the tab’s query or fragment', () => {
    const pattern = visitedPagePattern(
      'https://shop.acme.com/a?email=ana%40acme.com&token=s3cret#frag',
      'page',
    );
    expect(pattern).not.toMatch(/email|s3cret|frag/);
  });

  it('escapes regex metacharacters in the path, so they match only themselves', () => {
    const tab = 'https://shop.acme.com/a.b/(x)+[y]{2}|z$^*';
    const pattern = visitedPagePattern(tab, 'page');
    expect(matches(pattern, new URL(tab).href)).toBe(true);
    expect(matches(pattern, 'https://shop.acme.com/aXb/(x)+[y]{2}|z$^*')).toBe(false);
    expect(matches(pattern, 'https://shop.acme.com/a.b/xx[y]yy|z$^')).toBe(false);
  });

  it('matches an IDN as the browser writes location.href: in punycode', () => {
    const pattern = visitedPagePattern('https://bücher.example/kasse', 'page');
    expect(pattern).toContain('xn--bcher-kva');
    expect(matches(pattern, 'https://xn--bcher-kva.example/kasse?x')).toBe(true);
  });

  it.each([
    ['https://shop.acme.com:8443/cart', 'https://shop.acme.com:8443/cart', true],
    ['https://shop.acme.com:8443/cart', 'https://shop.acme.com/cart', false],
    ['https://shop.acme.com:443/cart', 'https://shop.acme.com/cart', true],
    ['http://localhost:3000/cart', 'http://localhost:3000/cart/', true],
  ])('keeps the port the browser keeps: %s matches %s: %s', (tab, visited, expected) => {
    expect(matches(visitedPagePattern(tab, 'page'), visited)).toBe(expected);
  });

  it('never sends a hash-routed app’s route, which may carry anything', () => {
    const pattern = visitedPagePattern('https://app.acme.com/#/callback?token=s3cret', 'page');
    expect(pattern).not.toMatch(/callback|s3cret/);
    expect(matches(pattern, 'https://app.acme.com/#/settings')).toBe(true);
  });

  it('matches a percent-encoded path as the browser encodes it', () => {
    const pattern = visitedPagePattern('https://shop.acme.com/café menu', 'page');
    expect(matches(pattern, 'https://shop.acme.com/caf%C3%A9%20menu')).toBe(true);
  });

  it.each(['chrome://extensions', 'file:///tmp/a.html', 'about:blank', 'not a url'])(
    'names no page for %s',
    (tab) => {
      expect(visitedPagePattern(tab, 'page')).toBeNull();
    },
  );
});

describe('re2Escape', () => {
  it('escapes every metacharacter RE2 knows', () => {
    expect(re2Escape('.*+?^$\u007B}()|[]\\')).toBe('\\.\\*\\+\\?\\^\\$\\{\\}\\(\\)\\|\\[\\]\\\\');
  });
});

describe('visitedPageSearch', () => {
  const query = { pattern: '^https://shop\\.acme\\.com/checkout/?([?#].*)?$', days: 7 as const };

  it('asks with the visited_page recording property as PostHog’s frontend sends it', () => {
    const search = visitedPageSearch('recording-property', query, 20);
    expect(JSON.parse(String(search.properties))).toEqual([
      { type: 'recording', key: 'visited_page', operator: 'regex', value: query.pattern },
    ]);
    expect(search).not.toHaveProperty('events');
    expect(JSON.parse(String(search.having_predicates))).toEqual([
      { type: 'recording', key: 'active_seconds', operator: 'gt', value: 5 },
    ]);
    expect(search).toMatchObject({
      date_from: '-7d',
      order: 'start_time',
      order_direction: 'DESC',
      limit: 20,
    });
  });

  it('asks older servers with a $pageview whose $current_url matches', () => {
    const search = visitedPageSearch('pageview-event', { ...query, days: 30 }, 20);
    expect(search).not.toHaveProperty('properties');
    expect(JSON.parse(String(search.events))).toEqual([
      {
        id: '$pageview',
        name: '$pageview',
        type: 'events',
        properties: [{ type: 'event', key: '$current_url', operator: 'regex', value: query.pattern }],
      },
    ]);
    expect(search.date_from).toBe('-30d');
  });
});

describe('openAllUrl', () => {
  it('opens PostHog’s replay list with the same filter, every key its check reads', () => {
    const pattern = '^https://shop\\.acme\\.com/checkout/?([?#].*)?$';
    const url = new URL(openAllUrl('https://eu.posthog.com', 7, { pattern, days: 30 }));
    expect(url.origin + url.pathname).toBe('https://eu.posthog.com/project/7/replay/home');
    expect(url.search).not.toContain('+');
    const filters = JSON.parse(url.searchParams.get('filters') ?? '');
    expect(filters).toEqual({
      date_from: '-30d',
      date_to: null,
      filter_test_accounts: false,
      duration: [{ type: 'recording', key: 'active_seconds', operator: 'gt', value: 5 }],
      filter_group: {
        type: 'AND',
        values: [
          {
            type: 'AND',
            values: [{ type: 'recording', key: 'visited_page', operator: 'regex', value: pattern }],
          },
        ],
      },
      order: 'start_time',
      order_direction: 'DESC',
    });
  });
});

describe('sessionNowUrl', () => {
  const session = { id: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', startMs: 1_000_000 };

  it('links the numeric project at ten seconds before now, counted from the session’s start', () => {
    expect(sessionNowUrl('https://us.posthog.com', 1, session, 1_000_000 + 125_900)).toEqual({
      url: 'https://us.posthog.com/project/1/replay/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b?t=115',
      second: 115,
    });
  });

  it('never goes before the start', () => {
    expect(sessionNowUrl('https://us.posthog.com', 1, session, 1_003_000).second).toBe(0);
  });
});
