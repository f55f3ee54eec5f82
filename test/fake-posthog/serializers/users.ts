import type { Project, State, User } from '../state';
import type { Flavor } from '../types';

/** UserBasicSerializer. The contract types `hedgehog_config` as an object; PostHog sends null. */
export function userSummary(user: User | undefined, flavor: Flavor): Record<string, unknown> | null {
  if (!user) return null;
  const summary: Record<string, unknown> = {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinctId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_email_verified: true,
    hedgehog_config: flavor === 'contract' ? {} : null,
  };
  if (flavor === 'posthog') summary.role_at_organization = user.roleAtOrganization;
  return summary;
}

/** ProjectBackwardCompatBasicSerializer, as `GET /api/projects/` lists it. */
export function projectBasic(state: State, project: Project): Record<string, unknown> {
  return {
    id: project.id,
    uuid: project.uuid,
    organization: state.organization.id,
    api_token: project.apiToken,
    name: project.name,
    completed_snippet_onboarding: true,
    has_completed_onboarding_for: { product_analytics: true, session_replay: true },
    ingested_event: true,
    is_demo: false,
    timezone: 'UTC',
    access_control: false,
  };
}

export function projectDetail(state: State, project: Project): Record<string, unknown> {
  return {
    ...projectBasic(state, project),
    project_id: project.id,
    created_at: '2024-11-01T09:00:00.000Z',
    updated_at: '2025-01-01T09:00:00.000Z',
    session_recording_opt_in: true,
    effective_membership_level: 8,
    app_urls: project.appUrls ?? [],
    recording_domains: project.recordingDomains ?? [],
  };
}

function teamBasic(state: State, project: Project): Record<string, unknown> {
  return {
    id: project.id,
    uuid: project.uuid,
    organization: state.organization.id,
    project_id: project.id,
    api_token: project.apiToken,
    name: project.name,
    completed_snippet_onboarding: true,
    has_completed_onboarding_for: { product_analytics: true },
    ingested_event: true,
    is_demo: false,
    timezone: 'UTC',
    access_control: false,
  };
}

/** `GET /api/users/@me/` (a useful subset of UserSerializer). */
export function me(state: State, user: User, flavor: Flavor): Record<string, unknown> {
  const current = state.projects[0];
  const organization = {
    id: state.organization.id,
    name: state.organization.name,
    slug: state.organization.slug,
    membership_level: user.id === 1 ? 8 : 1,
    projects: state.projects.map((project) => ({ id: project.id, name: project.name })),
    teams: state.projects.map((project) => teamBasic(state, project)),
    // OrganizationSerializer's public-sharing switch and the plan features it depends on.
    ...(flavor === 'posthog'
      ? {
          allow_publicly_shared_resources: state.organization.allowPubliclySharedResources,
          available_product_features: state.organization.productFeatures.map((key) => ({ key, name: key })),
        }
      : {}),
  };
  return {
    date_joined: user.dateJoined,
    uuid: user.uuid,
    distinct_id: user.distinctId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    pending_email: null,
    is_email_verified: true,
    notification_settings: {},
    anonymize_data: false,
    toolbar_mode: 'toolbar',
    has_password: true,
    id: user.id,
    is_staff: false,
    is_impersonated: false,
    team: current ? teamBasic(state, current) : null,
    organization,
    organizations: [
      { id: organization.id, name: organization.name, slug: organization.slug, membership_level: 8 },
    ],
    is_2fa_enabled: false,
    has_social_auth: false,
    theme_mode: 'system',
    hedgehog_config: flavor === 'contract' ? {} : null,
    role_at_organization: user.roleAtOrganization,
  };
}
