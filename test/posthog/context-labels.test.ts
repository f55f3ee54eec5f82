import { beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from '../../lib/posthog/context';
import { contextName, formatClock, isNamedById } from '../../lib/posthog/context-labels';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const TOKEN = 'ThPQInf3W95O4Ve1SbO1jsafutKK4w';

describe('contextName', () => {
  it.each<[PageContext, string, boolean]>([
    [{ kind: 'recording', origin: US, projectId: 1, recordingId: 'abc' }, 'abc', true],
    [{ kind: 'playlist', origin: US, projectId: 1, shortId: 'eKdNnFRI' }, 'eKdNnFRI', true],
    [{ kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 }, 'Dashboard 7', false],
    [{ kind: 'dashboards', origin: US, projectId: 1 }, 'All dashboards', false],
    [{ kind: 'playlists', origin: US, projectId: 1 }, 'All collections', false],
    [{ kind: 'shared', origin: US, accessToken: TOKEN }, 'Opened from a public link', false],
  ])('names %j without a title hint', (context, name, byId) => {
    expect(contextName(context, {})).toBe(name);
    expect(isNamedById(context, {})).toBe(byId);
  });

  it('prefers the page title, and never shows a sharing token', () => {
    const recording: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: 'abc' };
    expect(contextName(recording, { title: ' Checkout flow ' })).toBe('Checkout flow');
    expect(contextName(recording, { title: '   ' })).toBe('abc');
    expect(isNamedById(recording, { title: 'Checkout flow' })).toBe(false);
    const shared: PageContext = { kind: 'embedded', origin: US, accessToken: TOKEN };
    expect(contextName(shared, { title: 'x' })).not.toContain(TOKEN);
  });

  it('names collections and dashboards by their name, never by "Dashboard N" or the short id', () => {
    const collection: PageContext = { kind: 'playlist', origin: US, projectId: 1, shortId: 'eKdNnFRI' };
    expect(contextName(collection, { title: 'Checkout bugs' })).toBe('Checkout bugs');
    expect(isNamedById(collection, { title: 'Checkout bugs' })).toBe(false);
    const dashboard: PageContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 7 };
    expect(contextName(dashboard, { title: 'Product KPIs' })).toBe('Product KPIs');
  });

  it('shows a recording titled by its session id (PostHog’s title) as an id', () => {
    const recording: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: 'abc' };
    expect(contextName(recording, { title: 'abc' })).toBe('abc');
    expect(isNamedById(recording, { title: 'abc' })).toBe(true);
  });
});

describe('formatClock', () => {
  it.each([
    [0, '00:00'],
    [12, '00:12'],
    [75.9, '01:15'],
    [3599, '59:59'],
    [3725, '1:02:05'],
    [-3, '00:00'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});
