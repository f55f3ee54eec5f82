import { CLOUD_ORIGINS, connectedProject } from '../../messaging/first-view/status';
import type { KeyCheck, MessageInput } from '../../messaging/messages';
import { AppError, isAppError } from '../../platform/errors';
import type { GrantStore, StoredGrant } from '../../platform/grant-store';
import { t } from '../../platform/i18n';
import type { ApiKeyStore } from '../../platform/key-store';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import { normaliseUserOrigin } from '../../posthog/user-origin';
import { keyCheckItem, settingsItem } from '../storage/stored-items';
import { createCancellableCheck } from './cancellable-check';
import {
  assertKeyFormat,
  type CreateKeyCheckClient,
  checkKey,
  type KeyCheckRequest,
  type KeyCheckResult,
} from './key-check';
import { pageSettingsOf } from './page-mirror';
import { createSettingsReads } from './settings-reads';
import type { TokenRefresher } from './token-refresher';

export interface SettingsServiceDeps {
  /** Trusted storage (the extension's IndexedDB): settings and the last key check live there. */
  storage: StorageAreaLike;
  /**
   * `browser.storage.local`, which content scripts read: only the mirror they need (`pageSettings`,
   * page-mirror.ts). Never read back here.
   */
  page?: StorageAreaLike;
  /** Each project's last-used collection's name (bounded text), by project id, for the mirror. */
  lastUsedNames?: () => Promise<Record<string, string>>;
  /** Whether the key may be sent to this origin: PostHog Cloud, or a self-hosted one the user granted. */
  isOriginAllowed?: (origin: string) => Promise<boolean>;
  /** Gives a self-hosted origin's access back (on Forget key). */
  releaseAccess?: (origin: string) => Promise<void>;
  /** Empties `storage.session` (tab hints, the last action, refusals) on Forget key. */
  clearSession?: () => Promise<void>;
  /** Empties `storage.local` on Forget key (all it holds is the mirror, or what a page planted). */
  clearPage?: () => Promise<void>;
  keyStore: ApiKeyStore;
  createClient: CreateKeyCheckClient;
  /** Drops what other services cached for the old key/origin/project (lists, membership). */
  clearCaches?: () => Promise<void>;
  /** Told after every change of key, origin or project, e.g. to re-register content scripts. */
  onChange?: () => void;
  /** A sign-in with PostHog: its grant, its token kept fresh, and its revocation on sign-out. */
  signIns?: SignInCredentials;
}

export interface SignInCredentials {
  grants: Pick<GrantStore, 'read' | 'save'>;
  tokens: Pick<TokenRefresher, 'current' | 'afterUnauthorized'>;
  /** RFC 7009 revocation of the grant's refresh token (which ends the whole grant at PostHog). */
  revoke(grant: StoredGrant): Promise<boolean>;
}

/** The key, or a sign-in's access token with its grant. */
interface Credential {
  apiKey: string;
  grant?: StoredGrant;
}

/** What other background services need to call the API. Never leaves the background. */
export interface Connection {
  origin: string;
  /** The key, or a sign-in's access token (refreshed before it expires). */
  apiKey: string;
  projectId: number;
  /** A sign-in's: a newer access token after PostHog answered 401 (PostHogClientOptions). */
  renewToken?: (used: string) => Promise<string>;
}

