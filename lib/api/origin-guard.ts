import type { AfterResponseHook } from 'ky';
import { AppError } from '../platform/errors';
import { invalidResponse } from './error-mapping';

/**
 * The key goes to the configured origin and nowhere else. ky cannot promise that: `baseUrl` resolves
 * `//host/…` or an absolute URL to another host, and it would accept an answer from wherever fetch
 * ended up. These three guards can.
 */

/** Every key-bearing request stays on `origin`, under `/api/`, whatever the path looks like. */
export function assertPathOnOrigin(path: string, origin: string): void {
  let target: URL | null = null;
  try {
    target = path.startsWith('/api/') ? new URL(path, origin) : null;
  } catch {
    // Not a URL: `target` stays null.
  }
  if (!target || target.origin !== origin || !target.pathname.startsWith('/api/')) {
    // A bug, never a server's doing: nothing is sent, and the path is not echoed.
    throw new AppError('bad-message', { detail: 'request outside the PostHog address refused' });
  }
}

/**
 * Refuses a redirect (not followed: `redirect: 'manual'`) and an answer from anywhere but `origin`:
 * a proxy or a wrong address (http for https, another host). Thrown from a hook, it is never retried.
 */
export function refuseAnswersFromElsewhere(origin: string, apiKey: string): AfterResponseHook {
  return ({ response }) => {
    if (redirectedAway(response, origin)) {
      throw invalidResponse('redirect not followed', response.status, apiKey);
    }
  };
}

function redirectedAway(response: Response, origin: string): boolean {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return true;
  // An answer with no URL (one made in the extension, not fetched) does not parse: it came from nowhere else.
  return URL.canParse(response.url) && new URL(response.url).origin !== origin;
}

/** Turns an absolute `next` link into a path on `origin`: only its path and query are trusted. */
export function sameOriginPath(url: string, origin: string, apiKey: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    throw invalidResponse('unreadable next link', 200, apiKey);
  }
  // A proxy may rebuild links with another scheme or host; only the path and query are trusted.
  if (!parsed.pathname.startsWith('/api/')) {
    // invalidResponse takes the key out of the whole detail, this path included.
    throw invalidResponse(`next link outside the API: ${parsed.pathname}`, 200, apiKey);
  }
  return `${parsed.pathname}${parsed.search}`;
}
