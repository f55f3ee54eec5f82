import { randomBytes } from 'node:crypto';
import { fail, notFound, permissionDenied, serverError, validationError } from '../errors';
import type { Reply } from '../http';
import { cursorPaginate } from '../pagination';
import type { ProjectCtx } from '../router';
import { commentJson } from '../serializers/comments';
import type { Comment } from '../state';
import { asBody, type Body, optionalBoolean, optionalNullableString } from '../validate';

/** `TICKET_COMMENT_SCOPES` and the task scopes: product-owned, never listed without their scope. */
const PRODUCT_SCOPES = new Set(['Ticket', 'conversations_ticket', 'task', 'task_artifact', 'desktop_canvas']);
/** `RESERVED_ITEM_CONTEXT_KEYS`: stripped from what a client sends. */
const RESERVED_CONTEXT_KEYS = new Set([
  'from_slack',
  'slack_synced_ts',
  'slack_message_ts',
  'slack_author_name',
  'slack_author_avatar',
]);
const PAGE_SIZE = 100;

type Action = 'list' | 'count' | 'thread' | 'retrieve' | 'update' | 'partial_update';

/** PostHog's `UUIDT`: 48 bits of milliseconds, a 16-bit series, 64 random bits. */
let series = 0;
function uuidT(at: number): string {
  const time = at.toString(16).padStart(12, '0');
  series = (series + 1) & 0xffff;
  const random = randomBytes(8).toString('hex');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-${series.toString(16).padStart(4, '0')}-${random.slice(0, 4)}-${random.slice(4)}`;
}

/** Python's `str(datetime)` of an aware UTC time: the cursor's position. */
export function pythonDatetime(iso: string): string {
  const date = new Date(iso);
  const [day, rest = ''] = date.toISOString().split('T');
  const [time = '', ms = '000'] = rest.replace('Z', '').split('.');
  return `${day} ${time}${ms === '000' ? '' : `.${ms}000`}+00:00`;
}

function positionValue(position: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})?$/.exec(
    position,
  );
  if (!match) return Number.NaN;
  const fraction = (match[3] ?? '').padEnd(6, '0');
  const millis = Date.parse(`${match[1]}T${match[2]}${match[4] ?? 'Z'}`);
  return millis + Number(fraction) / 1000;
}

/** `CommentViewSet.safely_get_queryset` for this project, newest first (`CommentPagination.ordering`). */
function queryset(ctx: ProjectCtx, action: Action): Comment[] {
  const params = ctx.url.searchParams;
  let rows = ctx.state.comments.filter((c) => c.projectId === ctx.project.id);
  if (action !== 'partial_update' && (params.get('deleted') ?? 'false') === 'false') {
    rows = rows.filter((c) => !c.deleted);
  }
  const scope = params.get('scope');
  if (scope) {
    rows = rows.filter((c) => c.scope === scope);
    // No ticket or task is modelled, so the caller can see none of theirs.
    if (PRODUCT_SCOPES.has(scope)) rows = [];
  } else if (action === 'list' || action === 'count') {
    rows = rows.filter((c) => !PRODUCT_SCOPES.has(c.scope));
  }
  const itemId = params.get('item_id');
  if (itemId) rows = rows.filter((c) => c.itemId === itemId);
  const search = params.get('search');
  if (search) {
    // Postgres full-text `content__search`, approximated: every word of the query appears in the content.
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    rows = rows.filter((c) => words.every((word) => (c.content ?? '').toLowerCase().includes(word)));
  }
  if (params.get('exclude_emoji_reactions') === 'true') {
    rows = rows.filter((c) => {
      const context = c.itemContext as Record<string, unknown> | null;
      return (
        !context || typeof context !== 'object' || !('is_emoji' in context) || context.is_emoji === false
      );
    });
  }
  const kind = params.get('kind');
  if (kind === 'task') rows = rows.filter((c) => c.isTask);
  else if (kind === 'comment') rows = rows.filter((c) => !c.isTask);
  // No task is ever completed here: `completed=completed` finds none.
  if (kind === 'task' && params.get('completed') === 'completed') rows = [];
  const source = action === 'thread' ? (ctx.params.id ?? null) : params.get('source_comment');
  if (source) rows = rows.filter((c) => c.sourceComment === source);
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

function page(ctx: ProjectCtx, rows: Comment[]): Reply {
  const result = cursorPaginate(rows, ctx.url, {
    pageSize: PAGE_SIZE,
    positionOf: (c) => pythonDatetime(c.createdAt),
    valueOf: positionValue,
  });
  if (result === 'invalid') return fail(notFound('Invalid cursor'));
  if (result === 'unreadable') return fail(serverError());
  return { status: 200, json: { ...result, results: result.results.map((c) => commentJson(c, ctx.state)) } };
}

/** `GET …/comments/`: `CommentPagination` (cursor, `-created_at`, 100 a page). */
export const listComments = (ctx: ProjectCtx): Reply => page(ctx, queryset(ctx, 'list'));

/** `GET …/comments/{id}/thread/`: the replies of one comment, paginated like the list. */
export const commentThread = (ctx: ProjectCtx): Reply => page(ctx, queryset(ctx, 'thread'));

/** `GET …/comments/count/`: `{"count": n}` over the same filters. */
export const countComments = (ctx: ProjectCtx): Reply => ({
  status: 200,
  json: { count: queryset(ctx, 'count').length },
});

function requireComment(ctx: ProjectCtx, action: Action): Comment {
  const comment = queryset(ctx, action).find((c) => c.id === ctx.params.id);
  return comment ?? fail(notFound());
}

export const retrieveComment = (ctx: ProjectCtx): Reply => ({
  status: 200,
  json: commentJson(requireComment(ctx, 'retrieve'), ctx.state),
});

/** DRF `CharField` rules the serializer's `scope` (79, not blank) and `item_id` (72, nullable) follow. */
function charField(
  body: Body,
  field: string,
  maxLength: number,
  nullable: boolean,
): string | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null)
    return nullable ? null : fail(validationError('This field may not be null.', field, 'null'));
  const text =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : fail(validationError('Not a valid string.', field));
  if (text === '') return fail(validationError('This field may not be blank.', field, 'blank'));
  if (text.length > maxLength) {
    return fail(
      validationError(`Ensure this field has no more than ${maxLength} characters.`, field, 'max_length'),
    );
  }
  return text;
}

interface Fields {
  scope?: string;
  itemContext?: unknown;
  deleted?: boolean;
  isTask?: boolean;
  content?: string | null;
  richContent?: unknown;
  itemId?: string | null;
  sourceComment?: Comment | null;
}

/** The serializer's fields, in its order; the first failing one is the error (drf-exceptions-hog). */
function readFields(ctx: ProjectCtx, body: Body, partial: boolean): Fields {
  const fields: Fields = {};
  const scope = charField(body, 'scope', 79, false);
  if (typeof scope === 'string') fields.scope = scope;
  if ('item_context' in body) fields.itemContext = body.item_context;
  if (body.deleted !== null) {
    const deleted = optionalBoolean(body, 'deleted');
    if (deleted !== undefined) fields.deleted = deleted;
  }
  const isTask = optionalBoolean(body, 'is_task');
  if (isTask !== undefined) fields.isTask = isTask;
  else if (!partial) fields.isTask = false;
  const content =
    body.content === undefined ? undefined : optionalNullableString(body, 'content', Number.MAX_SAFE_INTEGER);
  if (content !== undefined) fields.content = content;
  if ('rich_content' in body) fields.richContent = body.rich_content;
  const itemId = charField(body, 'item_id', 72, true);
  if (itemId !== undefined) fields.itemId = itemId;
  const source = body.source_comment;
  if (source !== undefined && source !== null) {
    const found = ctx.state.comments.find((c) => c.id === String(source));
    if (!found) {
      fail(
        validationError(
          `Invalid pk "${String(source)}" - object does not exist.`,
          'source_comment',
          'does_not_exist',
        ),
      );
    }
    fields.sourceComment = found;
  } else if (source === null) fields.sourceComment = null;
  return fields;
}

/** `CommentSerializer.has_empty_paragraph`. */
function hasEmptyParagraph(doc: Record<string, unknown>): boolean {
  const nodes = Array.isArray(doc.content) ? (doc.content as Array<Record<string, unknown>>) : [];
  return nodes.some((node) => {
    if (node?.type !== 'paragraph') return false;
    const content = Array.isArray(node.content) ? (node.content as Array<Record<string, unknown>>) : [];
    return content.length === 1 && content[0]?.type === 'text' && (content[0]?.text ?? '') === '';
  });
}

/** `CommentSerializer.validate`, for a new comment (`instance` undefined) or an edit. */
function validate(ctx: ProjectCtx, fields: Fields, instance?: Comment): Fields {
  const context = fields.itemContext;
  if (context !== undefined && context !== null && (typeof context !== 'object' || Array.isArray(context))) {
    fail(validationError('Must be an object.', 'item_context'));
  }
  if (instance) {
    if (instance.createdBy !== ctx.user.id) fail(permissionDenied('You can only modify your own comments'));
    if (fields.isTask !== undefined && fields.isTask !== instance.isTask) {
      fail(validationError('Cannot change task state after creation.', 'is_task'));
    }
  }
  const source = fields.sourceComment !== undefined ? fields.sourceComment : null;
  if (!instance && !source && fields.scope === undefined) {
    fail(validationError('This field is required.', 'scope', 'required'));
  }
  if (source && source.projectId !== ctx.project.id)
    fail(validationError('Comment not found.', 'source_comment'));
  if (!instance && source) {
    // A reply joins its thread's root and takes its scope, item and context (plus its own emoji flag).
    const root = ctx.state.comments.find((c) => c.id === source.sourceComment) ?? source;
    const own = (fields.itemContext ?? {}) as Record<string, unknown>;
    fields.sourceComment = root;
    fields.scope = root.scope;
    fields.itemId = root.itemId;
    fields.itemContext = {
      ...((root.itemContext as Record<string, unknown> | null) ?? {}),
      ...('is_emoji' in own ? { is_emoji: own.is_emoji } : {}),
      ...(own.threadState === 'resolved' || own.threadState === 'open'
        ? { threadState: own.threadState }
        : {}),
    };
  }
  if (fields.deleted !== true) {
    const content = fields.content === undefined ? '' : fields.content;
    // PostHog calls `.strip()` on it: a null content is an unhandled AttributeError.
    if (content === null) fail(serverError());
    const rich = fields.richContent;
    const richEmpty =
      rich === undefined ||
      rich === null ||
      rich === false ||
      rich === '' ||
      rich === 0 ||
      (Array.isArray(rich) && rich.length === 0) ||
      (typeof rich === 'object' && !Array.isArray(rich) && Object.keys(rich).length === 0);
    if ((content ?? '').trim() === '') {
      if (richEmpty) fail(validationError('A comment must have content'));
      // `rich_content.get(...)` on a non-object is an unhandled AttributeError.
      if (typeof rich !== 'object' || Array.isArray(rich)) fail(serverError());
      if (hasEmptyParagraph(rich as Record<string, unknown>))
        fail(validationError('A comment must have content'));
    }
  }
  if (fields.itemContext && typeof fields.itemContext === 'object') {
    fields.itemContext = Object.fromEntries(
      Object.entries(fields.itemContext as Record<string, unknown>).filter(
        ([key]) => !RESERVED_CONTEXT_KEYS.has(key),
      ),
    );
  }
  if (!instance && fields.isTask) {
    if (fields.sourceComment) fail(validationError('Replies cannot be tasks.', 'is_task'));
    if ((fields.itemContext as Record<string, unknown> | null)?.is_emoji) {
      fail(validationError('Emoji reactions cannot be tasks.', 'is_task'));
    }
  }
  return fields;
}

/** A creation time no other comment of the project has, so the cursor's positions stay unique. */
function uniqueNow(ctx: ProjectCtx): string {
  let at = Date.now();
  const taken = new Set(ctx.state.comments.map((c) => Date.parse(c.createdAt)));
  while (taken.has(at)) at += 1;
  return new Date(at).toISOString();
}

/** `POST …/comments/` → 201 with the comment; `created_by` is the caller (a key's owner). */
export function createComment(ctx: ProjectCtx): Reply {
  const fields = validate(ctx, readFields(ctx, asBody(ctx.body), false));
  const createdAt = uniqueNow(ctx);
  const comment: Comment = {
    id: uuidT(Date.parse(createdAt)),
    projectId: ctx.project.id,
    content: fields.content ?? null,
    richContent: fields.richContent ?? null,
    version: 0,
    createdAt,
    createdBy: ctx.user.id,
    deleted: fields.deleted ?? false,
    itemId: fields.itemId ?? null,
    itemContext: fields.itemContext ?? null,
    scope: fields.scope ?? '',
    sourceComment: fields.sourceComment?.id ?? null,
    isTask: fields.isTask ?? false,
  };
  ctx.state.comments.push(comment);
  return { status: 201, json: commentJson(comment, ctx.state) };
}

/**
 * `PATCH` / `PUT …/comments/{id}/`: only the author (403 "You can only modify your own comments"); a
 * new non-empty `content` bumps `version`; `{"deleted": true}` is the soft delete (PATCH finds deleted
 * comments too, PUT does not). Without `deleted: true` the content rule applies to what is sent.
 */
export function updateComment(ctx: ProjectCtx): Reply {
  const partial = ctx.method === 'PATCH';
  const comment = requireComment(ctx, partial ? 'partial_update' : 'update');
  const fields = validate(ctx, readFields(ctx, asBody(ctx.body), partial), comment);
  if (fields.content) comment.version += 1;
  if (fields.scope !== undefined) comment.scope = fields.scope;
  if (fields.itemContext !== undefined) comment.itemContext = fields.itemContext;
  if (fields.deleted !== undefined) comment.deleted = fields.deleted;
  if (fields.isTask !== undefined) comment.isTask = fields.isTask;
  if (fields.content !== undefined) comment.content = fields.content;
  if (fields.richContent !== undefined) comment.richContent = fields.richContent;
  if (fields.itemId !== undefined) comment.itemId = fields.itemId;
  if (fields.sourceComment !== undefined) comment.sourceComment = fields.sourceComment?.id ?? null;
  return { status: 200, json: commentJson(comment, ctx.state) };
}

/** `ForbidDestroyModel.destroy`: 405 with an empty body, whatever the id. */
export const refuseCommentDelete = (): Reply => ({ status: 405 });
