import type { Comment, State } from '../state';
import { findUser } from '../state';
import { userSummary } from './users';

/**
 * `CommentSerializer` (`posthog/api/comments.py`, `exclude = ["team"]`), keys in DRF's order: the pk, the
 * declared fields, then the model's. `created_by` / `completed_by` are `UserBasicSerializer` (PostHog's
 * own shape in both flavors: comments are not part of the contract). `slack_thread` is null (no Slack
 * mirror modelled); `completed_at` / `completed_by` are null (no task is ever completed here).
 */
export function commentJson(comment: Comment, state: State): Record<string, unknown> {
  return {
    id: comment.id,
    created_by: userSummary(findUser(state, comment.createdBy), 'posthog'),
    scope: comment.scope,
    item_context: comment.itemContext,
    deleted: comment.deleted,
    is_task: comment.isTask,
    completed_by: null,
    slack_thread: null,
    content: comment.content,
    rich_content: comment.richContent,
    version: comment.version,
    created_at: comment.createdAt,
    item_id: comment.itemId,
    completed_at: null,
    source_comment: comment.sourceComment,
  };
}
