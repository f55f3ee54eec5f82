import { randomUUID } from 'node:crypto';
import { fail, notFound, validationError } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import { userSummary } from '../serializers/users';
import type { Collaborator } from '../state';
import { findUser, now } from '../state';
import type { Flavor } from '../types';
import { asBody, optionalChoice, required } from '../validate';
import { findDashboard, requireEdit } from './dashboard-store';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

function collaboratorJson(ctx: ProjectCtx, collaborator: Collaborator, flavor: Flavor) {
  const user = findUser(ctx.state, collaborator.userId);
  const json: Record<string, unknown> = {
    id: collaborator.id,
    dashboard_id: collaborator.dashboardId,
    user: userSummary(user, flavor),
    level: collaborator.level,
    added_at: collaborator.addedAt,
    updated_at: collaborator.updatedAt,
  };
  // Write-only in PostHog; the contract lists it as returned.
  if (flavor === 'contract') json.user_uuid = user?.uuid;
  return json;
}

const nestedDashboard = (ctx: ProjectCtx) =>
  findDashboard(ctx, ctx.params.dashboard_id, { detail: 'Dashboard not found.' });

/**
 * Endpoint 3. PostHog answers a plain array. The contract shows a single object: that flavor answers
 * the first collaborator, or `[]` when there is none (an object cannot say "none").
 */
export function listCollaborators(ctx: ProjectCtx): Reply {
  const dashboard = nestedDashboard(ctx);
  const rows = ctx.state.collaborators.filter((c) => c.dashboardId === dashboard.id);
  const json = rows.map((row) => collaboratorJson(ctx, row, ctx.flavor));
  if (ctx.flavor === 'posthog') return { status: 200, json };
  return { status: 200, json: json[0] ?? [] };
}

/** Endpoint 4, with the validation order of PostHog's DashboardCollaboratorSerializer. */
export function addCollaborator(ctx: ProjectCtx): Reply {
  const dashboard = nestedDashboard(ctx);
  requireEdit(ctx, dashboard);
  const body = asBody(ctx.body);
  const level = required(optionalChoice(body, 'level', [21, 37] as const), 'level');
  const rawUuid = required(body.user_uuid, 'user_uuid');
  if (typeof rawUuid !== 'string' || !UUID.test(rawUuid))
    fail(validationError('Must be a valid UUID.', 'user_uuid'));
  if (dashboard.restrictionLevel <= 21) {
    fail(validationError('Cannot add collaborators to a dashboard on the lowest restriction level.'));
  }
  if (level !== 37) fail(validationError('Only edit access can be explicitly specified currently.'));
  const user = ctx.state.users.find((candidate) => candidate.uuid === String(rawUuid).toLowerCase());
  if (!user) return fail(validationError('User does not exist.'));
  if (user.id === dashboard.createdBy) {
    fail(
      validationError(
        'Cannot add collaborators that already have inherent access (the dashboard owner or a project admins).',
      ),
    );
  }
  if (ctx.state.collaborators.some((c) => c.dashboardId === dashboard.id && c.userId === user.id)) {
    fail(validationError('User already is a collaborator.'));
  }
  const at = now();
  const collaborator: Collaborator = {
    id: randomUUID(),
    dashboardId: dashboard.id,
    userId: user.id,
    level,
    addedAt: at,
    updatedAt: at,
  };
  ctx.state.collaborators.push(collaborator);
  return { status: 201, json: collaboratorJson(ctx, collaborator, ctx.flavor) };
}

/** Endpoint 5. */
export function removeCollaborator(ctx: ProjectCtx): Reply {
  const dashboard = nestedDashboard(ctx);
  requireEdit(ctx, dashboard);
  const uuid = (ctx.params.user_uuid ?? '').toLowerCase();
  const index = ctx.state.collaborators.findIndex(
    (c) => c.dashboardId === dashboard.id && findUser(ctx.state, c.userId)?.uuid === uuid,
  );
  if (index < 0) fail(notFound());
  if (dashboard.restrictionLevel <= 21) {
    fail(validationError('Cannot remove collaborators from a dashboard on the lowest restriction level.'));
  }
  ctx.state.collaborators.splice(index, 1);
  return { status: 204 };
}
