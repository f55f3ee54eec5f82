import { createCollaboratorsApi } from './collaborators';
import { createPager, type PageOptions } from './pagination';
import { intSegment, type ProjectRef, projectPath } from './paths';
import {
  type Dashboard,
  type DashboardInput,
  DashboardListItemSchema,
  DashboardSchema,
} from './schema/dashboard';
import { type SharingConfiguration, SharingConfigurationSchema } from './schema/sharing';
import type { Transport } from './transport';

export interface MoveTileInput {
  tileId: number;
  toDashboardId: number;
}

export function createDashboardsApi(transport: Transport, project: ProjectRef) {
  const listPath = () => projectPath(project, 'dashboards');
  const one = (id: number, ...rest: string[]) =>
    projectPath(project, 'dashboards', intSegment(id, 'dashboard id'), ...rest);
  const pager = createPager(transport, listPath, DashboardListItemSchema, (item) => item.id);

  const patch = async (id: number, body: Partial<DashboardInput>): Promise<Dashboard> =>
    transport.request({ method: 'PATCH', path: one(id), json: body, schema: DashboardSchema });

  return {
    /** One page. */
    async list(options: PageOptions = {}) {
      return pager.list({ limit: options.limit, offset: options.offset });
    },
    /** Every dashboard, following `next` as given; `limit` only sets the page size asked for. */
    all: (options: { limit?: number } = {}) => pager.all({ limit: options.limit }),
    allPages: (options: { concurrency?: number; limit?: number } = {}) => pager.allPages({}, options),

    async get(id: number): Promise<Dashboard> {
      return transport.request({ method: 'GET', path: one(id), schema: DashboardSchema });
    },

    async create(input: DashboardInput): Promise<Dashboard> {
      return transport.request({ method: 'POST', path: listPath(), json: input, schema: DashboardSchema });
    },

    update: (id: number, changes: Partial<DashboardInput>) => patch(id, changes),
    setPinned: (id: number, pinned: boolean) => patch(id, { pinned }),
    softDelete: (id: number) => patch(id, { deleted: true }),
    restore: (id: number) => patch(id, { deleted: false }),

    async sharing(dashboardId: number): Promise<SharingConfiguration> {
      return transport.request({
        method: 'GET',
        path: one(dashboardId, 'sharing'),
        schema: SharingConfigurationSchema,
      });
    },

    /**
     * Newest PostHog reads `to_dashboard`, older builds `toDashboard`; both are sent. Answers the
     * source dashboard. Older PostHog refuses keys here (`key-not-allowed`).
     */
    async moveTile(id: number, input: MoveTileInput): Promise<Dashboard> {
      const to = Number(intSegment(input.toDashboardId, 'dashboard id'));
      const tile = Number(intSegment(input.tileId, 'tile id'));
      return transport.request({
        method: 'PATCH',
        path: one(id, 'move_tile'),
        json: { tile: { id: tile }, to_dashboard: to, toDashboard: to },
        schema: DashboardSchema,
      });
    },

    /** 200 per the contract, 201 tolerated. PostHog refuses keys (`key-not-allowed`): use the session route. */
    async createFromTemplateJson(template: Record<string, unknown>): Promise<Dashboard> {
      return transport.request({
        method: 'POST',
        path: projectPath(project, 'dashboards', 'create_from_template_json'),
        json: { template },
        schema: DashboardSchema,
      });
    },

    collaborators: createCollaboratorsApi(transport, project),
  };
}
