import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPostHogClient } from '../../../lib/api/client';
import { createCollectionService } from '../../../lib/background/collections/collections';
import { followedList, lastUsedNamesOn, markedUsed } from '../../../lib/background/collections/last-used';
import type { CollectionEntry } from '../../../lib/messaging/collection-entries';
import { DEMO } from '../../fake-posthog/demo-ids';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

beforeAll(installEnglishTranslator);

const entry = (shortId: string, name: string): CollectionEntry => ({
  shortId,
  name,
  pinned: false,
  kind: 'collection',
});

describe("the last-used collection's name", () => {
  it('is kept, bounded and as text, when a recording is added to it', () => {
    const { next, changed } = markedUsed({ recent: ['b'] }, 'a', `  ${'<b>x</b>'.repeat(100)}`);
    expect(changed).toBe(true);
    expect(next).toMatchObject({ lastUsed: 'a', recent: ['a', 'b'] });
    expect(next.lastUsedName).toHaveLength(200);
    expect(next.lastUsedName?.startsWith('<b>x</b>')).toBe(true);
    expect(markedUsed({ recent: [] }, 'a', '   ').next.lastUsedName).toBe('Untitled collection');
    // The same collection again, its name unknown: the name stays, nothing changed.
    expect(markedUsed(next, 'a', undefined)).toEqual({ next, changed: false });
  });

  it('follows a rename in a list PostHog sent, and a deletion only in a whole fresh list', () => {
    const current = { lastUsed: 'a', lastUsedName: 'Checkout bugs', recent: ['a'] };
    expect(followedList(current, { playlists: [entry('a', 'Checkout bugs')] }, true)).toBeNull();
    expect(followedList(current, { playlists: [entry('a', 'Checkout bugs (EU)')] }, false)).toEqual({
      ...current,
      lastUsedName: 'Checkout bugs (EU)',
    });
    expect(followedList(current, { playlists: [entry('b', 'Other')] }, false)).toBeNull();
    expect(followedList(current, { playlists: [entry('b', 'Other')] }, true)).toEqual({ recent: ['a'] });
    expect(followedList({ recent: [] }, { playlists: [] }, true)).toBeNull();
  });

  it('is listed by project for the connected PostHog only', () => {
    expect(
      lastUsedNamesOn('https://us.posthog.com', {
        'https://us.posthog.com|1': { lastUsed: 'a', lastUsedName: 'Checkout bugs', recent: [] },
        'https://us.posthog.com|2': { lastUsed: 'b', recent: [] },
        'https://us.posthog.com|3': { recent: ['c'] },
        'https://eu.posthog.com|1': { lastUsed: 'd', lastUsedName: 'Elsewhere', recent: [] },
      }),
    ).toEqual({ '1': 'Checkout bugs', '2': 'Untitled collection' });
  });
});

describe('the collections service tells when the last-used collection changes', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  it('on an add to another collection, not on another add to the same one, and on its deletion', async () => {
    let told = 0;
    const connection = { origin: server.url, apiKey: server.keys.all, projectId: 1 };
    const playlists = createCollectionService({
      connection: async () => connection,
      playlistsApi: (c, projectId) => createPostHogClient(c).project(projectId).playlists,
      trusted: fakeBrowser.storage.local,
      onLastUsedChange: () => {
        told += 1;
      },
    });
    const scope = await playlists.scopeOf();
    await playlists.list({ source: 'server' });
    await playlists.markUsed(scope, DEMO.playlists.onboarding, 'Onboarding');
    expect(told).toBe(1);
    expect(await playlists.lastUsedNames()).toEqual({ '1': 'Onboarding' });
    await playlists.markUsed(scope, DEMO.playlists.onboarding, 'Onboarding');
    expect(told).toBe(1);
    // Named from the cached list when the add did not say.
    await playlists.markUsed(scope, DEMO.playlists.checkoutBugs);
    expect(told).toBe(2);
    expect(await playlists.lastUsedNames()).toEqual({ '1': 'Checkout bugs' });
    await playlists.drop(scope, DEMO.playlists.checkoutBugs);
    expect(told).toBe(3);
    expect(await playlists.lastUsedNames()).toEqual({});
  });
});
