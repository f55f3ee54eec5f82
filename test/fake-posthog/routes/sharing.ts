import { fail, validationError } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import type { Sharing } from '../state';
import { now, randomShareToken } from '../state';
import type { Flavor } from '../types';
import { asBody, optionalBoolean } from '../validate';
import { findDashboard, requireEdit } from './dashboard-store';

function sharingJson(config: Sharing | null, flavor: Flavor): Record<string, unknown> {
  const json: Record<string, unknown> = {
    created_at: config?.createdAt ?? null,
    enabled: config?.enabled ?? false,
    access_token: config?.accessToken ?? randomShareToken(),
  };
  if (flavor === 'posthog') {
    Object.assign(json, {
      settings: config?.settings ?? null,
      password_required: config?.passwordRequired ?? false,
      share_passwords: [],
    });
  }
  return json;
}

function saveNew(ctx: ProjectCtx, dashboardId: number): Sharing {
  const config: Sharing = {
    dashboardId,
    createdAt: now(),
    enabled: false,
    accessToken: randomShareToken(),
    settings: {},
  };
  ctx.state.sharing.set(dashboardId, config);
  return config;
}

/**
 * Endpoint 6. PostHog (newest) does not save on GET: with no config it shows an unsaved one with a new
 * token on every call. The contract flavor behaves like older PostHog and saves it, token stable.
 */
export function getSharing(ctx: ProjectCtx): Reply {
  const dashboard = findDashboard(ctx, ctx.params.dashboard_id, { detail: 'Dashboard not found.' });
  let config = ctx.state.sharing.get(dashboard.id) ?? null;
  if (!config && ctx.flavor === 'contract') config = saveNew(ctx, dashboard.id);
  return { status: 200, json: sharingJson(config, ctx.flavor) };
}

/** PostHog's `PATCH …/sharing/` `{enabled, settings}`: saves the config, which fixes its token. */
export function updateSharing(ctx: ProjectCtx): Reply {
  const dashboard = findDashboard(ctx, ctx.params.dashboard_id, { detail: 'Dashboard not found.' });
  requireEdit(ctx, dashboard);
  const body = asBody(ctx.body);
  const enabled = optionalBoolean(body, 'enabled');
  // `SharingConfigurationSerializer.password_required` is writable in PostHog; older ones lack it.
  const passwordRequired = ctx.flavor === 'posthog' ? optionalBoolean(body, 'password_required') : undefined;
  const settings = body.settings;
  if (
    settings !== undefined &&
    (typeof settings !== 'object' || settings === null || Array.isArray(settings))
  ) {
    fail(validationError('Invalid settings format', 'settings'));
  }
  const config = ctx.state.sharing.get(dashboard.id) ?? saveNew(ctx, dashboard.id);
  if (enabled !== undefined) config.enabled = enabled;
  if (passwordRequired !== undefined) config.passwordRequired = passwordRequired;
  if (settings !== undefined) config.settings = settings as Record<string, unknown>;
  return { status: 200, json: sharingJson(config, ctx.flavor) };
}
