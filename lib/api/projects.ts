import type { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { intSegment } from './paths';
import { paginated } from './schema/paginated';
import { type Project, ProjectSchema } from './schema/project';
import type { Transport } from './transport';

const ProjectPageSchema = lazily(() => paginated(ProjectSchema));

export function createProjectsApi(transport: Transport) {
  return {
    /**
     * Every project the key can reach, across pages. PostHog refuses this with `project-forbidden`
     * for keys scoped to projects: use `get(id)` for each id of `keys.current().scoped_teams` then.
     */
    async list(): Promise<Project[]> {
      const projects: Project[] = [];
      const seen = new Set<string>();
      let path: string | null = '/api/projects/';
      while (path && !seen.has(path)) {
        seen.add(path);
        const page: z.infer<typeof ProjectPageSchema> = await transport.request({
          method: 'GET',
          path,
          schema: ProjectPageSchema,
        });
        projects.push(...page.results);
        path = page.next ? transport.sameOriginPath(page.next) : null;
      }
      return projects;
    },

    async get(projectId: number): Promise<Project> {
      return transport.request({
        method: 'GET',
        path: `/api/projects/${intSegment(projectId, 'project id')}/`,
        schema: ProjectSchema,
      });
    },
  };
}
