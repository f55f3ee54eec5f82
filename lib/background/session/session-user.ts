import { z } from 'zod/mini';
import { CURRENT_USER_ROUTE, type SessionRoute } from '../../api/session-routes';
import { STORED } from '../../messaging/first-view/stored-names';
import { AppError } from '../../platform/errors';
import { lazily } from '../../platform/lazy';
import { createItemStore, type StorageAreaLike, type StoredItem } from '../../platform/storage';

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

type SignedIn = { uuid: string; email?: string };

/** Who is signed in in each PostHog tab, by tab id (`storage.session`, so a stopped worker's next run has it). */
interface KeptTabUsers {
  version: 1;
  users: Record<string, SignedIn>;
}

/** Tabs kept at most: the newest answers stay. */
const MAX_TABS = 50;

export const tabUsersItem: StoredItem<KeptTabUsers> = {
  key: STORED.tabUsers.key,
  version: STORED.tabUsers.version,
  schema: lazily(() =>
    z.object({
      version: z.literal(1),
      users: z.record(
        z.string(),
        z.object({
          uuid: z.string().check(z.minLength(1)),
          email: z.optional(z.string().check(z.maxLength(MAX_EMAIL))),
        }),
      ),
    }),
  ),
  fallback: () => ({ version: 1, users: {} }),
  migrations: {},
};

/**
 * Who is signed in in each PostHog tab, asked once per tab (`@me` through the tab itself) and
 * forgotten as soon as the tab loads another page or closes: signing out and in as someone else
 * always loads a page. Only a signed-in answer is kept. With `session` (`storage.session`), the
 * answers outlive a stopped worker: a page loading or a tab closing wakes the worker
 * (`tabs.onUpdated`, `tabs.onRemoved`), which forgets the tab there too, so the next run (a shortcut
 * pressed a minute later) need not ask again before its change. Writes run one after another.
 */
export function createTabUsers(session?: StorageAreaLike) {
  const known = new Map<number, SignedIn>();
  // Bumped when a tab is forgotten: a kept answer read across it is not that tab's any more.
  const forgotten = new Map<number, number>();
  const store = session ? createItemStore(session, tabUsersItem) : null;
  let writes: Promise<unknown> = Promise.resolve();
  const change = (next: (users: Record<string, SignedIn>) => Record<string, SignedIn>) => {
    if (!store) return;
    writes = writes
      .then(() => store.update((current) => ({ version: 1, users: next(current.users) })))
      .catch(() => undefined);
  };

  async function kept(tabId: number): Promise<SignedIn | undefined> {
    if (!store) return undefined;
    const generation = forgotten.get(tabId) ?? 0;
    await writes;
    const user = (await store.get().catch(() => null))?.users[String(tabId)];
    return generation === (forgotten.get(tabId) ?? 0) ? user : undefined;
  }

  return {
    /** `ask`: the request through that tab (its lease delivers it once its page can take it). */
    async of(
      tabId: number,
      ask: (route: SessionRoute) => Promise<{ status: number; body: unknown }>,
    ): Promise<TabUser> {
      const inMemory = known.get(tabId) ?? (await kept(tabId));
      if (inMemory) {
        known.set(tabId, inMemory);
        return inMemory;
      }
      const user = userOf(await ask(CURRENT_USER_ROUTE));
      if ('uuid' in user) {
        known.set(tabId, user);
        change((users) =>
          Object.fromEntries([...Object.entries(users), [String(tabId), user]].slice(-MAX_TABS)),
        );
      }
      return user;
    },
    /** The tab loaded another page, or closed. */
    forget(tabId: number): void {
      known.delete(tabId);
      forgotten.set(tabId, (forgotten.get(tabId) ?? 0) + 1);
      change(({ [String(tabId)]: _gone, ...users }) => users);
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
