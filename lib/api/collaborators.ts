import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { intSegment, type ProjectRef, projectPath, segment } from './paths';
import { type Collaborator, type CollaboratorInput, CollaboratorSchema } from './schema/collaborator';
import { paginated } from './schema/paginated';
import type { Transport } from './transport';

// The contract shows one object, PostHog sends a plain array; an envelope is tolerated too.
const CollaboratorsAnswerSchema = lazily(() =>
  z.union([z.array(CollaboratorSchema), paginated(CollaboratorSchema), CollaboratorSchema]),
);

export function createCollaboratorsApi(transport: Transport, project: ProjectRef) {
  const base = (dashboardId: number) =>
    projectPath(project, 'dashboards', intSegment(dashboardId, 'dashboard id'), 'collaborators');

  return {
    async list(dashboardId: number): Promise<Collaborator[]> {
      const collaborators: Collaborator[] = [];
      const seen = new Set<string>();
      let path: string | null = base(dashboardId);
      while (path && !seen.has(path)) {
        seen.add(path);
        const answer = await transport.request({
          method: 'GET',
          path,
          schema: CollaboratorsAnswerSchema,
          allowEmpty: true,
        });
        path = null;
        if (answer === undefined) break;
        if (Array.isArray(answer)) collaborators.push(...answer);
        else if ('results' in answer && Array.isArray(answer.results)) {
          collaborators.push(...(answer.results as Collaborator[]));
          if (typeof answer.next === 'string' && answer.next) path = transport.sameOriginPath(answer.next);
        } else collaborators.push(answer as Collaborator);
      }
      return collaborators;
    },

    async add(dashboardId: number, input: CollaboratorInput): Promise<Collaborator> {
      return transport.request({
        method: 'POST',
        path: base(dashboardId),
        json: { user_uuid: input.user_uuid, level: input.level },
        schema: CollaboratorSchema,
      });
    },

    async remove(dashboardId: number, userUuid: string): Promise<void> {
      await transport.request({
        method: 'DELETE',
        path: `${base(dashboardId)}${segment(userUuid, 'user uuid')}/`,
        schema: z.unknown(),
        allowEmpty: true,
        ignoreBody: true,
      });
    },
  };
}
