import { DEMO } from '../demo-ids';
import type { State } from '../state';
import { addDashboard, addInsight, addNotebook, addPlaylist, share, textTile } from './build';
import { emptyState, PROJECTS, RECORDINGS, rec } from './common';

const { ana, bo, cy } = DEMO.users;
const main = DEMO.projects.main;
const staging = DEMO.projects.staging;

/** Two projects, three users, a dozen dashboards and ten playlists: the world the demo tour shows. */
export function demoSeed(): State {
  const state = emptyState(PROJECTS);
  state.recordings = RECORDINGS.map((recording) => ({ ...recording }));
  seedDashboards(state);
  seedPlaylists(state);
  seedPersonsAndComments(state);
  seedInsights(state);
  seedNotebooksAndFlags(state);
  share(state, {
    target: { kind: 'recording', projectId: main, id: DEMO.recordings.inCheckout },
    createdAt: '2025-03-03T09:00:00.000Z',
    enabled: true,
    accessToken: DEMO.recordingSharedToken,
    settings: { showInspector: false },
  });
  return state;
}

/** A trends query as PostHog saves it (`InsightVizNode` > `TrendsQuery`). */
const trends = (event: string, math: string) => ({
  kind: 'InsightVizNode',
  source: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event, math }] },
});

function seedInsights(state: State): void {
  const i = DEMO.insights;
  addInsight(state, {
    ...i.shared,
    projectId: main,
    name: 'Weekly signups',
    derivedName: 'Sign up unique users',
    description: 'New accounts per week.',
    query: trends('sign up', 'dau'),
    tags: ['growth'],
    favorited: true,
  });
  addInsight(state, {
    ...i.derived,
    projectId: main,
    name: null,
    derivedName: 'Pageview count',
    query: trends('$pageview', 'total'),
    createdBy: bo,
  });
  addInsight(state, {
    ...i.passwordProtected,
    projectId: main,
    name: 'Revenue forecast',
    derivedName: 'Purchase count',
    query: trends('purchase', 'total'),
    createdBy: cy,
  });
  addInsight(state, {
    ...i.deleted,
    projectId: main,
    name: 'Old funnel',
    derivedName: null,
    query: trends('$pageview', 'total'),
    deleted: true,
  });
  share(state, {
    target: { kind: 'insight', id: i.shared.id },
    createdAt: '2025-03-02T12:30:00.000Z',
    enabled: true,
    accessToken: DEMO.insightSharedToken,
    settings: { legend: true },
  });
  share(state, {
    target: { kind: 'insight', id: i.passwordProtected.id },
    createdAt: '2025-03-02T12:45:00.000Z',
    enabled: true,
    accessToken: DEMO.insightPasswordToken,
    settings: {},
    passwordRequired: true,
  });
}

