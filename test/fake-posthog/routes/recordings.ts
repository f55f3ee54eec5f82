import { fail, notFound } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import { recordingJson } from '../serializers/recordings';

/**
 * `SessionRecordingViewSet.retrieve`: the recording's metadata, then its person. A session id the project
 * has no recording of fails `load_metadata()` → `NotFound("Recording not found")`. GET marks nothing viewed.
 */
export function retrieveRecording(ctx: ProjectCtx): Reply {
  const recording = ctx.state.recordings.find(
    (candidate) => candidate.projectId === ctx.project.id && candidate.id === ctx.params.session_id,
  );
  if (!recording) return fail(notFound('Recording not found'));
  return { status: 200, json: recordingJson(ctx.state, recording, 'retrieve', ctx.user.id) };
}
