import { fail, notFound, permissionDenied, serverError, validationError } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import type { Sharing, SharingTarget } from '../state';
import { now, randomShareToken, sharingKey } from '../state';
import type { Flavor } from '../types';
import { asBody, optionalBoolean } from '../validate';
import { findDashboard, requireEdit } from './dashboard-store';

/**
 * `SharingConfigurationViewSet` (`posthog/api/sharing.py`): one viewset under dashboards, insights and
 * recordings. `get_serializer_context` resolves what is shared; PATCH then runs
 * `check_can_edit_sharing_configuration` (the organisation's switch, then the object's edit check).
 */
export type SharingKind = SharingTarget['kind'];

interface Subject {
  target: SharingTarget;
  checkEdit(): void;
}

const SUBJECTS: Record<SharingKind, (ctx: ProjectCtx) => Subject> = {
  dashboard(ctx) {
    const dashboard = findDashboard(ctx, ctx.params.dashboard_id, { detail: 'Dashboard not found.' });
    return { target: { kind: 'dashboard', id: dashboard.id }, checkEdit: () => requireEdit(ctx, dashboard) };
  },
  insight(ctx) {
    const raw = ctx.params.insight_id ?? '';
    // `Insight.objects.get(id=insight_id, …)`: a non-numeric id (a short_id) makes Django's integer
    // lookup raise ValueError, which nothing catches: exceptions-hog's 500.
    if (!/^\d+$/.test(raw)) return fail(serverError());
    const id = Number(raw);
    // `Insight.objects` leaves soft-deleted insights out.
    const insight = ctx.state.insights.find(
      (i) => i.id === id && i.projectId === ctx.project.id && !i.deleted,
    );
    if (!insight) return fail(notFound('Insight not found.'));
    // RBAC `editor` on the insight: every seeded user has it (no access controls are modelled).
    return { target: { kind: 'insight', id: insight.id }, checkEdit: () => {} };
  },
  recording(ctx) {
    // `SessionRecording.get_or_build`: no existence check, no per-object edit check.
    const id = ctx.params.session_id ?? '';
    return { target: { kind: 'recording', projectId: ctx.project.id, id }, checkEdit: () => {} };
  },
};

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

function saveNew(ctx: ProjectCtx, target: SharingTarget): Sharing {
  const config: Sharing = {
    target,
    createdAt: now(),
    enabled: false,
    accessToken: randomShareToken(),
    settings: {},
  };
  ctx.state.sharing.set(sharingKey(target), config);
  return config;
}

/** Python's truthiness of a JSON value (`request.data.get("enabled")`). */
const truthy = (value: unknown): boolean =>
  !(value === undefined || value === null || value === false || value === 0 || value === '') &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * Endpoint 6 and its insight / recording twins. PostHog (newest) does not save on GET: with no config
 * it shows an unsaved one with a new token on every call. The contract flavor behaves like older
 * PostHog and saves it, token stable.
 */
export function getSharing(kind: SharingKind) {
  return (ctx: ProjectCtx): Reply => {
    const { target } = SUBJECTS[kind](ctx);
    let config = ctx.state.sharing.get(sharingKey(target)) ?? null;
    if (!config && ctx.flavor === 'contract') config = saveNew(ctx, target);
    return { status: 200, json: sharingJson(config, ctx.flavor) };
  };
}

/** PostHog's `PATCH …/sharing/` `{enabled, settings, password_required}`: saves the config, fixing its token. */
export function updateSharing(kind: SharingKind) {
  return (ctx: ProjectCtx): Reply => {
    const subject = SUBJECTS[kind](ctx);
    const raw = ctx.body;
    const askedEnabled =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw)
        ? (raw as Record<string, unknown>).enabled
        : undefined;
    const organization = ctx.state.organization;
    if (
      truthy(askedEnabled) &&
      organization.productFeatures.includes('organization_security_settings') &&
      !organization.allowPubliclySharedResources
    ) {
      fail(permissionDenied('Public sharing is disabled for this organization.'));
    }
    subject.checkEdit();
    const body = asBody(ctx.body);
    const enabled = optionalBoolean(body, 'enabled');
    // `SharingConfigurationSerializer.password_required` is writable in PostHog; older ones lack it.
    const passwordRequired =
      ctx.flavor === 'posthog' ? optionalBoolean(body, 'password_required') : undefined;
    const settings = body.settings;
    if (
      settings !== undefined &&
      (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    ) {
      fail(validationError('Invalid settings format', 'settings'));
    }
    const config = ctx.state.sharing.get(sharingKey(subject.target)) ?? saveNew(ctx, subject.target);
    if (enabled !== undefined) config.enabled = enabled;
    if (passwordRequired !== undefined) config.passwordRequired = passwordRequired;
    if (settings !== undefined) config.settings = settings as Record<string, unknown>;
    return { status: 200, json: sharingJson(config, ctx.flavor) };
  };
}
