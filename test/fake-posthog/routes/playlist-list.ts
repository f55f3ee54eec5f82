import type { Reply } from '../http';
import { paginate } from '../pagination';
import type { ProjectCtx } from '../router';
import type { SyntheticPlaylist } from '../serializers/playlists';
import { playlistJson, SYNTHETIC_PLAYLISTS, syntheticJson } from '../serializers/playlists';
import type { Playlist } from '../state';

type Row = { synthetic: SyntheticPlaylist } | { playlist: Playlist };

const ORDER_FIELDS = { last_modified_at: 'lastModifiedAt', created_at: 'createdAt', name: 'name' } as const;

/** `?order=`, normalised like PostHog's newest code: a known field with an optional `-`. */
function comparator(order: string | null): (a: Playlist, b: Playlist) => number {
  const descending = order?.startsWith('-') ?? true;
  const field = (order ?? '').replace(/^-/, '');
  const key = field in ORDER_FIELDS ? ORDER_FIELDS[field as keyof typeof ORDER_FIELDS] : 'lastModifiedAt';
  const useDefault = !(field in ORDER_FIELDS);
  const sign = useDefault || descending ? -1 : 1;
  // Postgres puts NULLs last when ascending and first when descending.
  return (a, b) => {
    const left = a[key];
    const right = b[key];
    if (left !== right) {
      if (left === null) return sign;
      if (right === null) return -sign;
      return (left < right ? -1 : 1) * sign;
    }
    return b.id - a.id;
  };
}

/**
 * Endpoint 12. The contract flavor honours only `created_by` and `short_id` (any other parameter is
 * ignored, as a server that does not know it would). The posthog flavor adds PostHog's filters and its
 * synthetic playlists, which come first and count in `count`.
 */
export function listPlaylists(ctx: ProjectCtx): Reply {
  const query = ctx.url.searchParams;
  const posthog = ctx.flavor === 'posthog';
  const createdBy = query.get('created_by');
  const shortId = query.get('short_id');
  const mine = posthog && Boolean(query.get('user'));
  const pinned = posthog && query.has('pinned');
  const type = posthog ? query.get('type') : null;
  const collectionType = posthog ? query.get('collection_type') : null;
  const search = posthog ? (query.get('search') ?? '').toLowerCase() : '';
  const recordingId = posthog ? query.get('session_recording_id') : null;

  const named = (name: string | null, derived: string | null) =>
    !search || `${name ?? ''} ${derived ?? ''}`.toLowerCase().includes(search);
  const rows = ctx.state.playlists.filter(
    (p) =>
      p.projectId === ctx.project.id &&
      !p.deleted &&
      (createdBy === null || String(p.createdBy) === createdBy) &&
      (shortId === null || p.shortId === shortId) &&
      (!mine || p.createdBy === ctx.user.id) &&
      (!pinned || p.pinned) &&
      (type === null || p.type === type) &&
      (recordingId === null || p.recordingIds.includes(recordingId)) &&
      named(p.name, p.derivedName),
  );
  rows.sort(comparator(posthog ? query.get('order') : null));

  const withSynthetic =
    posthog &&
    createdBy === null &&
    !mine &&
    !pinned &&
    type !== 'filters' &&
    recordingId === null &&
    collectionType !== 'custom';
  const synthetic = withSynthetic
    ? SYNTHETIC_PLAYLISTS.filter((s) => (shortId === null || s.shortId === shortId) && named(s.name, null))
    : [];
  const all: Row[] = [
    ...synthetic.map((s) => ({ synthetic: s })),
    ...(collectionType === 'synthetic' ? [] : rows.map((playlist) => ({ playlist }))),
  ];
  const page = paginate(all, ctx.url, posthog ? { maxLimit: 500 } : {});
  const results = page.results.map((row) =>
    'synthetic' in row ? syntheticJson(row.synthetic) : playlistJson(row.playlist, ctx.state, ctx.flavor),
  );
  return { status: 200, json: { ...page, results } };
}
