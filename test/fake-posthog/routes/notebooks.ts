import { fail, notFound } from '../errors';
import type { Reply } from '../http';
import { paginate } from '../pagination';
import type { ProjectCtx } from '../router';
import { notebookFull, notebookMinimal, type ObjectView } from '../serializers/insights';
import type { Notebook } from '../state';

const viewOf = (ctx: ProjectCtx): ObjectView => ({
  state: ctx.state,
  flavor: ctx.flavor,
  userId: ctx.user.id,
});

const visible = (ctx: ProjectCtx): Notebook[] =>
  ctx.state.notebooks.filter((n) => n.projectId === ctx.project.id && !n.deleted);

/** `NotebookViewSet.list`: newest change first (`-last_modified_at`), `?short_id=` filter, limit/offset. */
export function listNotebooks(ctx: ProjectCtx): Reply {
  const shortId = ctx.url.searchParams.get('short_id');
  const rows = visible(ctx)
    .filter((n) => shortId === null || n.shortId === shortId)
    .sort((a, b) => (a.lastModifiedAt < b.lastModifiedAt ? 1 : a.lastModifiedAt > b.lastModifiedAt ? -1 : 0));
  const page = paginate(rows, ctx.url);
  const view = viewOf(ctx);
  return { status: 200, json: { ...page, results: page.results.map((n) => notebookMinimal(n, view)) } };
}

/** `GET …/notebooks/{short_id}/` (`lookup_field = "short_id"`); deleted ones are 404. */
export function retrieveNotebook(ctx: ProjectCtx): Reply {
  const notebook = visible(ctx).find((n) => n.shortId === ctx.params.short_id);
  if (!notebook) return fail(notFound());
  return { status: 200, json: notebookFull(notebook, viewOf(ctx)) };
}
