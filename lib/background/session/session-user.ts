import { CURRENT_USER_ROUTE, type SessionRoute } from '../../api/session-routes';
import { AppError } from '../../platform/errors';

/** What `@me` through a tab answered: the PostHog user signed in there, or the answer of a tab that is not. */
export type TabUser = { uuid: string; email?: string } | { refused: { status: number; body: unknown } };

/** The longest email PostHog stores (Django's `EmailField`, 254): anything longer is not shown. */
const MAX_EMAIL = 254;

/** The user in a `@me` answer; a 2xx without a uuid says nobody Hogmark can trust. */
export function userOf(answer: { status: number; body: unknown }): TabUser {
  if (answer.status < 200 || answer.status > 299) return { refused: answer };
  const body = (answer.body ?? {}) as { uuid?: unknown; email?: unknown };
  if (typeof body.uuid !== 'string' || body.uuid === '') {
    throw new AppError('invalid-response', { detail: '@me without a uuid' });
  }
  const email = typeof body.email === 'string' && body.email.length <= MAX_EMAIL ? body.email : undefined;
  return { uuid: body.uuid, ...(email ? { email } : {}) };
}

/**
 * Who is signed in in each PostHog tab, asked once per tab per run (`@me` through the tab itself)
 * and forgotten as soon as the tab loads another page or closes: signing out and in as someone else
 * always loads a page. Only a signed-in answer is kept; a tab signed out is asked again next time.
 */
export function createTabUsers() {
  const known = new Map<number, { uuid: string; email?: string }>();
  return {
    /** `ask`: the request through that tab (its lease delivers it once its page can take it). */
    async of(
      tabId: number,
      ask: (route: SessionRoute) => Promise<{ status: number; body: unknown }>,
    ): Promise<TabUser> {
      const kept = known.get(tabId);
      if (kept) return kept;
      const user = userOf(await ask(CURRENT_USER_ROUTE));
      if ('uuid' in user) known.set(tabId, user);
      return user;
    },
    /** The tab loaded another page, or closed. */
    forget(tabId: number): void {
      known.delete(tabId);
    },
  };
}
export type TabUsers = ReturnType<typeof createTabUsers>;

/**
 * Refuses a tab signed in as someone other than `asUser`, naming who is signed in there (PostHog
 * says it to that tab's own user; it never leaves the extension).
 */
export function otherUserError(user: { email?: string }): AppError {
  return new AppError('other-user', {
    detail: 'the PostHog tab is another user',
    ...(user.email ? { signedInAs: user.email } : {}),
  });
}
