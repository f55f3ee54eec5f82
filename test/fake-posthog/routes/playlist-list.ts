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
 * PostHog's `_order_playlists` (session_recording_playlist_api.py): the page of rows plus the
 * synthetic ones, sorted again in memory by `?order=` (default `-last_modified_at`). Synthetic
 * playlists have no dates and count as the latest, so they come first when descending and last when
 * ascending; by name they sort among the others. A stable sort, as Python's `sorted`.
 */
function orderCombined(rows: Row[], order: string | null): Row[] {
  const wanted = order ?? '-last_modified_at';
  const descending = wanted.startsWith('-');
  const field = wanted.replace(/^-/, '');
  const key = (row: Row): string | number => {
    if (field === 'name') {
      return 'synthetic' in row
        ? row.synthetic.name.toLowerCase()
        : (row.playlist.name || row.playlist.derivedName || '').toLowerCase();
    }
    if ('synthetic' in row) return Number.POSITIVE_INFINITY;
    const stamp = field === 'created_at' ? row.playlist.createdAt : row.playlist.lastModifiedAt;
    return stamp === null ? Number.NEGATIVE_INFINITY : Date.parse(stamp);
  };
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    return left === right ? 0 : (left < right ? -1 : 1) * sign;
  });
}

/**
 * Endpoint 12. The contract flavor honours only `created_by` and `short_id` (any other parameter is
 * ignored, as a server that does not know it would). The posthog flavor follows PostHog's newest
 * `list`: its own filters (`_filter_request`; `short_id` is not one of them, so it is ignored), one
 * page of rows, then on the first page the synthetic playlists (`_filter_synthetic_playlists`: kept
 * under `session_recording_id`, dropped by `user`, `created_by`, `pinned`, `type=filters`,
 * `collection_type=custom`), the whole re-sorted, and `count` = rows + synthetic.
 */
export function listPlaylists(ctx: ProjectCtx): Reply {
  const query = ctx.url.searchParams;
  const posthog = ctx.flavor === 'posthog';
  const createdBy = query.get('created_by');
  const shortId = posthog ? null : query.get('short_id');
  const mine = posthog && query.has('user');
  const pinned = posthog && query.has('pinned');
  const type = posthog ? query.get('type') : null;
  const collectionType = posthog ? query.get('collection_type') : null;
  const search = posthog ? (query.get('search') ?? '').toLowerCase() : '';
  const recordingId = posthog ? query.get('session_recording_id') : null;

  const matches = (...texts: Array<string | null>) =>
    !search || texts.some((text) => (text ?? '').toLowerCase().includes(search));
  const rows = ctx.state.playlists.filter(
    (p) =>
      p.projectId === ctx.project.id &&
      !p.deleted &&
      (createdBy === null || String(p.createdBy) === createdBy) &&
      (shortId === null || p.shortId === shortId) &&
      (!mine || p.createdBy === ctx.user.id) &&
      (!pinned || p.pinned) &&
      (type === null || p.type === type) &&
      collectionType !== 'synthetic' &&
      (recordingId === null || p.recordingIds.includes(recordingId)) &&
      matches(p.name, p.derivedName),
  );
  rows.sort(comparator(posthog ? query.get('order') : null));
  if (!posthog) {
    const page = paginate(rows, ctx.url);
    return {
      status: 200,
      json: { ...page, results: page.results.map((p) => playlistJson(p, ctx.state, ctx.flavor)) },
    };
  }

  const withSynthetic =
    createdBy === null && !mine && !pinned && type !== 'filters' && collectionType !== 'custom';
  const synthetic = withSynthetic ? SYNTHETIC_PLAYLISTS.filter((s) => matches(s.name, s.description)) : [];
  const page = paginate(rows, ctx.url, { maxLimit: 500 });
  const firstPage = !query.get('offset') || query.get('offset') === '0';
  const combined = orderCombined(
    [
      ...page.results.map((playlist) => ({ playlist })),
      ...(firstPage ? synthetic.map((s) => ({ synthetic: s })) : []),
    ],
    query.get('order'),
  );
  const results = combined.map((row) =>
    'synthetic' in row ? syntheticJson(row.synthetic) : playlistJson(row.playlist, ctx.state, ctx.flavor),
  );
  return { status: 200, json: { ...page, count: rows.length + synthetic.length, results } };
}
