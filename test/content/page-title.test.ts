import { describe, expect, it } from 'vitest';
import { parsePageTitle } from '../../lib/content/page-title';

describe('parsePageTitle', () => {
  it.each([
    ['Checkout flow • Recording • PostHog', { name: 'Checkout flow', kind: 'recording' }],
    ['Product KPIs • Dashboard • PostHog', { name: 'Product KPIs', kind: 'dashboard' }],
    ['Checkout bugs • Playlist • PostHog', { name: 'Checkout bugs', kind: 'playlist' }],
    ['  Spaced   out •  Dashboard •PostHog ', { name: 'Spaced out', kind: 'dashboard' }],
    ['A • B • Dashboard • PostHog', { name: 'A • B', kind: 'dashboard' }],
    ['checkout • recording • posthog', { name: 'checkout', kind: 'recording' }],
  ])('reads %j', (title, expected) => {
    expect(parsePageTitle(title)).toEqual(expected);
  });

  it.each([
    ['PostHog'],
    ['Dashboards • PostHog'],
    ['Session replay • PostHog'],
    ['Playlists • Replay • PostHog'],
    ['Product KPIs • PostHog'],
    [' • Recording • PostHog'],
    ['Checkout flow • Recording • Example'],
    [''],
  ])('finds no page name in %j', (title) => {
    expect(parsePageTitle(title)).toBeNull();
  });

  it('cuts names longer than a hint may carry', () => {
    const parsed = parsePageTitle(`${'x'.repeat(500)} • Recording • PostHog`);
    expect(parsed?.name).toHaveLength(200);
    expect(parsed?.name.endsWith('…')).toBe(true);
  });
});
