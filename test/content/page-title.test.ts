import { describe, expect, it } from 'vitest';
import { parsePageTitle } from '../../lib/content/page-title';

// Titles as PostHog's breadcrumbsLogic.documentTitle writes them (the scene's crumbs reversed, then
// "PostHog"), including the older scene words self-hosted versions still show.
describe('parsePageTitle', () => {
  it.each([
    ['Checkout bugs • Collections • PostHog', { name: 'Checkout bugs', kind: 'playlist' }],
    ['Checkout bugs • Playlists • PostHog', { name: 'Checkout bugs', kind: 'playlist' }],
    // Older self-hosted versions: the product after the scene; demo instances: "PostHog Demo".
    ['Checkout bugs • Playlists • Replay • PostHog', { name: 'Checkout bugs', kind: 'playlist' }],
    ['Checkout bugs • Collections • PostHog Demo', { name: 'Checkout bugs', kind: 'playlist' }],
    ['Product KPIs • Dashboards • PostHog Demo', { name: 'Product KPIs', kind: 'dashboard' }],
    ['Product KPIs • Dashboards • PostHog', { name: 'Product KPIs', kind: 'dashboard' }],
    ['Product KPIs • Dashboard • PostHog', { name: 'Product KPIs', kind: 'dashboard' }],
    ['Checkout bugs • Playlist • PostHog', { name: 'Checkout bugs', kind: 'playlist' }],
    ['  Spaced   out •  Dashboards •PostHog ', { name: 'Spaced out', kind: 'dashboard' }],
    ['A • B • Dashboards • PostHog', { name: 'A • B', kind: 'dashboard' }],
    ['Users from Germany • Collections • PostHog', { name: 'Users from Germany', kind: 'playlist' }],
  ])('reads %j', (title, expected) => {
    expect(parsePageTitle(title)).toEqual(expected);
  });

  it.each([
    ['PostHog'],
    ['Dashboards • PostHog'],
    ['Recordings • PostHog'],
    ['Collections • Replay • PostHog'],
    ['Playlists • Replay • PostHog Demo'],
    ['Unnamed • Playlists • Replay • PostHog'],
    ['Checkout bugs • Replay • Playlists • PostHog Cloud'],
    ['0191dd9d-ec00-726b-b2a7-4de452e6b438 • Replay • PostHog'],
    ['Checkout flow • Recording • PostHog'],
    ['Unnamed • Collections • PostHog'],
    ['... • Dashboards • PostHog'],
    ['Not found • Dashboards • PostHog'],
    ['Could not load • Dashboards • PostHog'],
    ['Product KPIs • PostHog'],
    [' • Dashboards • PostHog'],
    ['Product KPIs • Dashboards • Example'],
    [''],
  ])('finds no page name in %j', (title) => {
    expect(parsePageTitle(title)).toBeNull();
  });

  it('cuts names longer than a hint may carry', () => {
    const parsed = parsePageTitle(`${'x'.repeat(500)} • Dashboards • PostHog`);
    expect(parsed?.name).toHaveLength(200);
    expect(parsed?.name.endsWith('…')).toBe(true);
  });
});
