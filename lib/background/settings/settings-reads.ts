import { appOriginsOf, statusOf } from '../../messaging/first-view/status';
import type { Capabilities, PublicSettings, PublicSharing, Status } from '../../messaging/messages';
import type { ApiKeyStore } from '../../platform/key-store';
import { type ItemStore, maskKey } from '../../platform/storage';
import type { KeyCheckCache, Settings } from '../storage/stored-items';
import { publicSharingFor } from './key-check';

export interface SettingsReadsDeps {
  settings: ItemStore<Settings>;
  keyCheckCache: ItemStore<KeyCheckCache>;
  keyStore: ApiKeyStore;
}

/** What the settings service answers from what it keeps, without a request (settings.ts writes it). */
export function createSettingsReads({ settings, keyCheckCache, keyStore }: SettingsReadsDeps) {
  async function keyOwner(): Promise<string | undefined> {
    const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
    return cache.check?.origin === current.origin ? cache.check.user.uuid : undefined;
  }

  return {
    async status(): Promise<Status> {
      // The popup's first view says the same from the same stores (lib/stores/stored-first-view.ts).
      const apiKey = await keyStore.read();
      if (!apiKey) return { configured: false };
      const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
      return statusOf(maskKey(apiKey), current, cache);
    },

    async getSettings(): Promise<PublicSettings> {
      const [current, apiKey, cache] = await Promise.all([
        settings.get(),
        keyStore.read(),
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

    /** Whether the last key check found the key able to do `name` (true when it was not checked). */
    async keyCan(name: keyof Capabilities): Promise<boolean> {
      const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
      return cache.check?.origin !== current.origin || cache.check.capabilities?.[name]?.ok !== false;
    },

    /** The key's owner as the last key check read it (PostHog's user uuid), when it said. */
    keyOwner,

    /** What the last key check learnt of public links in the organisation of `projectId` (never a request). */
    async publicSharing(projectId: number): Promise<PublicSharing> {
      const [current, cache] = await Promise.all([settings.get(), keyCheckCache.get()]);
      return cache.check?.origin === current.origin ? publicSharingFor(cache.check, projectId) : 'unknown';
    },

    /** Origins the content script may run on: the clouds plus the user's own origin. */
    async appOrigins(): Promise<string[]> {
      return appOriginsOf((await settings.get()).origin);
    },
  };
}
