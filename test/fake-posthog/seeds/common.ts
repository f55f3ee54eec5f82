import { seedKeys } from '../keys';
import { createOAuthStore } from '../oauth/model';
import type { Organization, Project, Recording, State, User } from '../state';

export const ORGANIZATION: Organization = {
  id: '01900000-0000-7000-8000-0000000000f1',
  name: 'Acme',
  slug: 'acme',
  allowPubliclySharedResources: true,
  productFeatures: ['organization_security_settings'],
};

export const USERS: readonly User[] = [
  {
    id: 1,
    uuid: '01900000-0000-7000-8000-000000000a1a',
    distinctId: 'ana-distinct-id',
    firstName: 'Ana',
    lastName: 'Alves',
    email: 'ana@example.com',
    roleAtOrganization: 'engineering',
    dateJoined: '2024-11-01T09:00:00.000Z',
  },
  {
    id: 2,
    uuid: '01900000-0000-7000-8000-000000000b0b',
    distinctId: 'bo-distinct-id',
    firstName: 'Bo',
    lastName: 'Berg',
    email: 'bo@example.com',
    roleAtOrganization: 'product',
    dateJoined: '2024-11-02T09:00:00.000Z',
  },
  {
    id: 3,
    uuid: '01900000-0000-7000-8000-000000000c0c',
    distinctId: 'cy-distinct-id',
    firstName: 'Cy',
    lastName: 'Chen',
    email: 'cy@example.com',
    roleAtOrganization: null,
    dateJoined: '2024-11-03T09:00:00.000Z',
  },
];

export const PROJECTS: readonly Project[] = [
  {
    id: 1,
    uuid: '01900000-0000-7000-8000-0000000000e1',
    name: 'Acme web app',
    apiToken: 'phc_AcmeWebAppProjectToken000000000000000001',
  },
  {
    id: 2,
    uuid: '01900000-0000-7000-8000-0000000000e2',
    name: 'Acme staging',
    apiToken: 'phc_AcmeStagingProjectToken0000000000000002',
  },
];

/** Recordings the seeds share; `DEMO.recordings` names the first two. */
export const RECORDINGS: readonly Recording[] = [
  rec(
    '0191dd9d-ec00-726b-b2a7-4de452e6b438',
    1,
    'Checkout flow',
    '2025-03-01T10:00:00.000Z',
    312,
    '/checkout',
  ),
  rec(
    '0191dd9d-ffff-7aaa-8bbb-000000000002',
    1,
    'Pricing page visit',
    '2025-03-01T11:00:00.000Z',
    95,
    '/pricing',
  ),
  rec(
    '0191dd9e-1111-7ccc-8ddd-000000000003',
    1,
    'Mobile sign-up',
    '2025-03-02T08:30:00.000Z',
    240,
    '/signup',
  ),
  rec('0191dd9e-2222-7ccc-8ddd-000000000004', 1, 'Support widget', '2025-03-02T09:15:00.000Z', 188, '/help'),
  rec(
    '0191dd9e-3333-7ccc-8ddd-000000000005',
    1,
    'Onboarding tour',
    '2025-03-03T14:00:00.000Z',
    420,
    '/welcome',
  ),
  rec('0191dd9e-4444-7ccc-8ddd-000000000006', 2, 'Staging smoke run', '2025-03-04T07:00:00.000Z', 60, '/'),
];

export function rec(
  id: string,
  projectId: number,
  title: string,
  startTime: string,
  duration: number,
  path: string,
): Recording {
  return {
    id,
    projectId,
    title,
    distinctId: `visitor-${id.slice(-4)}`,
    startTime,
    durationSeconds: duration,
    startUrl: `https://shop.example.com${path}`,
  };
}

export function emptyState(projects: readonly Project[]): State {
  return {
    organization: { ...ORGANIZATION, productFeatures: [...ORGANIZATION.productFeatures] },
    users: USERS.map((user) => ({ ...user })),
    projects: projects.map((project) => ({ ...project })),
    dashboards: new Map(),
    collaborators: [],
    sharing: new Map(),
    playlists: [],
    recordings: [],
    persons: [],
    comments: [],
    insights: [],
    notebooks: [],
    featureFlags: [],
    keys: seedKeys(1),
    sessions: new Map(),
    oauth: createOAuthStore(),
    nextId: { dashboard: 1, tile: 1, insight: 1, playlist: 1 },
  };
}
