import type { Access, Route } from '../router';
import { ANY, scope, UNSUPPORTED } from '../router';
import type { ListingRates } from '../throttle';
import type { CommentsKeyAccess, Flavor } from '../types';
import { currentKey, currentUser, listProjects, retrieveProject } from './account';
import { addCollaborator, listCollaborators, removeCollaborator } from './collaborators';
import {
  commentThread,
  countComments,
  createComment,
  listComments,
  refuseCommentDelete,
  retrieveComment,
  updateComment,
} from './comments';
import { createFromTemplate, moveTile } from './dashboard-actions';
import {
  createDashboard,
  listDashboards,
  refuseDashboardDelete,
  retrieveDashboard,
  updateDashboard,
} from './dashboards';
import { listInsights, retrieveInsight } from './insights';
import { listNotebooks, retrieveNotebook } from './notebooks';
import { listPersons, retrievePerson } from './persons';
import { listPlaylists } from './playlist-list';
import {
  addRecordingToPlaylist,
  bulkAddToPlaylist,
  bulkDeleteFromPlaylist,
  listPlaylistRecordings,
  removeRecordingFromPlaylist,
} from './playlist-recordings';
import { createPlaylist, refusePlaylistDelete, retrievePlaylist, updatePlaylist } from './playlists';
import { createRecordingList } from './recording-list';
import { retrieveRecording } from './recordings';
import { getSharing, updateSharing } from './sharing';

const P = '/api/projects/:project_id';
const DASHBOARDS = `${P}/dashboards`;
const PLAYLISTS = `${P}/session_recording_playlists`;
const INSIGHTS = `${P}/insights`;
const NOTEBOOKS = `${P}/notebooks`;
const RECORDINGS = `${P}/session_recordings`;
const COMMENTS = `${P}/comments`;
const PERSONS = `${P}/persons`;

/**
 * Every route, literal paths before parameter paths. Where the contract leaves a scope open, the
 * contract flavor asks for the write/read scope of the resource; the posthog flavor refuses keys
 * exactly where PostHog maps no scope.
 */
