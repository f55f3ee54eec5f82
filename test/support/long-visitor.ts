import type { StorageAreaLike } from '../../lib/platform/storage';

/**
 * What a visitor of the tracked site can make PostHog answer: a person's name and a recording's start
 * address far longer than any Hogmark keeps (long SSO and UTM addresses are common).
 */
export const LONG_NAME = `Ana ${'n'.repeat(4_996)}`;
export const LONG_START_URL = `https://acme.com/sso/callback?state=${'s'.repeat(10_000 - 36)}`;

/** A storage area that reads as `area` does and refuses every write (full, or a bug): a cache that cannot keep. */
export function refusingWrites(area: StorageAreaLike): StorageAreaLike {
  return {
    get: (keys) => area.get(keys),
    set: async () => {
      throw new Error('storage refused the write');
    },
    remove: (keys) => area.remove(keys),
  };
}
