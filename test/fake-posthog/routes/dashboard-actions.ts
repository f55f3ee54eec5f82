import { fail, notFound, validationError } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import { insightTile, textTile } from '../seeds/build';
import { dashboardFull } from '../serializers/dashboards';
import type { Tile } from '../state';
import { asBody, required } from '../validate';
import { applyDashboardInput, readDashboardInput } from './dashboard-fields';
import { findDashboard, insertDashboard, requireEdit, viewOf } from './dashboard-store';

/** Endpoint 10: `{tile:{id}, to_dashboard}` (older PostHog: `toDashboard`). Answers with the source. */
export function moveTile(ctx: ProjectCtx): Reply {
  const source = findDashboard(ctx, ctx.params.id);
  requireEdit(ctx, source);
  const body = asBody(ctx.body);
  const tile = required(body.tile, 'tile');
  const tileId = typeof tile === 'object' && tile !== null ? (tile as { id?: unknown }).id : undefined;
  if (typeof tileId !== 'number') fail(validationError('This field is required.', 'tile__id', 'required'));
  const target = required(body.to_dashboard ?? body.toDashboard, 'to_dashboard');
  if (typeof target !== 'number' && typeof target !== 'string') {
    fail(validationError('A valid integer is required.', 'to_dashboard'));
  }
  const index = source.tiles.findIndex((candidate) => candidate.id === tileId);
  if (index < 0) fail(notFound());
  const destination = findDashboard(ctx, String(target));
  requireEdit(ctx, destination, "You don't have edit permissions for the destination dashboard.");
  const [moved] = source.tiles.splice(index, 1);
  if (moved) destination.tiles.push(moved);
  return { status: 200, json: dashboardFull(source, viewOf(ctx)) };
}

const TEMPLATE_REQUIRED = ['template_name', 'dashboard_description', 'dashboard_filters', 'tiles'] as const;

/** Endpoint 11: validated like PostHog's dashboard_template_schema.json; 200, not 201. */
export function createFromTemplate(ctx: ProjectCtx): Reply {
  const body = asBody(ctx.body);
  const template = body.template;
  if (template === undefined && ctx.flavor === 'contract') return createFromPlainFields(ctx, body);
  if (typeof template !== 'object' || template === null || Array.isArray(template)) {
    return fail(validationError('This field is required.', 'template', 'required'));
  }
  const fields = template as Record<string, unknown>;
  for (const name of TEMPLATE_REQUIRED) {
    if (!(name in fields)) fail(validationError(`'${name}' is a required property`));
  }
  const tiles = fields.tiles;
  if (!Array.isArray(tiles)) return fail(validationError(`${JSON.stringify(tiles)} is not of type 'array'`));
  if (tiles.length === 0) fail(validationError('[] should be non-empty'));
  const dashboard = insertDashboard(ctx, {
    creationMode: 'template',
    name: String(fields.template_name),
    description: String(fields.dashboard_description ?? ''),
    filters: fields.dashboard_filters,
    tags: Array.isArray(fields.tags) ? fields.tags.map(String) : [],
    tiles: tiles.map((tile) => templateTile(ctx, tile)),
  });
  return { status: 200, json: dashboardFull(dashboard, viewOf(ctx)) };
}

/** The contract gives this endpoint plain dashboard fields; accept them too. */
function createFromPlainFields(ctx: ProjectCtx, body: Record<string, unknown>): Reply {
  const input = readDashboardInput(body);
  const dashboard = insertDashboard(ctx, { creationMode: 'template' });
  applyDashboardInput(dashboard, input);
  return { status: 200, json: dashboardFull(dashboard, viewOf(ctx)) };
}

function templateTile(ctx: ProjectCtx, raw: unknown): Tile {
  const tile = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (tile.type === 'TEXT') return textTile(ctx.state, String(tile.body ?? ''));
  return insightTile(ctx.state, String(tile.name ?? 'Untitled insight'), String(tile.description ?? ''));
}