export function createSettingsService(deps: SettingsServiceDeps) {
  // Read on every message (the dispatcher's sender check, the popup's status); this service is
  // their only writer, so memory stays true to storage.
  const settings = memoizeItemStore(createItemStore(deps.storage, settingsItem));
  const keyCheckCache = memoizeItemStore(createItemStore(deps.storage, keyCheckItem));
  // Saves, checks and forgets run one at a time, so a slow check cannot overwrite a newer save.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const checks = createCancellableCheck();
  const unlessCancelled = checks.run;

  /** Refuses before any request unless the key may go to this origin. */
  async function assertAllowed(origin: string): Promise<void> {
    if (deps.isOriginAllowed && !(await deps.isOriginAllowed(origin))) {
      throw new AppError('permission-denied', { detail: 'no access to the PostHog address' });
    }
  }

  /** The saved key, only for the origin it was saved for. */
  async function keyFor(origin: string): Promise<string | null> {
    const [apiKey, keyOrigin] = await Promise.all([deps.keyStore.read(), deps.keyStore.origin()]);
    return apiKey && keyOrigin === origin ? apiKey : null;
  }

  /** What content scripts may know, mirrored to storage.local after every change, one write at a time. */
  let mirrored: Promise<unknown> = Promise.resolve();
  const mirror = (): Promise<void> => {
    const run = mirrored.then(writeMirror, writeMirror);
    mirrored = run.catch(() => undefined);
    return run;
  };
  async function writeMirror(): Promise<void> {
    if (!deps.page) return;
    const [current, apiKey, lastUsed] = await Promise.all([
      settings.get(),
      deps.keyStore.read(),
      deps.lastUsedNames?.() ?? {},
    ]);
    await deps.page.set({ pageSettings: pageSettingsOf(current, apiKey !== null, lastUsed) });
  }

  /** The key, or a sign-in's token (refreshed if about to expire) with its grant; see `forRequests`. */
  async function fresh(apiKey: string, forRequests = false): Promise<Credential> {
    if (!deps.signIns || !apiKey.startsWith('pha_')) return { apiKey };
    // A grant PostHog refused for good still names where and as whom: its requests say "sign in
    // again" (renewToken), so what the user asks meanwhile waits as for a signed-out session.
    const token = await deps.signIns.tokens.current(apiKey).catch((error: unknown) => {
      if (forRequests && isAppError(error) && error.kind === 'sign-in-again') return apiKey;
      throw error;
    });
    const { grant } = await deps.signIns.grants.read();
    return grant ? { apiKey: token, grant } : { apiKey: token };
  }

  const check = (
    origin: string,
    credential: Credential,
    projects: Omit<KeyCheckRequest, 'origin' | 'apiKey'>,
  ) => unlessCancelled(checkKey(deps.createClient, { origin, ...credential, ...projects }));

  async function remember(
    result: KeyCheckResult,
    credential: Credential,
    inPageButton?: boolean,
  ): Promise<KeyCheck> {
    const { projectName, ...check } = result;
    if (credential.grant && deps.signIns) await deps.signIns.grants.save(credential.apiKey, credential.grant);
    else await deps.keyStore.write(credential.apiKey, check.origin);
    await settings.update((current) => ({
      version: 2,
      origin: check.origin,
      ...(check.projectId === undefined ? {} : { projectId: check.projectId }),
      ...(projectName === undefined ? {} : { projectName }),
      inPageButton: inPageButton ?? current.inPageButton,
    }));
    await keyCheckCache.set({ version: 1, check: { ...check, checkedAt: Date.now() } });
    await mirror();
    deps.onChange?.();
    return check;
  }

  async function save(input: MessageInput<'settings/save'>): Promise<KeyCheck> {
    const origin = normaliseUserOrigin(input.origin);
    if (!origin.ok) throw new AppError('invalid-input', { field: 'origin', detail: origin.reason });
    const current = await settings.get();
    const typedKey = input.apiKey?.trim() ? assertKeyFormat(input.apiKey) : null;
    const storedKey = typedKey ? null : await keyFor(origin.origin);
    if (!typedKey && (!storedKey || current.origin !== origin.origin)) {
      // A saved key is never sent to an address other than the one it was saved for.
      throw new AppError('invalid-input', {
        field: 'apiKey',
        detail: t((await deps.keyStore.read()) ? 'keyNeededForNewOrigin' : 'keyEmpty'),
      });
    }
    await assertAllowed(origin.origin);
    const credential = typedKey ? { apiKey: typedKey } : await fresh(storedKey as string);
    const sameOrigin = current.origin === origin.origin;
    const result = await check(origin.origin, credential, {
      requestedProjectId: input.projectId,
      previousProjectId: sameOrigin ? current.projectId : undefined,
    });
    if (!sameOrigin || typedKey || result.projectId !== current.projectId) await deps.clearCaches?.();
    return remember(result, credential, input.inPageButton);
  }

  async function recheck(): Promise<KeyCheck> {
    const current = await settings.get();
    const apiKey = await keyFor(current.origin);
    if (!apiKey) throw new AppError('not-configured');
    await assertAllowed(current.origin);
    const credential = await fresh(apiKey);
    return remember(
      await check(current.origin, credential, { previousProjectId: current.projectId }),
      credential,
    );
  }

  /**
   * A sign-in with PostHog just granted: checked as a key is (who, which projects, what works). Signing
   * in again as the same user, to the same project, keeps what waits for them and what is cached.
   */
  async function signedIn(credential: Required<Credential>): Promise<KeyCheck> {
    const { origin } = credential.grant;
    await assertAllowed(origin);
    const current = await settings.get();
    const sameOrigin = current.origin === origin;
    const owner = sameOrigin ? await keyOwner() : undefined;
    const result = await check(origin, credential, {
      previousProjectId: sameOrigin ? current.projectId : undefined,
    });
    if (!sameOrigin || result.user.uuid !== owner || result.projectId !== current.projectId) {
      await deps.clearCaches?.();
    }
    return remember(result, credential);
  }

  async function forget(): Promise<Record<string, never>> {
    // Signing out: the refresh token is revoked at PostHog first, which ends the grant there.
    const { grant } = (await deps.signIns?.grants.read()) ?? { grant: null };
    if (grant) await deps.signIns?.revoke(grant).catch(() => false);
    await deps.keyStore.clear();
    // The address stays, so a new key can be pasted for it; everything learnt with the key goes.
    const { origin } = await settings.update(({ origin, inPageButton }) => ({
      version: 2,
      origin,
      inPageButton,
    }));
    await keyCheckCache.remove();
    await Promise.all([deps.clearCaches?.(), deps.clearSession?.(), deps.clearPage?.()]);
    // A self-hosted PostHog's access is given back; its content script goes with it (onChange).
    if (!CLOUD_ORIGINS.includes(origin as (typeof CLOUD_ORIGINS)[number])) await deps.releaseAccess?.(origin);
    await mirror();
    deps.onChange?.();
    return {};
  }

  /** `@me` with the key, kept in the last check (run serially: a Forget key meanwhile wins). */
  async function learnOwner(): Promise<string> {
    const current = await settings.get();
    const apiKey = await keyFor(current.origin);
    if (!apiKey) throw new AppError('not-configured');
    await assertAllowed(current.origin);
    const { uuid } = await deps.createClient({ origin: current.origin, apiKey }).users.me();
    await keyCheckCache.update((cache) =>
      cache.check?.origin === current.origin
        ? { ...cache, check: { ...cache.check, user: { ...cache.check.user, uuid } } }
        : cache,
    );
    return uuid;
  }

  const reads = createSettingsReads({ settings, keyCheckCache, keyStore: deps.keyStore });
  const { keyOwner } = reads;

  return {
    ...reads,
    save: (input: MessageInput<'settings/save'>) => serially(() => save(input)),
    check: () => serially(recheck),
    /** After "Sign in with PostHog": the grant checked and kept, as a saved key is. */
    signedIn: (credential: Required<Credential>) => serially(() => signedIn(credential)),
    forget: () => serially(forget),

    /**
     * Stops waiting for the key check of a save or re-check: it then fails as `cancelled` and
     * nothing is stored. False when no check is waiting (one that has answered is saved as usual).
     */
    cancelCheck: checks.cancel,

    /**
     * The key's owner, whom every request through a page's session is made as. A key check saved
     * before owners were kept has none: then `@me` is read with the key once and kept with the check.
     */
    async ownerForSession(): Promise<string> {
      return (await keyOwner()) ?? serially(async () => (await keyOwner()) ?? learnOwner());
    },

    /**
     * Origin, key and project for API calls; `not-configured` until a key and project are saved.
     * The key comes only for the origin it was saved for, and only while the key may go there.
     */
    async connection(): Promise<Connection> {
      const current = await settings.get();
      const [apiKey, keyOrigin] = await Promise.all([deps.keyStore.read(), deps.keyStore.origin()]);
      const project = connectedProject(current, { saved: apiKey !== null, origin: keyOrigin });
      if (!apiKey || !project) throw new AppError('not-configured');
      await assertAllowed(project.origin);
      const credential = await fresh(apiKey, true);
      const renewToken = credential.grant ? deps.signIns?.tokens.afterUnauthorized : undefined;
      return { ...project, apiKey: credential.apiKey, ...(renewToken ? { renewToken } : {}) };
    },

    /** Writes the content scripts' mirror (at start, in case storage.local was changed meanwhile). */
    syncPageMirror: mirror,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
