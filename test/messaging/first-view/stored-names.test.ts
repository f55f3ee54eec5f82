import { describe, expect, it } from 'vitest';
import {
  collectionCacheItem,
  collectionPrefsItem,
  lastActionItem,
  membershipFactsItem,
  pendingPickItem,
} from '../../../lib/background/collections/collection-store';
import { pendingItem } from '../../../lib/background/pending/pending-store';
import { keyCheckItem, settingsItem, tabHintsItem } from '../../../lib/background/storage/stored-items';
import { STORED, tabHintsKey } from '../../../lib/messaging/first-view/stored-names';
import { readSource } from '../../support/source-files';

describe('what the popup reads of what the background keeps', () => {
  it.each([
    ['settings', settingsItem, STORED.settings],
    ['the last key check', keyCheckItem, STORED.keyCheck],
    ['a tab’s hints', tabHintsItem(7), { key: tabHintsKey(7), version: STORED.tabHints.version }],
    ['the collection cache', collectionCacheItem, STORED.collectionCache],
    ['the collection preferences', collectionPrefsItem, STORED.collectionPrefs],
    ['membership', membershipFactsItem, STORED.membership],
    ['the last action', lastActionItem, STORED.lastAction],
    ['the context menu’s pick', pendingPickItem, STORED.pendingPick],
    ['the pending changes', pendingItem, STORED.pending],
  ])('reads %s by the key and version the background declares it with', (_what, item, named) => {
    expect({ key: item.key, version: item.version, fallback: item.fallback().version }).toEqual({
      key: named.key,
      version: named.version,
      fallback: named.version,
    });
  });

  it('waits for the mark the background sets once its move out of storage.local is done', () => {
    expect(readSource('lib/background/storage/trusted-storage.ts')).toContain(
      "import { MOVED_MARK } from '../../messaging/first-view/stored-names'",
    );
  });

  it('makes the first view with the one function both the background and the popup call', () => {
    const shared = "from '../../messaging/first-view/popup-open'";
    expect(readSource('lib/background/popup/popup-feature.ts')).toContain(shared);
    expect(readSource('lib/stores/stored-first-view.ts')).toContain(
      "from '../messaging/first-view/popup-open'",
    );
    // Neither side composes the answer from the stores another way.
    for (const file of ['lib/background/popup/popup-feature.ts', 'lib/stores/stored-first-view.ts']) {
      expect(readSource(file)).toContain('createPopupOpen(');
    }
  });
});