export function buildRoutes(
  flavor: Flavor,
  commentsKeyAccess: CommentsKeyAccess = 'scoped',
  listingRates: ListingRates | null = null,
  knowsVisitedPage = true,
): Route[] {
  const posthog = flavor === 'posthog';
  // `CommentViewSet`: scope object `comment` in the newest PostHog, `INTERNAL` (no key) in older builds.
  const internalComments = commentsKeyAccess === 'internal';
  const commentRead = internalComments ? UNSUPPORTED : scope('comment:read');
  const commentWrite = internalComments ? UNSUPPORTED : scope('comment:write');
  const dashRead = scope('dashboard:read');
  const dashWrite = scope('dashboard:write');
  const listRead = scope('session_recording_playlist:read');
  const listWrite = scope('session_recording_playlist:write');
  const insightRead = scope('insight:read');
  const notebookRead = scope('notebook:read');
  const sharingRead = scope('sharing_configuration:read');
  const sharingWrite = scope('sharing_configuration:write');
  const keyRefusedInPostHog = (contractAccess: Access) => (posthog ? UNSUPPORTED : contractAccess);

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: '/api/projects',
      access: scope('project:read'),
      scoping: 'root',
      handle: listProjects,
    },
    {
      method: 'GET',
      pattern: '/api/users/@me',
      access: scope('user:read'),
      scoping: 'exempt',
      handle: currentUser,
    },
    {
      method: 'GET',
      pattern: '/api/personal_api_keys/@current',
      access: ANY,
      scoping: 'exempt',
      handle: currentKey,
    },
    { method: 'GET', pattern: P, access: scope('project:read'), scoping: 'project', handle: retrieveProject },

    { method: 'GET', pattern: DASHBOARDS, access: dashRead, scoping: 'project', handle: listDashboards },
    { method: 'POST', pattern: DASHBOARDS, access: dashWrite, scoping: 'project', handle: createDashboard },
    {
      method: 'POST',
      pattern: `${DASHBOARDS}/create_from_template_json`,
      access: keyRefusedInPostHog(dashWrite),
      scoping: 'project',
      handle: createFromTemplate,
    },
    {
      method: 'GET',
      pattern: `${DASHBOARDS}/:id`,
      access: dashRead,
      scoping: 'project',
      handle: retrieveDashboard,
    },
    {
      method: 'PATCH',
      pattern: `${DASHBOARDS}/:id`,
      access: dashWrite,
      scoping: 'project',
      handle: updateDashboard,
    },
    {
      method: 'PUT',
      pattern: `${DASHBOARDS}/:id`,
      access: dashWrite,
      scoping: 'project',
      handle: updateDashboard,
    },
    {
      method: 'DELETE',
      pattern: `${DASHBOARDS}/:id`,
      access: dashWrite,
      scoping: 'project',
      handle: refuseDashboardDelete,
    },
    {
      method: 'PATCH',
      pattern: `${DASHBOARDS}/:id/move_tile`,
      access: dashWrite,
      scoping: 'project',
      handle: moveTile,
    },
    {
      method: 'GET',
      pattern: `${DASHBOARDS}/:dashboard_id/collaborators`,
      access: dashRead,
      scoping: 'project',
      handle: listCollaborators,
    },
    {
      method: 'POST',
      pattern: `${DASHBOARDS}/:dashboard_id/collaborators`,
      access: dashWrite,
      scoping: 'project',
      handle: addCollaborator,
    },
    {
      method: 'DELETE',
      pattern: `${DASHBOARDS}/:dashboard_id/collaborators/:user_uuid`,
      access: dashWrite,
      scoping: 'project',
      handle: removeCollaborator,
    },
    {
      method: 'GET',
      pattern: `${DASHBOARDS}/:dashboard_id/sharing`,
      access: sharingRead,
      scoping: 'project',
      handle: getSharing('dashboard'),
    },

    // `InsightViewSet` (scope `insight`) and its nested `SharingConfigurationViewSet`.
    { method: 'GET', pattern: INSIGHTS, access: insightRead, scoping: 'project', handle: listInsights },
    {
      method: 'GET',
      pattern: `${INSIGHTS}/:id`,
      access: insightRead,
      scoping: 'project',
      handle: retrieveInsight,
    },
    {
      method: 'GET',
      pattern: `${INSIGHTS}/:insight_id/sharing`,
      access: sharingRead,
      scoping: 'project',
      handle: getSharing('insight'),
    },
    // `SessionRecordingViewSet.list` (scope `session_recording`), with the listing throttle for keys.
    {
      method: 'GET',
      pattern: RECORDINGS,
      access: scope('session_recording:read'),
      scoping: 'project',
      handle: createRecordingList(listingRates, knowsVisitedPage),
    },
    // `SessionRecordingViewSet.retrieve` (scope `session_recording`).
    {
      method: 'GET',
      pattern: `${RECORDINGS}/:session_id`,
      access: scope('session_recording:read'),
      scoping: 'project',
      handle: retrieveRecording,
    },
    {
      method: 'GET',
      pattern: `${RECORDINGS}/:session_id/sharing`,
      access: sharingRead,
      scoping: 'project',
      handle: getSharing('recording'),
    },

    // `PersonViewSet` (`posthog/api/person.py`, scope `person`): list and retrieve.
    {
      method: 'GET',
      pattern: PERSONS,
      access: scope('person:read'),
      scoping: 'project',
      handle: listPersons,
    },
    {
      method: 'GET',
      pattern: `${PERSONS}/:id`,
      access: scope('person:read'),
      scoping: 'project',
      handle: retrievePerson,
    },

    // `CommentViewSet` (`posthog/api/comments.py`): list, count and thread read; create and edit write.
    { method: 'GET', pattern: COMMENTS, access: commentRead, scoping: 'project', handle: listComments },
    { method: 'POST', pattern: COMMENTS, access: commentWrite, scoping: 'project', handle: createComment },
    {
      method: 'GET',
      pattern: `${COMMENTS}/count`,
      access: commentRead,
      scoping: 'project',
      handle: countComments,
    },
    {
      method: 'GET',
      pattern: `${COMMENTS}/:id`,
      access: commentRead,
      scoping: 'project',
      handle: retrieveComment,
    },
    {
      method: 'PATCH',
      pattern: `${COMMENTS}/:id`,
      access: commentWrite,
      scoping: 'project',
      handle: updateComment,
    },
    {
      method: 'PUT',
      pattern: `${COMMENTS}/:id`,
      access: commentWrite,
      scoping: 'project',
      handle: updateComment,
    },
    {
      method: 'DELETE',
      pattern: `${COMMENTS}/:id`,
      access: commentWrite,
      scoping: 'project',
      handle: refuseCommentDelete,
    },
    {
      method: 'GET',
      pattern: `${COMMENTS}/:id/thread`,
      access: commentRead,
      scoping: 'project',
      handle: commentThread,
    },

    // `NotebookViewSet` (scope `notebook`, `lookup_field = "short_id"`).
    { method: 'GET', pattern: NOTEBOOKS, access: notebookRead, scoping: 'project', handle: listNotebooks },
    {
      method: 'GET',
      pattern: `${NOTEBOOKS}/:short_id`,
      access: notebookRead,
      scoping: 'project',
      handle: retrieveNotebook,
    },

    { method: 'GET', pattern: PLAYLISTS, access: listRead, scoping: 'project', handle: listPlaylists },
    { method: 'POST', pattern: PLAYLISTS, access: listWrite, scoping: 'project', handle: createPlaylist },
    {
      method: 'GET',
      pattern: `${PLAYLISTS}/:short_id`,
      access: listRead,
      scoping: 'project',
      handle: retrievePlaylist,
    },
    {
      method: 'PATCH',
      pattern: `${PLAYLISTS}/:short_id`,
      access: listWrite,
      scoping: 'project',
      handle: updatePlaylist,
    },
    {
      method: 'PUT',
      pattern: `${PLAYLISTS}/:short_id`,
      access: listWrite,
      scoping: 'project',
      handle: updatePlaylist,
    },
    {
      method: 'DELETE',
      pattern: `${PLAYLISTS}/:short_id`,
      access: listWrite,
      scoping: 'project',
      handle: refusePlaylistDelete,
    },
    {
      method: 'GET',
      pattern: `${PLAYLISTS}/:short_id/recordings`,
      access: listRead,
      scoping: 'project',
      handle: listPlaylistRecordings,
    },
    // PostHog's router tries `bulk_*` before `modify_recordings` (DRF orders extra actions by name).
    ...(posthog
      ? [
          {
            method: 'POST',
            pattern: `${PLAYLISTS}/:short_id/recordings/bulk_add`,
            access: UNSUPPORTED,
            scoping: 'project' as const,
            handle: bulkAddToPlaylist,
          },
          {
            method: 'POST',
            pattern: `${PLAYLISTS}/:short_id/recordings/bulk_delete`,
            access: UNSUPPORTED,
            scoping: 'project' as const,
            handle: bulkDeleteFromPlaylist,
          },
        ]
      : []),
    {
      method: 'POST',
      pattern: `${PLAYLISTS}/:short_id/recordings/:recording_id`,
      access: keyRefusedInPostHog(listWrite),
      scoping: 'project',
      handle: addRecordingToPlaylist,
    },
    {
      method: 'DELETE',
      pattern: `${PLAYLISTS}/:short_id/recordings/:recording_id`,
      access: keyRefusedInPostHog(listWrite),
      scoping: 'project',
      handle: removeRecordingFromPlaylist,
    },
  ];
  if (posthog) {
    routes.push(
      {
        method: 'POST',
        pattern: `${DASHBOARDS}/:id/move_tile`,
        access: dashWrite,
        scoping: 'project',
        handle: moveTile,
      },
      {
        method: 'PATCH',
        pattern: `${DASHBOARDS}/:dashboard_id/sharing`,
        access: sharingWrite,
        scoping: 'project',
        handle: updateSharing('dashboard'),
      },
      {
        method: 'PATCH',
        pattern: `${INSIGHTS}/:insight_id/sharing`,
        access: sharingWrite,
        scoping: 'project',
        handle: updateSharing('insight'),
      },
      {
        method: 'PATCH',
        pattern: `${RECORDINGS}/:session_id/sharing`,
        access: sharingWrite,
        scoping: 'project',
        handle: updateSharing('recording'),
      },
    );
  }
  return routes;
}
