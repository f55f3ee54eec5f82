import { describe, expect, it } from 'vitest';
import { assertPathOnOrigin, refuseAnswersFromElsewhere, sameOriginPath } from '../../lib/api/origin-guard';
import { AppError } from '../../lib/platform/errors';
import { API_KEY } from '../support/api-key';

const ORIGIN = 'https://us.posthog.com';

function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing thrown');
}

describe('assertPathOnOrigin', () => {
  it.each(['/api/projects/1/', '/api/users/@me/?x=1'])('lets %s through', (path) => {
    expect(() => assertPathOnOrigin(path, ORIGIN)).not.toThrow();
  });

  it.each<[string, string, string]>([
    ['a path not under /api/', '/admin/', ORIGIN],
    ['a path without its slash', 'api/projects/1/', ORIGIN],
    ['another host', '//evil.example/api/', ORIGIN],
    ['an absolute address', 'https://evil.example/api/', ORIGIN],
    ['a path that climbs out of /api/', '/api/../admin/', ORIGIN],
    ['an escaped climb out of /api/', '/api/%2e%2e/admin/', ORIGIN],
    ['an address that is not one', '/api/x/', 'not an origin'],
    ['an origin not written as browsers write it', '/api/x/', `${ORIGIN}:443`],
  ])('refuses %s, and does not echo it', (_name, path, origin) => {
    const error = thrown(() => assertPathOnOrigin(path, origin));
    expect(error.kind).toBe('bad-message');
    expect(error.detail).toBe('request outside the PostHog address refused');
  });
});

/** A response as fetch gives it, at `url`, of `type`. */
function answer(status: number, url = `${ORIGIN}/api/x/`, type: ResponseType = 'basic'): Response {
  const response = new Response(null, { status: status === 0 ? 200 : status });
  Object.defineProperties(response, {
    url: { value: url },
    type: { value: type },
    status: { value: status },
  });
  return response;
}

describe('refuseAnswersFromElsewhere', () => {
  const hook = refuseAnswersFromElsewhere(ORIGIN, API_KEY);
  const check = (response: Response) => () => hook({ response } as never);

  it.each([
    ['an answer from the origin', answer(200)],
    ['an error answer from the origin', answer(404)],
    ['the status just below the redirects', answer(299)],
    ['the status just above them', answer(400)],
    ['an answer whose address fetch did not say', answer(200, '')],
    ['an answer whose address cannot be read', answer(200, 'not a url')],
  ])('takes %s', (_name, response) => {
    expect(check(response)).not.toThrow();
  });

  it.each([
    ['a redirect', answer(302)],
    ['the first redirect status', answer(300)],
    ['the last one', answer(399)],
    ['a redirect fetch did not follow', answer(0, '', 'opaqueredirect')],
    ['an answer from another host', answer(200, 'https://evil.example/api/x/')],
    ['an answer over http for https', answer(200, 'http://us.posthog.com/api/x/')],
  ])('refuses %s, never retried and never naming the key', (_name, response) => {
    const error = thrown(check(response));
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(response.status);
    expect(error.detail).toBe('redirect not followed');
  });
});

describe('sameOriginPath', () => {
  it.each([
    [
      `${ORIGIN}/api/projects/1/dashboards/?limit=100&offset=100`,
      '/api/projects/1/dashboards/?limit=100&offset=100',
    ],
    // A proxy may rebuild the link with its own scheme and host: only the path and query are kept.
    ['http://posthog.internal:8000/api/projects/1/?cursor=abc', '/api/projects/1/?cursor=abc'],
    ['/api/projects/1/?page=2', '/api/projects/1/?page=2'],
    [`${ORIGIN}/api/projects/1/`, '/api/projects/1/'],
  ])('turns %s into %s', (next, path) => {
    expect(sameOriginPath(next, ORIGIN, API_KEY)).toBe(path);
  });

  it('refuses a link outside the API, naming its path without the key', () => {
    const error = thrown(() => sameOriginPath(`${ORIGIN}/admin/${API_KEY}/`, ORIGIN, API_KEY));
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(200);
    expect(error.detail).toBe('next link outside the API: /admin/[redacted]/');
  });

  it('refuses a link that cannot be read', () => {
    const error = thrown(() => sameOriginPath('http://[::1', ORIGIN, API_KEY));
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(200);
    expect(error.detail).toBe('unreadable next link');
  });
});
