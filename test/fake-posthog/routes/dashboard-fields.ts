import { fail, validationError } from '../errors';
import { insightTile } from '../seeds/build';
import type { Dashboard, State } from '../state';
import type { Body } from '../validate';
import {
  optionalBoolean,
  optionalChoice,
  optionalInteger,
  optionalNullableString,
  optionalString,
  optionalStringList,
} from '../validate';

export interface DashboardInput {
  name?: string | null;
  description?: string;
  pinned?: boolean;
  deleted?: boolean;
  tags?: string[];
  restrictionLevel?: 21 | 37;
  filters?: unknown;
  useTemplate?: string;
  useDashboard?: number | null;
}

/** The writable fields of endpoints 2 and 8, checked in serializer order. */
export function readDashboardInput(body: Body): DashboardInput {
  const input: DashboardInput = {
    name: optionalNullableString(body, 'name'),
    description: optionalString(body, 'description', 10_000),
    pinned: optionalBoolean(body, 'pinned'),
    deleted: optionalBoolean(body, 'deleted'),
    tags: optionalStringList(body, 'tags'),
    restrictionLevel: optionalChoice(body, 'restriction_level', [21, 37] as const),
    filters: body.filters,
    useTemplate: optionalString(body, 'use_template'),
    useDashboard: optionalInteger(body, 'use_dashboard', { nullable: true }),
  };
  optionalBoolean(body, 'delete_insights');
  return input;
}

export function applyDashboardInput(dashboard: Dashboard, input: DashboardInput): void {
  if (input.name !== undefined) dashboard.name = input.name;
  if (input.description !== undefined) dashboard.description = input.description;
  if (input.pinned !== undefined) dashboard.pinned = input.pinned;
  if (input.deleted !== undefined) dashboard.deleted = input.deleted;
  if (input.tags !== undefined)
    dashboard.tags = [...new Set(input.tags.map((tag) => tag.trim().toLowerCase()))];
  if (input.restrictionLevel !== undefined) dashboard.restrictionLevel = input.restrictionLevel;
  if (input.filters !== undefined) dashboard.filters = input.filters;
}

const TEMPLATES: Record<string, string[]> = {
  DEFAULT_APP: ['Daily active users', 'Weekly active users', 'Retention', 'Growth accounting'],
  WEB_ANALYTICS: ['Visitors', 'Top pages', 'Referrers'],
};

/** `use_template` / `use_dashboard` on create: the tiles to start with and the creation mode. */
export function startingTiles(state: State, projectId: number, input: DashboardInput) {
  if (input.useTemplate && input.useDashboard != null) {
    fail(validationError('`use_dashboard` and `use_template` cannot be used together'));
  }
  if (input.useTemplate) {
    const names = TEMPLATES[input.useTemplate];
    if (!names)
      return fail(validationError(`Invalid template provided: ${input.useTemplate}`, 'use_template'));
    return { mode: 'template' as const, tiles: names.map((name) => insightTile(state, name)) };
  }
  if (input.useDashboard != null) {
    const source = state.dashboards.get(input.useDashboard);
    if (!source || source.projectId !== projectId) {
      return fail(validationError('Invalid value provided: use_dashboard', 'use_dashboard'));
    }
    const tiles = source.tiles.map((tile) => ({ ...tile, id: state.nextId.tile++ }));
    return { mode: 'duplicate' as const, tiles };
  }
  return { mode: 'default' as const, tiles: [] };
}
