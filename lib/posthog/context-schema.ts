import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { isAccessToken, isItemShortId, isPlaylistShortId, isRecordingId } from './context-ids';
import { isNormalisedAppOrigin } from './origins';

/**
 * What `parsePageContext` (lib/posthog/context.ts) returns, as a schema for the message boundary. Apart from
 * the parser so that pages which only compare or name contexts bundle no schema runtime.
 */
/** A PostHog app origin exactly as `parsePageContext` reports it (and as every stored origin is kept). */
export const AppOriginSchema = lazily(() =>
  z.string().check(z.maxLength(200), z.refine(isNormalisedAppOrigin, 'not a normalised PostHog app origin')),
);
const origin = AppOriginSchema;
const projectId = lazily(() => z.nullable(z.int().check(z.positive())));
const recordingId = lazily(() => z.string().check(z.refine(isRecordingId, 'not a recording id')));
const shortId = lazily(() => z.string().check(z.refine(isPlaylistShortId, 'not a playlist short id')));
const itemShortId = lazily(() =>
  z.string().check(z.refine(isItemShortId, 'not an insight or notebook short id')),
);
/** A path in a project, as a URL's pathname, search and hash hold it (already percent-encoded). */
const appPath = lazily(() =>
  z
    .string()
    .check(z.maxLength(2048), z.regex(/^\/project\/[^/?#\s]+\/[^\s]*$/, 'not a path in a PostHog project')),
);

export const PageContextSchema = lazily(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('recording'),
      origin,
      projectId,
      recordingId,
      t: z.optional(z.int().check(z.nonnegative())),
      playlistShortId: z.optional(shortId),
    }),
    z.strictObject({ kind: z.literal('playlist'), origin, projectId, shortId }),
    z.strictObject({ kind: z.literal('insight'), origin, projectId, shortId: itemShortId }),
    z.strictObject({ kind: z.literal('notebook'), origin, projectId, shortId: itemShortId }),
    z.strictObject({ kind: z.literal('page'), origin, projectId, path: appPath }),
    z.strictObject({
      kind: z.literal('dashboard'),
      origin,
      projectId,
      dashboardId: z.int().check(z.positive()),
    }),
    z.strictObject({
      kind: z.enum(['shared', 'embedded']),
      origin,
      accessToken: z.string().check(z.refine(isAccessToken, 'not an access token')),
    }),
    z.strictObject({ kind: z.enum(['dashboards', 'playlists']), origin, projectId }),
  ]),
);

export type PageContext = z.infer<typeof PageContextSchema>;
