import { fail, notFound, validationError } from '../errors';
import type { Reply } from '../http';
import type { ProjectCtx } from '../router';
import { playlistJson, SYNTHETIC_PLAYLISTS, syntheticJson } from '../serializers/playlists';
import type { Playlist } from '../state';
import { findPlaylist, now, randomBase62 } from '../state';
import type { Body } from '../validate';
import { asBody, isEmptyFilters, optionalBoolean, optionalNullableString, optionalString } from '../validate';

export const findSynthetic = (ctx: ProjectCtx) =>
  ctx.flavor === 'posthog' ? SYNTHETIC_PLAYLISTS.find((s) => s.shortId === ctx.params.short_id) : undefined;

export function requirePlaylist(ctx: ProjectCtx, { includeDeleted = false } = {}): Playlist {
  const playlist = findPlaylist(ctx.state, ctx.project.id, ctx.params.short_id ?? '');
  if (!playlist || (playlist.deleted && !includeDeleted)) return fail(notFound());
  return playlist;
}

const json = (ctx: ProjectCtx, playlist: Playlist) => playlistJson(playlist, ctx.state, ctx.flavor);

function readFields(body: Body) {
  return {
    name: optionalNullableString(body, 'name'),
    derivedName: optionalNullableString(body, 'derived_name'),
    description: optionalString(body, 'description', 10_000),
    pinned: optionalBoolean(body, 'pinned'),
    deleted: optionalBoolean(body, 'deleted'),
    filters: body.filters,
  };
}

function uniqueShortId(ctx: ProjectCtx): string {
  let shortId = randomBase62(8);
  while (findPlaylist(ctx.state, ctx.project.id, shortId)) shortId = randomBase62(8);
  return shortId;
}

/** Endpoint 13. PostHog requires `type`; the contract has none, so that flavor infers it from `filters`. */
export function createPlaylist(ctx: ProjectCtx): Reply {
  const body = asBody(ctx.body);
  const fields = readFields(body);
  const hasFilters = !isEmptyFilters(fields.filters);
  let type: Playlist['type'];
  if (ctx.flavor === 'posthog') {
    if (body.type !== 'collection' && body.type !== 'filters') {
      return fail(validationError('Must provide a valid playlist type: either filters or collection'));
    }
    type = body.type;
    if (type === 'collection' && hasFilters)
      fail(validationError('You cannot create a collection with filters'));
    if (type === 'filters' && !hasFilters) {
      fail(validationError('You must provide a valid filters when creating a saved filter'));
    }
  } else {
    type =
      body.type === 'collection' || body.type === 'filters'
        ? body.type
        : hasFilters
          ? 'filters'
          : 'collection';
  }
  const at = now();
  const playlist: Playlist = {
    id: ctx.state.nextId.playlist++,
    shortId: uniqueShortId(ctx),
    projectId: ctx.project.id,
    name: fields.name ?? null,
    derivedName: fields.derivedName ?? null,
    description: fields.description ?? '',
    pinned: fields.pinned ?? false,
    createdAt: at,
    createdBy: ctx.user.id,
    deleted: fields.deleted ?? false,
    filters: fields.filters ?? {},
    lastModifiedAt: at,
    lastModifiedBy: ctx.user.id,
    type,
    recordingIds: [],
  };
  ctx.state.playlists.push(playlist);
  return { status: 201, json: json(ctx, playlist) };
}

/** Endpoint 14. */
export function retrievePlaylist(ctx: ProjectCtx): Reply {
  const synthetic = findSynthetic(ctx);
  if (synthetic) return { status: 200, json: syntheticJson(synthetic) };
  return { status: 200, json: json(ctx, requirePlaylist(ctx)) };
}

/** Endpoint 15 (and PUT). Updates reach soft-deleted playlists, which is how they are restored. */
export function updatePlaylist(ctx: ProjectCtx): Reply {
  if (findSynthetic(ctx)) return fail(validationError('Cannot update synthetic playlists'));
  const playlist = requirePlaylist(ctx, { includeDeleted: true });
  const body = asBody(ctx.body);
  const fields = readFields(body);
  if (ctx.flavor === 'posthog') {
    if (playlist.type === 'filters' && isEmptyFilters(fields.filters)) {
      fail(validationError('You cannot remove all filters when updating a saved filter'));
    }
    if (playlist.type === 'collection' && !isEmptyFilters(fields.filters)) {
      fail(validationError('You cannot update a collection to add filters'));
    }
  }
  const touchesContent =
    fields.name !== undefined || fields.description !== undefined || fields.filters !== undefined;
  if (fields.name !== undefined) playlist.name = fields.name;
  if (fields.derivedName !== undefined) playlist.derivedName = fields.derivedName;
  if (fields.description !== undefined) playlist.description = fields.description;
  if (fields.pinned !== undefined) playlist.pinned = fields.pinned;
  if (fields.deleted !== undefined) playlist.deleted = fields.deleted;
  if (fields.filters !== undefined) playlist.filters = fields.filters;
  if (touchesContent) {
    playlist.lastModifiedAt = now();
    playlist.lastModifiedBy = ctx.user.id;
  }
  return { status: 200, json: json(ctx, playlist) };
}

/** Endpoint 16: ForbidDestroyModel. */
export const refusePlaylistDelete = (): Reply => ({ status: 405 });
