import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPostHogClient } from '../../lib/api/client';
import type { SessionRoute } from '../../lib/api/session-routes';
import { createCollectionService } from '../../lib/background/collections/collections';
import type { CollectionWriteTraits } from '../../lib/background/recordings/key-or-session';
import {
  createRecordingActions,
  type RecordingActionsDeps,
} from '../../lib/background/recordings/recording-actions';
import type { KeptFor } from '../../lib/background/session/session-bridge';
import type { Connection } from '../../lib/background/settings/settings';
import { AppError } from '../../lib/platform/errors';
import type { FakePostHog } from '../fake-posthog/index';
import { signIn } from './sign-in';

/**
 * The playlist services wired to a running local PostHog. `forward` stands in for the session
 * bridge and its content script: it signs in once and makes the request with the page's cookies and
 * CSRF header, as the content script does (or reports no signed-in tab).
 */
/** An origin that behaves as PostHog Cloud does: keys refused for collection writes, bulk routes there. */
export const cloudTraits = (): CollectionWriteTraits => ({
  keyRefusedForCollectionWrites: true,
  hasBulkRecordingRoutes: true,
});

type PlaylistsClient = ReturnType<ReturnType<typeof createPostHogClient>['project']>['playlists'];

export function wirePlaylists(
  server: FakePostHog,
  options: {
    key?: string;
    signedIn?: boolean;
    originTraits?: (origin: string) => CollectionWriteTraits;
    /** Stands between the service and its playlists client (a test holds an answer back). */
    playlistsApi?: (api: PlaylistsClient) => PlaylistsClient;
  } = {},
) {
  const connection: Connection = { origin: server.url, apiKey: options.key ?? server.keys.all, projectId: 1 };
  let clock = 1_000_000;
  const now = () => clock++;
  let cookies: { cookie: string; csrf: string } | null = null;
  const forwarded: SessionRoute[] = [];

  const playlists = createCollectionService({
    connection: async () => connection,
    playlistsApi: (c, projectId) => {
      const api = createPostHogClient(c).project(projectId).playlists;
      return options.playlistsApi ? options.playlistsApi(api) : api;
    },
    trusted: fakeBrowser.storage.local,
    now,
  });
  const forward: RecordingActionsDeps['forward'] = async (_origin, route) => {
    if (options.signedIn === false) throw new AppError('no-session-tab');
    forwarded.push(route);
    cookies ??= await signIn(server);
    // As lib/content/session-relay.ts answers: status 0 when PostHog could not be reached, the
    // text when the body is not JSON.
    try {
      const answer = await fetch(`${server.url}${route.path}`, {
        method: route.method,
        headers: {
          cookie: cookies.cookie,
          'x-csrftoken': cookies.csrf,
          'content-type': 'application/json',
        },
        ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
      });
      const text = await answer.text();
      try {
        return { status: answer.status, body: text ? JSON.parse(text) : null };
      } catch {
        return { status: answer.status, body: text };
      }
    } catch {
      return { status: 0, body: null };
    }
  };
  const actions = createRecordingActions({
    playlists,
    session: fakeBrowser.storage.session,
    now,
    ...(options.originTraits ? { originTraits: options.originTraits } : {}),
    forward,
  });
  return { playlists, actions, forward, forwarded, connection, forgetKeyRefusals: actions.forget };
}

/**
 * `wirePlaylists` signed in, as PostHog Cloud (session writes), with recording actions whose session
 * writes note the `keptFor` each was sent with (`asked`): which user and container it was held to.
 * With `pageUser`, the page's session is that PostHog user.
 */
export function actionsNotingKeptFor(
  server: FakePostHog,
  options: {
    askedIn?: RecordingActionsDeps['askedIn'];
    /** The PostHog user the page's session is: a write held to another is refused, as the bridge does. */
    pageUser?: string;
  } = {},
) {
  const wired = wirePlaylists(server, { signedIn: true, originTraits: cloudTraits });
  const asked: Array<KeptFor | undefined> = [];
  const actions = createRecordingActions({
    playlists: wired.playlists,
    session: fakeBrowser.storage.session,
    originTraits: cloudTraits,
    forward: async (origin, route, signal, keptFor) => {
      asked.push(keptFor);
      const user = keptFor?.user;
      if (options.pageUser !== undefined && user !== undefined && user !== options.pageUser) {
        throw new AppError('other-user');
      }
      return wired.forward(origin, route, signal);
    },
    ...(options.askedIn ? { askedIn: options.askedIn } : {}),
  });
  return { ...wired, actions, asked };
}

/**
 * The collection service as the extension wires it, on the local PostHog's all-scopes key and
 * project 1: every request of a write stops on the user's Cancel (the client takes the write's signal).
 */
export function cancellableCollections(server: FakePostHog) {
  const connection: Connection = { origin: server.url, apiKey: server.keys.all, projectId: 1 };
  return createCollectionService({
    connection: async () => connection,
    playlistsApi: (c, projectId, signal) =>
      createPostHogClient({ ...c, signal }).project(projectId).playlists,
    trusted: fakeBrowser.storage.local,
  });
}

/** The requests the extension made (not the test's own sign-in), as `METHOD path?query auth`. */
export function apiCalls(server: FakePostHog, method?: string): string[] {
  return server.requests
    .filter((request) => request.path.startsWith('/api/') && (!method || request.method === method))
    .map((request) => `${request.method} ${request.path} ${request.auth}`);
}
