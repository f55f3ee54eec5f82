import { FIRST_VIEW_TRUSTED_KEYS } from '../../messaging/first-view/stored-names';
import {
  areaKeepingCopy,
  createTrustedCopy,
  storeKeepingCopy,
} from '../../messaging/first-view/trusted-copy';
import { createGrantStore } from '../../platform/grant-store';
import {
  createApiKeyStore,
  createIndexedDbArea,
  createIndexedDbKeyValueStore,
  readStoredSnapshot,
} from '../../platform/key-store';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { afterMove, moveToTrustedStorage } from './trusted-storage';

export interface StorageFeatureDeps {
  /** The extension origin's IndexedDB: the key and everything that says where it goes live there. */
  indexedDB: IDBFactory;
  /** `storage.local`: content scripts can read and write it, so it is only ever moved from. */
  browser: {
    storage: {
      local: StorageAreaLike & { get(keys: null): Promise<Record<string, unknown>> };
      /** Where the popup finds its copy of the trusted area's first-view items (messaging/first-view/trusted-copy.ts). */
      session: StorageAreaLike;
    };
  };
}

/**
 * Where the background keeps what matters: the key store (with a sign-in's grant) and the trusted
 * area (both in IndexedDB),
 * the trusted area answering only once what older versions left in `storage.local` has moved over.
 */
export function createStorageFeature(deps: StorageFeatureDeps) {
  const pageArea = deps.browser.storage.local;
  const keeper = createTrustedCopy({
    session: deps.browser.storage.session,
    read: (keys) => readStoredSnapshot(deps.indexedDB, keys),
    keys: FIRST_VIEW_TRUSTED_KEYS,
    onError: (error) => logFailure('trusted copy', error),
  });
  const secrets = storeKeepingCopy(createIndexedDbKeyValueStore(deps.indexedDB), keeper);
  const keyStore = createApiKeyStore(secrets);
  const moved = moveToTrustedStorage({
    readAll: () => pageArea.get(null),
    local: pageArea,
    trusted: areaKeepingCopy(createIndexedDbArea(deps.indexedDB), keeper),
    keyStore,
  }).catch((error: unknown) => logFailure('storage move', error));
  return {
    keyStore,
    // A sign-in's grant, beside the key it stands for (its access token is kept as the key).
    grants: createGrantStore(secrets, keyStore),
    trusted: afterMove(areaKeepingCopy(createIndexedDbArea(deps.indexedDB), keeper), moved),
    moved,
    /** Puts the popup's copy back at a worker's start when there is none. */
    startCopy: () => keeper.start(moved),
  };
}
export type StorageFeature = ReturnType<typeof createStorageFeature>;
