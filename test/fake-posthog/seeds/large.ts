import type { State } from '../state';
import { addDashboard, addPlaylist } from './build';
import { emptyState, PROJECTS, RECORDINGS } from './common';

const AREAS = [
  'Checkout',
  'Onboarding',
  'Pricing',
  'Search',
  'Billing',
  'Mobile',
  'Support',
  'Growth',
  'Retention',
];
const TOPICS = [
  'funnel',
  'errors',
  'health',
  'experiment',
  'review',
  'metrics',
  'sessions',
  'alerts',
  'cohorts',
];
const TEAMS = ['EMEA', 'US', 'APAC', 'Platform', 'Web', 'iOS', 'Android'];

/** A varied, searchable name for item `i` ("Pricing alerts (APAC) #0042"). */
export function largeName(i: number): string {
  const area = AREAS[i % AREAS.length];
  const topic = TOPICS[Math.floor(i / AREAS.length) % TOPICS.length];
  const team = TEAMS[Math.floor(i / (AREAS.length * TOPICS.length)) % TEAMS.length];
  return `${area} ${topic} (${team}) #${String(i).padStart(5, '0')}`;
}

/** `L` + the index in base 62, padded: 8 characters like real short ids. */
export function largeShortId(i: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  let n = i;
  do {
    out = alphabet[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return `L${out.padStart(7, '0')}`;
}

/**
 * Project 1 with `count` dashboards and `count` playlists, for list/search/benchmark work. Objects are
 * plain records without tiles, so even 10,000 of each build in milliseconds.
 */
export function largeSeed(count = 10_000): State {
  const state = emptyState(PROJECTS.slice(0, 1));
  state.recordings = RECORDINGS.filter((recording) => recording.projectId === 1).map((r) => ({ ...r }));
  const base = Date.parse('2024-01-01T00:00:00.000Z');
  for (let i = 1; i <= count; i++) {
    const createdAt = new Date(base + i * 60_000).toISOString();
    addDashboard(state, {
      id: i,
      projectId: 1,
      name: largeName(i),
      pinned: i % 50 === 0,
      createdBy: (i % 3) + 1,
      createdAt,
      tags: i % 7 === 0 ? ['weekly'] : [],
      tiles: [],
    });
    const isFilters = i % 10 === 0;
    addPlaylist(state, {
      id: i,
      shortId: largeShortId(i),
      projectId: 1,
      name: largeName(i),
      createdBy: (i % 3) + 1,
      pinned: i % 100 === 0,
      createdAt,
      type: isFilters ? 'filters' : 'collection',
      filters: isFilters ? { events: [{ id: '$pageview' }] } : {},
    });
  }
  const first = state.playlists[0];
  const checkout = RECORDINGS[0];
  if (first && checkout) first.recordingIds.push(checkout.id);
  return state;
}
