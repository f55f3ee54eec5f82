import { describe, expect, it } from 'vitest';
import { pageviewEvent, visitedPageProperty } from '../../lib/posthog/visited-page';
import { DEMO } from './demo-ids';
import { DEMO_SITE_TOKENS } from './demo-site';
import { call, obj, serveFakePostHog } from './test-helpers';
import type { FakePostHog } from './types';

const s = DEMO.site;

/** The ids PostHog lists for a query of these params (each JSON-encoded as PostHog reads them). */
async function listed(server: FakePostHog, params: Record<string, unknown>, project = 1) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    search.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  const answer = await call(server, 'GET', `/api/projects/${project}/session_recordings/?${search}`);
  return {
    status: answer.status,
    ids: (obj(answer.json)?.results ?? []).map((row: { id: string }) => row.id),
    json: obj(answer.json),
  };
}

const visited = (
  server: FakePostHog,
  operator: string,
  value: unknown,
  extra: Record<string, unknown> = {},
) =>
  listed(server, {
    properties: [{ ...visitedPageProperty(''), operator, value }],
    date_from: '-30d',
    limit: 100,
    ...extra,
  });

describe('the visited_page recording property over all_urls (property_to_expr)', () => {
  const server = serveFakePostHog({ seed: 'site', replayListingRates: null });
  const site = () => `${server().url}/demo-site/shop`;
  const checkoutPattern = () => `^${site().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/checkout/?([?#].*)?$`;

  it('regex: any URL of the recording matching, on the origin the request reached', async () => {
    const { status, ids } = await visited(server(), 'regex', checkoutPattern());
    expect(status).toBe(200);
    expect(ids.sort()).toEqual([s.checkout, s.checkoutSlash, s.idleCheckout, s.oldCheckout].sort());
  });

  it('exact: one URL equal, or one of several (IN)', async () => {
    expect((await visited(server(), 'exact', `${site()}/checkout`)).ids.sort()).toEqual(
      [s.idleCheckout, s.oldCheckout].sort(),
    );
    expect(
      (await visited(server(), 'exact', [`${site()}/checkout/`, `${site()}/checkout/payment`])).ids.sort(),
    ).toEqual([s.checkoutSlash, s.payment].sort());
  });

  it('icontains: ILIKE, so case is ignored and _ is a wildcard', async () => {
    expect((await visited(server(), 'icontains', 'CHECKOUT-SUCCESS')).ids).toEqual([s.checkoutSuccess]);
    expect((await visited(server(), 'icontains', 'checkout_success')).ids).toEqual([s.checkoutSuccess]);
  });

  it('the list’s own order, window and duration predicate apply alongside', async () => {
    const { ids } = await listed(server(), {
      properties: [visitedPageProperty(checkoutPattern())],
      having_predicates: [{ type: 'recording', key: 'active_seconds', operator: 'gt', value: 5 }],
      date_from: '-7d',
      order: 'start_time',
      order_direction: 'DESC',
    });
    expect(ids).toEqual([s.checkout, s.checkoutSlash]);
  });

  it('never lists another project’s recordings', async () => {
    const { ids } = await listed(
      server(),
      { properties: [visitedPageProperty(checkoutPattern())], date_from: '-7d' },
      2,
    );
    expect(ids).toEqual([s.stagingCheckout]);
  });

  it('the older form: a $pageview whose $current_url matches, anywhere in the session', async () => {
    const { ids } = await listed(server(), { events: [pageviewEvent(checkoutPattern())], date_from: '-7d' });
    expect(ids.sort()).toEqual([s.checkout, s.checkoutSlash, s.idleCheckout, s.pageviewOnly].sort());
  });

  it('refuses a regex RE2 cannot run', async () => {
    expect((await visited(server(), 'regex', '^(?=x)')).status).toBe(500);
  });
});

describe('a PostHog from before visited_page was a recording property', () => {
  const server = serveFakePostHog({ seed: 'site', replayListingRates: null, visitedPageProperty: false });

  it('fails on the recording property, as an unresolved field fails', async () => {
    const { status, json } = await visited(server(), 'exact', 'https://hogmark.invalid/probe');
    expect(status).toBe(500);
    expect(json).toEqual({
      type: 'server_error',
      code: 'error',
      detail: 'A server error occurred.',
      attr: null,
    });
  });

  it('answers the $pageview form', async () => {
    const { status, ids } = await listed(server(), {
      events: [pageviewEvent('/demo-site/shop/checkout-success')],
      date_from: '-7d',
    });
    expect(status).toBe(200);
    expect(ids).toEqual([s.checkoutSuccess]);
  });
});

describe('projects’ tokens and domains, and the demo customer site', () => {
  const server = serveFakePostHog({ seed: 'site' });

  it('lists each project’s api_token, and app_urls / recording_domains on the project itself', async () => {
    const list = obj((await call(server(), 'GET', '/api/projects/')).json);
    expect(list.results[0]).toMatchObject({ id: 1, api_token: DEMO_SITE_TOKENS.shop });
    expect(list.results[0]).not.toHaveProperty('recording_domains');
    const one = obj((await call(server(), 'GET', '/api/projects/1/')).json);
    expect(one).toMatchObject({
      recording_domains: ['https://shop.acme.com', 'http://localhost'],
      app_urls: [],
    });
    const two = obj((await call(server(), 'GET', '/api/projects/2/')).json);
    expect(two).toMatchObject({ app_urls: ['https://*.staging.acme.com'], recording_domains: [] });
  });

  it.each([
    ['shop', `ph_${DEMO_SITE_TOKENS.shop}_posthog`],
    ['elsewhere', `ph_${DEMO_SITE_TOKENS.elsewhere}_posthog`],
    ['named', 'ph_acme_shop'],
  ])('serves the %s site’s pages with posthog-js’s storage script for %s', async (site, entry) => {
    const answer = await call(server(), 'GET', `/demo-site/${site}/checkout`, { key: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.text).toContain(`data-entry="${entry}"`);
  });

  it('serves a page without posthog-js', async () => {
    const answer = await call(server(), 'GET', '/demo-site/plain/', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<script');
  });
});
