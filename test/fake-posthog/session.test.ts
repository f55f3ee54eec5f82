import { describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

const csrfFailed = (reason: string) =>
  errorBody('authentication_error', 'permission_denied', `CSRF Failed: ${reason}`);
const add = `/api/projects/1/session_recording_playlists/${DEMO.playlists.onboarding}/recordings/${DEMO.recordings.loose}/`;

describe('session sign-in and CSRF (posthog flavor)', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it('sets the session and CSRF cookies on /login and redirects to next', async () => {
    const response = await fetch(`${server().url}/login?next=/project/1/replay/home`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/project/1/replay/home');
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('sessionid='));
    const csrf = cookies.find((c) => c.startsWith('posthog_csrftoken='));
    expect(session).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(csrf).toMatch(/; Path=\/; SameSite=Lax$/);
    expect(csrf).not.toContain('HttpOnly');
    const fallback = await fetch(`${server().url}/login?next=https://evil.example`, { redirect: 'manual' });
    expect(fallback.headers.get('location')).toBe('/project/1');
  });

  it('authenticates GET with the cookie alone, never scope-checked', async () => {
    const { cookie } = await signIn(server());
    const answer = await call(server(), 'GET', '/api/users/@me/', { key: null, headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(obj(answer.json).first_name).toBe('Ana');
    expect(server().requests.at(-1)?.auth).toBe('session');
  });

  it('accepts a write with the matching X-CSRFToken and the page origin', async () => {
    const { cookie, csrf } = await signIn(server());
    const answer = await call(server(), 'POST', add, {
      key: null,
      headers: { cookie, 'x-csrftoken': csrf, origin: server().url },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true });
  });

  it('refuses a write from an extension origin', async () => {
    const { cookie, csrf } = await signIn(server());
    const answer = await call(server(), 'POST', add, {
      key: null,
      headers: { cookie, 'x-csrftoken': csrf, origin: 'chrome-extension://abc' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(
      csrfFailed('Origin checking failed - chrome-extension://abc does not match any trusted origins.'),
    );
  });

  it('refuses a write without the token, or with a wrong one', async () => {
    const { cookie } = await signIn(server());
    const missing = await call(server(), 'POST', add, { key: null, headers: { cookie } });
    expect(missing.json).toEqual(csrfFailed('CSRF token missing.'));
    const short = await call(server(), 'POST', add, {
      key: null,
      headers: { cookie, 'x-csrftoken': 'nope' },
    });
    expect(short.json).toEqual(
      csrfFailed("CSRF token from the 'X-Csrftoken' HTTP header has incorrect length."),
    );
    const wrong = await call(server(), 'POST', add, {
      key: null,
      headers: { cookie, 'x-csrftoken': 'W'.repeat(32) },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual(csrfFailed("CSRF token from the 'X-Csrftoken' HTTP header incorrect."));
  });

  it('refuses a malformed CSRF cookie and sets a fresh one with the refusal, which then works', async () => {
    const { cookie } = await signIn(server());
    const session = cookie.split('; ').find((part) => part.startsWith('sessionid=')) ?? '';
    const expired = `${session}; posthog_csrftoken=expired`;
    const refused = await fetch(`${server().url}${add}`, {
      method: 'POST',
      headers: { cookie: expired, 'x-csrftoken': 'expired', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(csrfFailed('CSRF cookie has incorrect length.'));
    const fresh = /^posthog_csrftoken=([A-Za-z0-9]{32});/.exec(refused.headers.get('set-cookie') ?? '')?.[1];
    expect(fresh).toBeDefined();
    const added = await call(server(), 'POST', add, {
      key: null,
      headers: { cookie: `${session}; posthog_csrftoken=${fresh}`, 'x-csrftoken': fresh ?? '' },
    });
    expect(added.status).toBe(200);
  });

  it('lets the key win when both a key and cookies arrive', async () => {
    const { cookie, csrf } = await signIn(server());
    const answer = await call(server(), 'POST', add, { headers: { cookie, 'x-csrftoken': csrf } });
    expect(answer.status).toBe(403);
    expect(obj(answer.json).detail).toBe('This action does not support personal API key access');
    expect(server().requests.at(-1)?.auth).toBe('key');
  });

  it('treats an unknown session cookie as no credentials, and forgets the session on /logout', async () => {
    const stale = await call(server(), 'GET', '/api/users/@me/', {
      key: null,
      headers: { cookie: 'sessionid=stale' },
    });
    expect(stale.status).toBe(401);
    const { cookie } = await signIn(server());
    await fetch(`${server().url}/logout`, { headers: { cookie }, redirect: 'manual' });
    expect((await call(server(), 'GET', '/api/users/@me/', { key: null, headers: { cookie } })).status).toBe(
      401,
    );
  });

  it('is not throttled by a throttle fault', async () => {
    const { cookie } = await signIn(server());
    server().setFault({ path: '/api/users/@me/', fault: { type: 'throttle', seconds: 5 }, times: 1 });
    expect((await call(server(), 'GET', '/api/users/@me/', { key: null, headers: { cookie } })).status).toBe(
      200,
    );
    expect((await call(server(), 'GET', '/api/users/@me/')).status).toBe(429);
  });
});
