import { CSRF_COOKIE, csrfCookie, SESSION_COOKIE } from './auth';
import type { Reply } from './http';
import type { State } from './state';
import { randomBase62 } from './state';

function safeNext(next: string | null, fallback: string): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : fallback;
}

/**
 * `GET /login?next=<path>`: signs Ana in without a form (the local stand-in trusts whoever asks), sets
 * PostHog's two cookies and sends the browser on. `?user=<id>` signs in another seeded user.
 */
export function login(state: State, url: URL): Reply {
  const userId = Number(url.searchParams.get('user') ?? 1);
  const user = state.users.find((candidate) => candidate.id === userId) ?? state.users[0];
  const sessionId = randomBase62(32);
  const csrfToken = randomBase62(32);
  state.sessions.set(sessionId, { userId: user?.id ?? 1, csrfToken });
  const home = `/project/${state.projects[0]?.id ?? 1}`;
  return {
    status: 302,
    headers: {
      location: safeNext(url.searchParams.get('next'), home),
      'set-cookie': [`${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax`, csrfCookie(csrfToken)],
    },
  };
}

/** `GET /logout`: forgets the session and clears both cookies. */
export function logout(state: State, sessionId: string | undefined, url: URL): Reply {
  if (sessionId) state.sessions.delete(sessionId);
  return {
    status: 302,
    headers: {
      location: safeNext(url.searchParams.get('next'), '/'),
      'set-cookie': [
        `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
        `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
      ],
    },
  };
}
