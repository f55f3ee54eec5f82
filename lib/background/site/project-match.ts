import { type Project, projectToken, urlList } from '../../api/schema/project';
import type { SiteProject } from '../../messaging/site-messages';
import { isAppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { siteIsProjects } from '../../posthog/allowed-urls';
import type { SiteIdentity } from '../../posthog/site-storage';
import type { Connection } from '../settings/settings';
import type { Domains, ReachableProject, SiteCacheStore } from './site-cache';

/** What the match reads of PostHog: every reachable project, and one project's domains. */
export interface ProjectsReader {
  list(): Promise<Project[]>;
  get(projectId: number): Promise<Project>;
  /** The key's `scoped_teams` (empty: every project of its organisations). */
  scopedTeams(): Promise<number[]>;
}

export interface ProjectMatchDeps {
  projects: (connection: Connection) => ProjectsReader;
  cache: SiteCacheStore;
}

export type Match =
  | { kind: 'found'; project: SiteProject; by: 'token' | 'domain'; identity: SiteIdentity | null }
  | { kind: 'elsewhere' }
  | { kind: 'none'; projects: SiteProject[] };

const MAX_DOMAIN_READS = 50;

const named = (project: { id: number; name: string | null | undefined }): string =>
  project.name?.trim() || t('projectUnnamed', project.id);

/**
 * Which of the credential's projects a site sends to: the project whose `api_token` is a token of
 * the page's storage; with no token, the one project whose `recording_domains` or `app_urls` allow the
 * site's hostname, by PostHog's own rule (lib/posthog/allowed-urls.ts); else none (the user chooses).
 * The projects and their tokens are read once per PostHog origin and kept half an hour.
 */
export function createProjectMatch(deps: ProjectMatchDeps) {
  const { cache } = deps;

  async function reachable(connection: Connection): Promise<ReachableProject[]> {
    const key = connection.origin;
    const known = await cache.get('reachable', key);
    if (known) return known;
    const since = cache.epoch();
    const reader = deps.projects(connection);
    let projects: Project[];
    try {
      projects = await reader.list();
    } catch (error) {
      // Keys scoped to projects are refused the list: each of their projects is read instead.
      if (!isAppError(error) || error.kind !== 'project-forbidden') throw error;
      const settled = await Promise.allSettled((await reader.scopedTeams()).map((id) => reader.get(id)));
      projects = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    }
    const found = projects.map((project) => ({
      id: project.id,
      name: named(project).slice(0, 400),
      token: projectToken(project),
    }));
    await cache.put('reachable', key, found, since);
    return found;
  }

  async function domains(connection: Connection, projectId: number): Promise<Domains> {
    const key = `${connection.origin}|${projectId}`;
    const known = await cache.get('domains', key);
    if (known) return known;
    const since = cache.epoch();
    const project = await deps.projects(connection).get(projectId);
    const found = {
      recording_domains: urlList(project.recording_domains),
      app_urls: urlList(project.app_urls),
    };
    await cache.put('domains', key, found, since);
    return found;
  }

  return {
    reachable,
    async match(connection: Connection, identities: SiteIdentity[], hostname: string): Promise<Match> {
      const projects = await reachable(connection);
      const listed = projects.map(({ id, name }) => ({ id, name }));
      for (const identity of identities) {
        const project = projects.find((candidate) => candidate.token === identity.token);
        if (project)
          return { kind: 'found', project: { id: project.id, name: project.name }, by: 'token', identity };
      }
      if (identities.length > 0) return { kind: 'elsewhere' };
      // Each project's domains cost a request (kept half an hour); past 50 projects, the user chooses.
      const allowed = await Promise.all(
        projects.slice(0, MAX_DOMAIN_READS).map(async (project) => {
          try {
            return siteIsProjects(await domains(connection, project.id), hostname) ? project : null;
          } catch {
            // A project that cannot be read says nothing of the site.
            return null;
          }
        }),
      );
      const matches = allowed.filter((project) => project !== null);
      const [only] = matches;
      if (only && matches.length === 1) {
        return { kind: 'found', project: { id: only.id, name: only.name }, by: 'domain', identity: null };
      }
      // Several projects take this site: the user chooses among them.
      return {
        kind: 'none',
        projects: matches.length > 1 ? matches.map(({ id, name }) => ({ id, name })) : listed,
      };
    },
  };
}
export type ProjectMatch = ReturnType<typeof createProjectMatch>;
