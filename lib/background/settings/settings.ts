import { appOriginsOf, CLOUD_ORIGINS, connectedProject, statusOf } from '../../messaging/first-view/status';
import type {
  Capabilities,
  KeyCheck,
  MessageInput,
  PublicSettings,
  PublicSharing,
  Status,
} from '../../messaging/messages';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { ApiKeyStore } from '../../platform/key-store';
import { createItemStore, maskKey, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import { normaliseUserOrigin } from '../../posthog/user-origin';
import { keyCheckItem, settingsItem } from '../storage/stored-items';
import {
  assertKeyFormat,
  type CreateKeyCheckClient,
  checkKey,
  type KeyCheckResult,
  publicSharingFor,
} from './key-check';
import { pageSettingsOf } from './page-mirror';

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
}

/** What other background services need to call the API. Never leaves the background. */
export interface Connection {
  origin: string;
  apiKey: string;
  projectId: number;
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

  // The key check in flight (of a save or a re-check): the user's Cancel stops it before anything is stored.
  let checking: AbortController | null = null;

  /**
   * The check, given up at once on the user's Cancel (`cancelled`): its requests only read, and
   * whatever they answer later is stored nowhere.
   */
  async function unlessCancelled<T>(check: Promise<T>): Promise<T> {
    const controller = new AbortController();
    checking = controller;
    try {
      return await new Promise<T>((resolve, reject) => {
        const stop = () => reject(new AppError('cancelled', { detail: 'key check stopped' }));
        controller.signal.addEventListener('abort', stop, { once: true });
        check.then(resolve, reject);
      });
    } finally {
      if (checking === controller) checking = null;
    }
  }

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

  async function remember(result: KeyCheckResult, apiKey: string, inPageButton?: boolean): Promise<KeyCheck> {
    const { projectName, ...check } = result;
    await deps.keyStore.write(apiKey, check.origin);
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
    const apiKey = typedKey ?? (storedKey as string);
    await assertAllowed(origin.origin);
    const sameOrigin = current.origin === origin.origin;
    const result = await unlessCancelled(
      checkKey(deps.createClient, {
        origin: origin.origin,
        apiKey,
        requestedProjectId: input.projectId,
        previousProjectId: sameOrigin ? current.projectId : undefined,
      }),
    );
    if (!sameOrigin || typedKey || result.projectId !== current.projectId) await deps.clearCaches?.();
    return remember(result, apiKey, input.inPageButton);
  }

  async function recheck(): Promise<KeyCheck> {
    const current = await settings.get();
    const apiKey = await keyFor(current.origin);
    if (!apiKey) throw new AppError('not-configured');
    await assertAllowed(current.origin);
    const result = await unlessCancelled(
      checkKey(deps.createClient, { origin: current.origin, apiKey, previousProjectId: current.projectId }),
    );
    return remember(result, apiKey);
  }

  async function forget(): Promise<Record<string, never>> {
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

  async function keyOwner(): Promise<string | undefined> {
    const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
    return cache.check?.origin === current.origin ? cache.check.user.uuid : undefined;
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

  return {
    async status(): Promise<Status> {
      // The popup's first view says the same from the same stores (lib/stores/stored-first-view.ts).
      const apiKey = await deps.keyStore.read();
      if (!apiKey) return { configured: false };
      const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
      return statusOf(maskKey(apiKey), current, cache);
    },

    async getSettings(): Promise<PublicSettings> {
      const [current, apiKey, cache] = await Promise.all([
        settings.get(),
        deps.keyStore.read(),
        keyCheckCache.get(),
      ]);
      const lastCheck = apiKey && cache.check?.origin === current.origin ? cache.check : undefined;
      return {
        origin: current.origin,
        ...(current.projectId === undefined ? {} : { projectId: current.projectId }),
        inPageButton: current.inPageButton,
        ...(apiKey ? { maskedKey: maskKey(apiKey) } : {}),
        ...(lastCheck ? { lastCheck } : {}),
      };
    },

    save: (input: MessageInput<'settings/save'>) => serially(() => save(input)),
    check: () => serially(recheck),
    forget: () => serially(forget),

    /**
     * Stops waiting for the key check of a save or re-check: it then fails as `cancelled` and
     * nothing is stored. False when no check is waiting (one that has answered is saved as usual).
     */
    cancelCheck(): boolean {
      if (!checking) return false;
      checking.abort();
      return true;
    },

    /** Whether the last key check found the key able to do `name` (true when it was not checked). */
    async keyCan(name: keyof Capabilities): Promise<boolean> {
      const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
      return cache.check?.origin !== current.origin || cache.check.capabilities?.[name]?.ok !== false;
    },

    /** The key's owner as the last key check read it (PostHog's user uuid), when it said. */
    keyOwner,

    /**
     * The key's owner, whom every request through a page's session is made as. A key check saved
     * before owners were kept has none: then `@me` is read with the key once and kept with the check.
     */
    async ownerForSession(): Promise<string> {
      return (await keyOwner()) ?? serially(async () => (await keyOwner()) ?? learnOwner());
    },

    /** What the last key check learnt of public links in the organisation of `projectId` (never a request). */
    async publicSharing(projectId: number): Promise<PublicSharing> {
      const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
      return cache.check?.origin === current.origin ? publicSharingFor(cache.check, projectId) : 'unknown';
    },

    /** Origins the content script may run on: the clouds plus the user's own origin. */
    async appOrigins(): Promise<string[]> {
      return appOriginsOf((await settings.get()).origin);
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
      return { ...project, apiKey };
    },

    /** Writes the content scripts' mirror (at start, in case storage.local was changed meanwhile). */
    syncPageMirror: mirror,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
