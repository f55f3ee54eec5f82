import ky from 'ky';
import { AppError } from '../platform/errors';
import { createNotesApi } from './comments';
import { createDashboardsApi } from './dashboards';
import { createItemReadsApi } from './insights';
import { createKeysApi } from './keys';
import { refuseAnswersFromElsewhere } from './origin-guard';
import type { ProjectRef } from './paths';
import { createPersonsApi } from './persons';
import { createPlaylistsApi } from './playlists';
import { createProjectsApi } from './projects';
import { type RetryOptions, retryPolicy, retryWithKy } from './retry';
import { createSiteRecordingsApi } from './site-recordings';
import { createTransport } from './transport';
import { createUsersApi } from './users';

export interface PostHogClientOptions {
  /** The PostHog app origin, e.g. `https://us.posthog.com` or a self-hosted origin. */
  origin: string;
  /**
   * A personal API key (`phx_…`) or a sign-in's access token (`pha_…`). It is sent only as
   * `Authorization: Bearer` to `origin`.
   */
  apiKey: string;
  /** A sign-in's: a newer access token after PostHog answered 401 (refreshed at most once). */
  renewToken?: (used: string) => Promise<string>;
  fetch?: typeof globalThis.fetch;
  /** The user's Cancel: every request of this client stops (its outcome is then unknown). */
  signal?: AbortSignal;
  /** Per attempt of a write, for the answer and again for its body (default 15 000 ms). */
  timeoutMs?: number;
  /** Per attempt of a read (default 8 000 ms): a read is safe to try again, so a hung one gives way sooner. */
  readTimeoutMs?: number;
  retry?: RetryOptions;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_READ_TIMEOUT_MS = 8_000;

/** By hand: ky's `prefixUrl` takes any string; a path or query on the origin would reach every request. */
function normaliseOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new AppError('bad-message', { detail: 'invalid PostHog address' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('bad-message', { detail: 'invalid PostHog address' });
  }
  return url.origin;
}

export function createPostHogClient(options: PostHogClientOptions) {
  const origin = normaliseOrigin(options.origin);
  const { apiKey } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retry = retryWithKy(retryPolicy(options.retry), apiKey);
  const api = ky.create({
    baseUrl: origin,
    // Every answer we read is JSON; ky's `.text()` would otherwise ask for `text/*`.
    // The key or token is set per request by the transport (a sign-in's is renewed after a 401).
    headers: { accept: 'application/json' },
    // The user's PostHog session cookie must not ride along: it would bypass the key's scopes.
    credentials: 'omit',
    // A redirect would carry the key to wherever it points: it is never followed (origin-guard.ts).
    redirect: 'manual',
    timeout: timeoutMs,
    retry: retry.options,
    hooks: {
      afterResponse: [refuseAnswersFromElsewhere(origin, apiKey)],
      beforeRetry: [retry.waitBeforeRetry],
    },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const transport = createTransport({
    api,
    origin,
    apiKey,
    ...(options.renewToken ? { renewToken: options.renewToken } : {}),
    timeoutMs,
    readTimeoutMs: Math.min(timeoutMs, options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS),
  });

  return {
    origin,
    projects: createProjectsApi(transport),
    users: createUsersApi(transport),
    keys: createKeysApi(transport),
    project(projectId: ProjectRef) {
      return {
        dashboards: createDashboardsApi(transport, projectId),
        playlists: createPlaylistsApi(transport, projectId),
        items: createItemReadsApi(transport, projectId),
        notes: createNotesApi(transport, projectId),
        persons: createPersonsApi(transport, projectId),
        siteRecordings: createSiteRecordingsApi(transport, projectId),
      };
    },
  };
}

export type PostHogClient = ReturnType<typeof createPostHogClient>;
