/**
 * The other areas of a project PostHog's app routes (`frontend/src/scenes/scenes.ts` `routes` and
 * `redirects`, `urls.ts`, and the product manifests `products/<product>/manifest.tsx`): flags, experiments,
 * persons, the SQL editor, error tracking and the rest, each a page worth a link. `events`, `comments`,
 * `pipeline` and `data-pipelines` are paths PostHog still redirects (to `/activity/explore`,
 * `/data-management/comments`, `/pipeline/overview`), so a link pasted in that form is a page too.
 * Anything else under `/project/{p}` is PostHog's not-found page, not a page to copy.
 */
export const PAGE_AREAS: ReadonlySet<string> = new Set([
  'home',
  'web',
  'activity',
  'activity-logs',
  'events',
  'sql',
  'max',
  'heatmaps',
  'error_tracking',
  'comments',
  'data-management',
  'data-warehouse',
  'data-pipelines',
  'pipeline',
  'functions',
  'batch_exports',
  'persons',
  'person',
  'groups',
  'cohorts',
  'feature_flags',
  'experiments',
  'early_access_features',
  'surveys',
  'survey_templates',
  'revenue_analytics',
  'llm-observability',
  'logs',
  'links',
  'link',
  'messaging',
  'user_interviews',
  'live-debugger',
  'toolbar',
  'settings',
  'canvas',
]);

/** PostHog's app outside a project's areas: signing in, the organisation, shared and embedded pages. */
const APP_ROOTS: ReadonlySet<string> = new Set([
  'project',
  'login',
  'signup',
  'logout',
  'settings',
  'organization',
  'me',
  'oauth',
  'shared',
  'embedded',
  'replay',
  'dashboard',
  'insights',
  'notebooks',
  'verify_email',
  'reset',
  'preflight',
  'instance',
]);

/**
 * Whether a path on a PostHog's own origin is a page of its app (its first segment is one of PostHog's
 * routes), rather than something else served there. The app runs posthog-js for PostHog's own project.
 */
export function isPostHogAppPath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return first === '' || APP_ROOTS.has(first) || PAGE_AREAS.has(first);
}
