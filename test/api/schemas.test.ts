import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  CollaboratorSchema,
  CurrentUserSchema,
  collaboratorUserUuid,
  DashboardListItemSchema,
  DashboardSchema,
  PersonalApiKeySchema,
  PlaylistRecordingsSchema,
  PlaylistSchema,
  ProjectSchema,
  paginated,
  SharingConfigurationSchema,
  UserSummarySchema,
} from '../../lib/api/schemas';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

const cases: Array<[string, z.ZodMiniType]> = [
  ['posthog-personal-api-key', PersonalApiKeySchema],
  ['posthog-dashboards-page', paginated(DashboardListItemSchema)],
  ['posthog-collaborators', z.array(CollaboratorSchema)],
  ['posthog-sharing', SharingConfigurationSchema],
  ['posthog-sharing-unsaved', SharingConfigurationSchema],
  ['posthog-playlist', PlaylistSchema],
  ['posthog-synthetic-playlist', PlaylistSchema],
  ['posthog-playlist-recordings', PlaylistRecordingsSchema],
  ['posthog-user-me', CurrentUserSchema],
  ['posthog-projects-page', paginated(ProjectSchema)],
  ['contract-dashboard', DashboardSchema],
  ['contract-collaborator', CollaboratorSchema],
  ['contract-playlist', PlaylistSchema],
  ['contract-sharing', SharingConfigurationSchema],
];

describe('fixtures parse through their schema', () => {
  it.each(cases)('%s', (name, schema) => {
    const result = schema.safeParse(fixture(name));
    expect(result.error?.issues).toBeUndefined();
  });
});

describe('what real servers send is kept', () => {
  it('keeps unknown fields', () => {
    const dashboard = DashboardSchema.parse({ id: 1, name: 'x', variables: { a: 1 } });
    expect(dashboard.variables).toEqual({ a: 1 });
  });

  it('fills defaults for flags the UI reads', () => {
    expect(DashboardListItemSchema.parse({ id: 1 })).toMatchObject({
      name: null,
      pinned: false,
      deleted: false,
    });
    expect(PlaylistSchema.parse({ id: 1, short_id: 'a' })).toMatchObject({
      name: null,
      pinned: false,
      deleted: false,
    });
  });

  it.each([
    ['hedgehog_config', { hedgehog_config: null }],
    ['role_at_organization', { role_at_organization: 'engineering' }],
    ['names', { first_name: null, last_name: null, email: null }],
  ])('a user summary accepts null/extra %s', (_name, extra) => {
    expect(UserSummarySchema.safeParse({ id: 1, uuid: 'u', ...extra }).success).toBe(true);
  });

  it('names the collaborator user from either field', () => {
    const [posthog] = z.array(CollaboratorSchema).parse(fixture('posthog-collaborators'));
    const contract = CollaboratorSchema.parse(fixture('contract-collaborator'));
    expect(posthog && collaboratorUserUuid(posthog)).toBe('0190…');
    expect(collaboratorUserUuid(contract)).toBe('018f0000-0000-7000-8000-000000000002');
  });

  it('never keeps a key value from @current', () => {
    const key = PersonalApiKeySchema.parse({ id: 'k', value: 'phx_secret', scopes: ['*'] });
    expect('value' in key).toBe(false);
  });
});

describe('what would break us is rejected', () => {
  it.each([
    ['dashboard without id', DashboardSchema, { name: 'x' }],
    ['dashboard with a string id', DashboardSchema, { id: '7' }],
    ['dashboard with a fractional id', DashboardSchema, { id: 1.5 }],
    ['playlist without short_id', PlaylistSchema, { id: 1 }],
    ['playlist with an empty short_id', PlaylistSchema, { id: 1, short_id: '' }],
    ['collaborator without any user uuid', CollaboratorSchema, { id: 'c', level: 37, user: null }],
    ['sharing without enabled', SharingConfigurationSchema, { access_token: 't' }],
    ['page without results', paginated(DashboardListItemSchema), { count: 1, next: null }],
    ['user summary with a string id', UserSummarySchema, { id: 'x', uuid: 'u' }],
  ])('%s', (_name, schema, body) => {
    expect((schema as z.ZodMiniType).safeParse(body).success).toBe(false);
  });
});
