import { createGrantStore } from '../../platform/grant-store';
import {
  createApiKeyStore,
  createIndexedDbArea,
  createIndexedDbKeyValueStore,
} from '../../platform/key-store';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { afterMove, moveToTrustedStorage } from './trusted-storage';

export interface StorageFeatureDeps {
  /** The extension origin's IndexedDB: the key and everything that says where it goes live there. */
  indexedDB: IDBFactory;
  /** `storage.local`: content scripts can read and write it, so it is only ever moved from. */
  browser: { storage: { local: StorageAreaLike & { get(keys: null): Promise<Record<string, unknown>> } } };
}

/**
 * Where the background keeps what matters: the key store (with a sign-in's grant) and the trusted
 * area (both in IndexedDB),
 * the trusted area answering only once what older versions left in `storage.local` has moved over.
 */
export function createStorageFeature(deps: StorageFeatureDeps) {
  const pageArea = deps.browser.storage.local;
  const secrets = createIndexedDbKeyValueStore(deps.indexedDB);
  const keyStore = createApiKeyStore(secrets);
  const moved = moveToTrustedStorage({
    readAll: () => pageArea.get(null),
    local: pageArea,
    trusted: createIndexedDbArea(deps.indexedDB),
    keyStore,
  }).catch((error: unknown) => logFailure('storage move', error));
  return {
    keyStore,
    // A sign-in's grant, beside the key it stands for (its access token is kept as the key).
    grants: createGrantStore(secrets, keyStore),
    trusted: afterMove(createIndexedDbArea(deps.indexedDB), moved),
    moved,
  };
}
export type StorageFeature = ReturnType<typeof createStorageFeature>;
