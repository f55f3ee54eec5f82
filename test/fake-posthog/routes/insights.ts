import { fail, notFound } from '../errors';
import type { Reply } from '../http';
import { paginate } from '../pagination';
import type { ProjectCtx } from '../router';
import { insightBasic, insightFull, type ObjectView } from '../serializers/insights';
import type { Insight } from '../state';

const viewOf = (ctx: ProjectCtx): ObjectView => ({
  state: ctx.state,
  flavor: ctx.flavor,
  userId: ctx.user.id,
});

/** `InsightViewSet._is_basic_request`: `str_to_bool(basic)` (1, true, yes, on…). */
const isBasic = (ctx: ProjectCtx): boolean =>
  ['1', 'true', 'yes', 'on', 't', 'y'].includes((ctx.url.searchParams.get('basic') ?? '').toLowerCase());

const serialize = (ctx: ProjectCtx) => {
  const view = viewOf(ctx);
  return (insight: Insight) => (isBasic(ctx) ? insightBasic(insight, view) : insightFull(insight, view));
};

/** `dangerously_get_queryset`: the URL's project, soft-deleted insights left out. */
const visible = (ctx: ProjectCtx): Insight[] =>
  ctx.state.insights.filter((i) => i.projectId === ctx.project.id && !i.deleted);

/** `GET …/insights/`: `filterset_fields = ["short_id"]`; ordered by `order` (all null here: by id). */
export function listInsights(ctx: ProjectCtx): Reply {
  const shortId = ctx.url.searchParams.get('short_id');
  const rows = visible(ctx)
    .filter((i) => shortId === null || i.shortId === shortId)
    .sort((a, b) => a.id - b.id);
  const page = paginate(rows, ctx.url);
  return { status: 200, json: { ...page, results: page.results.map(serialize(ctx)) } };
}

/** `safely_get_object`: a purely numeric id is tried as the pk first, then anything as the short_id. */
export function retrieveInsight(ctx: ProjectCtx): Reply {
  const raw = ctx.params.id ?? '';
  const rows = visible(ctx);
  const insight =
    (/^\d+$/.test(raw) ? rows.find((i) => i.id === Number(raw)) : undefined) ??
    rows.find((i) => i.shortId === raw);
  if (!insight) return fail(notFound());
  return { status: 200, json: serialize(ctx)(insight) };
}
