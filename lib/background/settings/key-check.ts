import type { CurrentUser, Organization, PersonalApiKey, Project } from '../../api/schemas';
import type { KeyCheck, ProjectSummary, PublicSharing } from '../../messaging/messages';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { maskKey } from '../../platform/storage';
import { classifyKey } from '../../posthog/key-format';
import { capabilitiesFor } from './capabilities';

/** The part of the API client a key check uses (structurally the same as `PostHogClient`'s). */
export interface KeyCheckClient {
  keys: { current(): Promise<PersonalApiKey> };
  users: { me(): Promise<CurrentUser>; organization(id: string): Promise<Organization> };
  projects: { list(): Promise<Project[]>; get(projectId: number): Promise<Project> };
}
export type CreateKeyCheckClient = (options: { origin: string; apiKey: string }) => KeyCheckClient;

export interface KeyCheckRequest {
  origin: string;
  apiKey: string;
  /** The project the user picked; refused when the key cannot reach it. */
  requestedProjectId?: number;
  /** The project chosen before; kept when still reachable. */
  previousProjectId?: number;
  /**
   * A sign-in's: what PostHog's consent page granted stands where a key's own description
   * (`personal_api_keys/@current/`, which a token cannot read) would.
   */
  grant?: { scopes: string[]; scopedTeams: number[]; scopedOrganizations: string[] };
}

export type KeyCheckResult = KeyCheck & { projectName?: string };

/** Refuses a malformed key with a sentence saying what it is, before anything is sent. */
export function assertKeyFormat(apiKey: string): string {
  const format = classifyKey(apiKey);
  if (!format.ok) throw new AppError('invalid-input', { field: 'apiKey', detail: format.reason });
  return format.key;
}

/**
 * Asks PostHog what the key is, whose it is and which projects it reaches; the answer carries only
 * the masked key. Throws the client's AppError (unauthorized, network, invalid-response…) unchanged.
 */
export async function checkKey(
  createClient: CreateKeyCheckClient,
  request: KeyCheckRequest,
): Promise<KeyCheckResult> {
  const { grant } = request;
  const apiKey = grant ? request.apiKey : assertKeyFormat(request.apiKey);
  const client = createClient({ origin: request.origin, apiKey });
  const [key, user] = await Promise.all([
    grant ? { id: 'sign-in', scopes: grant.scopes, scoped_teams: grant.scopedTeams } : client.keys.current(),
    client.users.me(),
  ]);
  const projects = (await reachableProjects(client, key)).map(summariseProject);
  if (projects.length === 0) throw new AppError('project-forbidden', { detail: t('noProjects') });

  const reachable = (id: number | undefined) =>
    id !== undefined && projects.some((project) => project.id === id);
  if (request.requestedProjectId !== undefined && !reachable(request.requestedProjectId)) {
    throw new AppError('project-forbidden', { detail: t('projectNotOnKey', request.requestedProjectId) });
  }
  const projectId =
    [request.requestedProjectId, request.previousProjectId, user.team?.id].find(reachable) ?? projects[0]?.id;
  const scopes = key.scopes;
  const others = await otherOrganizationsSharing(client, organizationIdOf(user.organization?.id), projects);
  return {
    maskedKey: maskKey(apiKey),
    origin: request.origin,
    projectId,
    projectName: projects.find((project) => project.id === projectId)?.name,
    user: { name: displayName(user), email: user.email ?? '', uuid: user.uuid },
    scopes,
    projects,
    capabilities: capabilitiesFor(scopes, grant ? 'sign-in' : 'key'),
    publicSharing: publicSharingOf(user),
    ...(organizationIdOf(user.organization?.id) ? { organizationId: user.organization?.id } : {}),
    ...(others ? { otherOrganizations: others } : {}),
  };
}

/** Other organisations read at most for their public-sharing switch: one request each. */
const MAX_OTHER_ORGANIZATIONS = 10;

/**
 * The public-sharing switch of the organisations of the key's projects other than the user's current
 * one (`users/@me` describes only that one), each read once; one PostHog refuses or the key may not
 * read is `unknown`. Undefined when every project is in the current organisation.
 */
async function otherOrganizationsSharing(
  client: KeyCheckClient,
  current: string | undefined,
  projects: readonly ProjectSummary[],
): Promise<Record<string, PublicSharing> | undefined> {
  const ids = [
    ...new Set(projects.flatMap((project) => (project.organization ? [project.organization] : []))),
  ]
    .filter((id) => id !== current)
    .slice(0, MAX_OTHER_ORGANIZATIONS);
  if (ids.length === 0) return undefined;
  const read = await Promise.allSettled(ids.map((id) => client.users.organization(id)));
  return Object.fromEntries(
    ids.map((id, index) => {
      const answer = read[index];
      return [
        id,
        answer?.status === 'fulfilled' ? publicSharingOf({ organization: answer.value }) : 'unknown',
      ];
    }),
  );
}

const organizationIdOf = (id: unknown): string | undefined =>
  typeof id === 'string' && id !== '' && id.length <= 64 ? id : undefined;

/**
 * Whether public links of `projectId` open, in its own organisation (its `organization` on PostHog's
 * project serializer): the user's current one as `users/@me` describes it, another as the key check
 * read it; never the current organisation's answer for a project of another. A check saved before
 * organisations were kept answers as it did.
 */
export function publicSharingFor(check: KeyCheck, projectId: number): PublicSharing {
  const answer = check.publicSharing ?? 'unknown';
  if (check.organizationId === undefined) return answer;
  const organization = check.projects.find((candidate) => candidate.id === projectId)?.organization;
  if (organization === undefined) return 'unknown';
  if (organization === check.organizationId) return answer;
  return check.otherOrganizations?.[organization] ?? 'unknown';
}

/**
 * PostHog refuses every public link of an organisation that has the security-settings feature and
 * `allow_publicly_shared_resources` off (`posthog/api/sharing.py`, `SharingViewerPageViewSet.retrieve`).
 */
export function publicSharingOf(user: Pick<CurrentUser, 'organization'>): PublicSharing {
  const organization = user.organization;
  const allowed = organization?.allow_publicly_shared_resources;
  if (allowed === true) return 'allowed';
  const features = organization?.available_product_features;
  if (allowed !== false || !features) return 'unknown';
  return features.some((feature) => feature.key === 'organization_security_settings') ? 'off' : 'allowed';
}

/** PostHog refuses `GET /api/projects/` to project-scoped keys, so those ask for each of their projects. */
async function reachableProjects(client: KeyCheckClient, key: PersonalApiKey): Promise<Project[]> {
  const scopedTeams = key.scoped_teams ?? [];
  if (scopedTeams.length === 0) return client.projects.list();
  const results = await Promise.allSettled(scopedTeams.map((id) => client.projects.get(id)));
  const found = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const firstFailure = results.find((result) => result.status === 'rejected');
  // A deleted project on the key is skipped; a key that reaches none of its projects is an error.
  if (found.length === 0 && firstFailure) throw firstFailure.reason;
  return found;
}

function summariseProject(project: Project): ProjectSummary {
  const organization = organizationIdOf(project.organization);
  return {
    id: project.id,
    name: project.name?.trim() || t('projectUnnamed', project.id),
    ...(organization ? { organization } : {}),
  };
}

function displayName(user: CurrentUser): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email || '';
}