function seedNotebooksAndFlags(state: State): void {
  const n = DEMO.notebooks;
  const doc = (text: string) => ({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
  addNotebook(state, {
    id: '01900000-0000-7000-8000-0000000000b1',
    shortId: n.titled,
    projectId: main,
    title: 'Release notes',
    content: doc('What shipped this week.'),
    textContent: 'What shipped this week.',
    version: 3,
    lastModifiedAt: '2025-03-05T10:00:00.000Z',
  });
  addNotebook(state, {
    id: '01900000-0000-7000-8000-0000000000b2',
    shortId: n.untitled,
    projectId: main,
    title: null,
    createdBy: bo,
    lastModifiedAt: '2025-03-04T10:00:00.000Z',
  });
  addNotebook(state, {
    id: '01900000-0000-7000-8000-0000000000b3',
    shortId: n.deleted,
    projectId: main,
    title: 'Scratch',
    deleted: true,
  });
  state.featureFlags.push({
    id: DEMO.featureFlags.newCheckout,
    projectId: main,
    key: 'new-checkout',
    name: 'New checkout flow',
    deleted: false,
  });
}

function seedDashboards(state: State): void {
  const d = DEMO.dashboards;
  addDashboard(
    state,
    {
      id: d.productKpis,
      projectId: main,
      name: 'Product KPIs',
      description: 'Weekly active users, activation and revenue at a glance.',
      pinned: true,
      tags: ['kpi', 'weekly'],
    },
    ['Weekly active users', 'Activation rate', 'Revenue by plan'],
  );
  addDashboard(
    state,
    { id: d.marketing, projectId: main, name: 'Marketing', createdBy: bo, tags: ['marketing'] },
    ['Signups by channel', 'Campaign conversion'],
  );
  addDashboard(
    state,
    {
      id: d.finance,
      projectId: main,
      name: 'Finance',
      createdBy: bo,
      restrictionLevel: 37,
      tags: ['finance'],
    },
    ['MRR', 'Churned revenue'],
  );
  addDashboard(
    state,
    {
      id: d.restrictedOwned,
      projectId: main,
      name: 'Leadership review',
      createdBy: ana,
      restrictionLevel: 37,
    },
    ['Quarterly goals'],
  );
  const plain: Array<[string, number, boolean]> = [
    ['Onboarding funnel', cy, false],
    ['Web analytics', ana, true],
    ['Checkout health', bo, false],
    ['Mobile app', cy, false],
    ['Retention', ana, false],
    ['Support tickets', bo, false],
    ['Feature flag rollout', ana, false],
    ['Engineering on-call', cy, false],
  ];
  for (const [index, [name, createdBy, pinned]] of plain.entries()) {
    addDashboard(state, { id: 5 + index, projectId: main, name, createdBy, pinned }, [`${name} overview`]);
  }
  addDashboard(state, { id: 13, projectId: main, name: 'Archived launch plan', deleted: true }, [
    'Launch day',
  ]);
  addDashboard(state, { id: 14, projectId: main, name: 'Insight scratchpad', creationMode: 'unlisted' });
  addDashboard(state, { id: 15, projectId: staging, name: 'Staging smoke tests', pinned: true }, ['Errors']);
  addDashboard(state, { id: 16, projectId: staging, name: 'Release checklist', createdBy: bo, tiles: [] });
  state.dashboards.get(16)?.tiles.push(textTile(state, 'Run the smoke tests before each release.'));

  state.collaborators.push(
    collaborator('01900000-0000-7000-8000-00000000c001', d.finance, cy),
    collaborator('01900000-0000-7000-8000-00000000c002', d.restrictedOwned, bo),
  );
  share(state, {
    target: { kind: 'dashboard', id: d.productKpis },
    createdAt: '2025-03-02T12:00:00.000Z',
    enabled: true,
    accessToken: DEMO.sharedToken,
    settings: { whitelabel: false, noHeader: false },
  });
  // Shared once, then turned off: the config exists, the token is stable, the link is dead.
  share(state, {
    target: { kind: 'dashboard', id: 7 },
    createdAt: '2025-02-20T12:00:00.000Z',
    enabled: false,
    accessToken: 'Chk0utHea1thOldT0kenXXXXXXXXXX',
    settings: {},
  });
}

function collaborator(id: string, dashboardId: number, userId: number) {
  const at = '2025-02-01T10:00:00.000Z';
  return { id, dashboardId, userId, level: 37 as const, addedAt: at, updatedAt: at };
}

function seedPlaylists(state: State): void {
  const p = DEMO.playlists;
  const [inCheckout, , mobile, support, onboardingTour] = RECORDINGS.map((recording) => recording.id);
  const day = (n: number) => `2025-02-${String(n).padStart(2, '0')}T08:30:00.000Z`;
  addPlaylist(state, {
    id: 1,
    shortId: p.checkoutBugs,
    projectId: main,
    name: 'Checkout bugs',
    pinned: true,
    createdAt: day(1),
    lastModifiedAt: day(20),
    recordingIds: [inCheckout ?? ''],
  });
  addPlaylist(state, {
    id: 2,
    shortId: p.onboarding,
    projectId: main,
    name: 'Onboarding',
    createdAt: day(2),
  });
  addPlaylist(state, {
    id: 3,
    shortId: p.rageClicks,
    projectId: main,
    name: 'Rage clicks',
    createdBy: bo,
    type: 'filters',
    filters: { events: [{ id: '$rageclick', type: 'events' }], date_from: '-7d' },
    createdAt: day(3),
  });
  const more: Array<[string, string | null, number, Partial<Parameters<typeof addPlaylist>[1]>]> = [
    ['Mob1leUx', 'Mobile UX issues', bo, { recordingIds: [mobile ?? ''] }],
    ['Err0rs42', 'Errors on pricing', cy, { type: 'filters', filters: { console_logs: ['error'] } }],
    ['Sup9ortQ', 'Support escalations', cy, { recordingIds: [support ?? '', onboardingTour ?? ''] }],
    [
      'Sign7pFl',
      'Sign-up flow',
      ana,
      { pinned: true, description: 'Everything between landing and first login.' },
    ],
    [
      'Derived1',
      null,
      ana,
      { derivedName: 'Users from Germany', type: 'filters', filters: { country: 'DE' } },
    ],
    ['Slow5Pge', 'Slow pages', bo, {}],
    ['Exper1mt', 'Pricing experiment', cy, { recordingIds: [onboardingTour ?? ''] }],
  ];
  for (const [index, [shortId, name, createdBy, extra]] of more.entries()) {
    addPlaylist(state, {
      id: 4 + index,
      shortId,
      projectId: main,
      name,
      createdBy,
      createdAt: day(4 + index),
      ...extra,
    });
  }
  addPlaylist(state, { id: 11, shortId: 'Arch1ved', projectId: main, name: 'Archived QA', deleted: true });
  addPlaylist(state, { id: 12, shortId: 'Stag1ng1', projectId: staging, name: 'Staging regressions' });
  addPlaylist(state, { id: 13, shortId: 'Stag1ng2', projectId: staging, name: 'Staging smoke' });
}

/** A TipTap document of one paragraph, as PostHog's comment editor sends `rich_content`. */
const richText = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/**
 * Persons behind project 1's recordings (by distinct id), a recording whose distinct id has no person
 * (PostHog then serializes a `MissingPerson`), and two notes on the checkout recording.
 */
function seedPersonsAndComments(state: State): void {
  const byId = (id: string) => state.recordings.find((r) => r.id === id);
  const person = (
    id: number,
    recordingId: string,
    properties: Record<string, unknown>,
    projectId: number = main,
  ) => {
    const recording = byId(recordingId);
    if (!recording) return;
    state.persons.push({
      id,
      uuid: `01900000-0000-7000-8000-0000000d${String(id).padStart(4, '0')}`,
      projectId,
      distinctIds: [recording.distinctId],
      properties,
      createdAt: '2025-02-15T08:00:00.000Z',
    });
  };
  const [, , mobile, support, tour, stagingRun] = RECORDINGS.map((recording) => recording.id);
  person(DEMO.persons.ana, DEMO.recordings.inCheckout, { email: 'ana@acme.com', name: 'Ana' });
  person(2, DEMO.recordings.loose, { email: 'li@globex.com', name: 'Li' });
  person(3, mobile ?? '', { name: 'Sam Park' });
  person(4, support ?? '', { email: 'kai@initech.com' });
  person(5, tour ?? '', { username: 'ola' });
  person(6, stagingRun ?? '', { email: 'qa@acme.com' }, staging);
  state.recordings.push({
    ...rec(DEMO.recordings.anonymous, main, 'Blog visit', '2025-03-04T12:00:00.000Z', 150, '/blog'),
    // A posthog-js anonymous distinct id that no person holds.
    distinctId: '0191dd9e-55aa-7bbb-8ccc-00000000a707',
  });
  const checkoutStart = Date.parse(RECORDINGS[0]?.startTime ?? '2025-03-01T10:00:00.000Z');
  const at = (seconds: number) => new Date(checkoutStart + seconds * 1000).toISOString();
  const note = (id: string, text: string, seconds: number, createdBy: number, createdAt: string) =>
    state.comments.push({
      id,
      projectId: main,
      content: text,
      richContent: richText(text),
      version: 0,
      createdAt,
      createdBy,
      deleted: false,
      itemId: DEMO.recordings.inCheckout,
      itemContext: { time_in_recording: at(seconds) },
      scope: 'Replay',
      sourceComment: null,
      isTask: false,
    });
  note(DEMO.comments.paymentButton, 'Payment button unresponsive', 75, ana, '2025-03-03T09:30:00.000Z');
  note(DEMO.comments.sameOnSafari, 'Same on Safari', 160, bo, '2025-03-03T11:00:00.000Z');
}

/**
 * The `review` seed: the demo plus "Weekly review", a collection of 30 recordings of project 1 (every
 * fifth by a visitor with no person), and "Quarter review", one of 120 (more than the 50 PostHog's
 * newest lists of a collection). Apart, so the demo's lists keep their lengths.
 */
export function reviewSeed(): State {
  const state = demoSeed();
  seedWeeklyReview(state);
  seedQuarterReview(state);
  return state;
}

function seedQuarterReview(state: State): void {
  const ids: string[] = [];
  for (let n = 1; n <= 120; n += 1) {
    const id = DEMO.quarterReviewRecording(n);
    const start = new Date(Date.UTC(2025, 3, 1, 8, n)).toISOString();
    const recording = rec(id, main, `Quarter review #${n}`, start, 60 + n, '/pricing');
    recording.distinctId = `quarter-visitor-${String(n).padStart(3, '0')}`;
    state.recordings.push(recording);
    ids.push(id);
  }
  addPlaylist(state, {
    id: 15,
    shortId: DEMO.playlists.quarterReview,
    projectId: main,
    name: 'Quarter review',
    description: 'A hundred and twenty sessions of the quarter.',
    createdAt: '2025-01-21T08:30:00.000Z',
    recordingIds: ids,
  });
}

function seedWeeklyReview(state: State): void {
  const pages = ['/account', '/orders', '/search', '/cart', '/help/returns', '/signup/step-2'];
  const ids: string[] = [];
  for (let n = 1; n <= 30; n += 1) {
    const id = DEMO.weeklyReviewRecording(n);
    const start = new Date(Date.UTC(2025, 2, 10, 8 + Math.floor(n / 4), (n * 7) % 60)).toISOString();
    const recording = rec(
      id,
      main,
      `Weekly review #${n}`,
      start,
      45 + n * 13,
      pages[n % pages.length] ?? '/',
    );
    // Distinct ids of their own (the demo's `visitor-000N` belong to other persons).
    recording.distinctId = `weekly-visitor-${String(n).padStart(2, '0')}`;
    state.recordings.push(recording);
    ids.push(id);
    if (n % 5 !== 0) {
      state.persons.push({
        id: 100 + n,
        uuid: `01900000-0000-7000-8000-0000000e${String(n).padStart(4, '0')}`,
        projectId: main,
        distinctIds: [recording.distinctId],
        properties: { email: `customer${String(n).padStart(2, '0')}@example.org` },
        createdAt: '2025-03-01T08:00:00.000Z',
      });
    }
  }
  addPlaylist(state, {
    id: 14,
    shortId: DEMO.playlists.weeklyReview,
    projectId: main,
    name: 'Weekly review',
    description: 'Thirty sessions to go through on Monday.',
    createdAt: '2025-01-20T08:30:00.000Z',
    recordingIds: ids,
  });
}
