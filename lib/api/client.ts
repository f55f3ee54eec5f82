import ky from 'ky';
import { AppError } from '../errors';
import { createDashboardsApi } from './dashboards';
import { createKeysApi } from './keys';
import type { ProjectRef } from './paths';
import { createPlaylistsApi } from './playlists';
import { createProjectsApi } from './projects';
import { type RetryOptions, retryPolicy } from './retry';
import { createTransport } from './transport';
import { createUsersApi } from './users';

export interface PostHogClientOptions {
  /** The PostHog app origin, e.g. `https://us.posthog.com` or a self-hosted origin. */
  origin: string;
  /** A personal API key (`phx_…`). It is sent only as `Authorization: Bearer` to `origin`. */
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  /** The user's Cancel: every request of this client stops (its outcome is then unknown). */
  signal?: AbortSignal;
  /** Per attempt of a write, for the answer and again for its body (default 15 000 ms). */
  timeoutMs?: number;
  /** Per attempt of a read (default 8 000 ms): reads are retried, so a hung one gives way sooner. */
  readTimeoutMs?: number;
  retry?: RetryOptions;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_READ_TIMEOUT_MS = 8_000;

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
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Retries, error reading and JSON parsing are ours (transport.ts): ky's retry cannot refuse to
  // repeat a write after a 5xx while still retrying it on 429, nor read PostHog's wait from the body.
  const api = ky.create({
    baseUrl: origin,
    headers: { authorization: `Bearer ${options.apiKey}` },
    // The user's PostHog session cookie must not ride along: it would bypass the key's scopes.
    credentials: 'omit',
    // A redirect would carry the key to wherever it points: it is never followed (transport.ts).
    redirect: 'manual',
    timeout: timeoutMs,
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const transport = createTransport({
    api,
    origin,
    apiKey: options.apiKey,
    timeoutMs,
    readTimeoutMs: Math.min(timeoutMs, options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS),
    ...(options.signal ? { signal: options.signal } : {}),
    retry: retryPolicy(options.retry),
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
      };
    },
  };
}

export type PostHogClient = ReturnType<typeof createPostHogClient>;
