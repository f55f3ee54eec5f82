import { notFound } from '../errors';
import type { Reply } from '../http';
import { paginate } from '../pagination';
import type { Ctx, ProjectCtx } from '../router';
import { me, projectBasic, projectDetail } from '../serializers/users';

/** `GET /api/projects/`: every project of the organisation, paginated. */
export function listProjects(ctx: Ctx): Reply {
  const page = paginate(ctx.state.projects, ctx.url);
  return { status: 200, json: { ...page, results: page.results.map((p) => projectBasic(ctx.state, p)) } };
}

export function retrieveProject(ctx: ProjectCtx): Reply {
  return { status: 200, json: projectDetail(ctx.state, ctx.project) };
}

export function currentUser(ctx: Ctx): Reply {
  return { status: 200, json: me(ctx.state, ctx.user, ctx.flavor) };
}

/** `GET /api/personal_api_keys/@current/`: only meaningful for a key. */
export function currentKey(ctx: Ctx): Reply {
  if (ctx.caller.kind !== 'key') return notFound();
  const key = ctx.caller.key;
  return {
    status: 200,
    json: {
      id: key.id,
      label: key.label,
      value: null,
      mask_value: `phx_...${key.value.slice(-4)}`,
      created_at: key.createdAt,
      last_used_at: new Date().toISOString(),
      user_id: key.userId,
      scopes: key.scopes.includes('*') ? ['*'] : [...key.scopes],
      scoped_teams: [...key.scopedTeams],
      scoped_organizations: [],
      last_rolled_at: null,
    },
  };
}
