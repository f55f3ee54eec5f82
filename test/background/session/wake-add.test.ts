import { describe, expect, it } from 'vitest';
import { addRecordingRoute } from '../../../lib/api/session-routes';
import {
  CollectionCacheSchema,
  CollectionPrefsSchema,
  KeyRefusalsSchema,
  MembershipFactsSchema,
} from '../../../lib/background/collections/collection-store';
import { tabUsersItem } from '../../../lib/background/session/session-user';
import {
  planWakeAdd,
  WAKE_SESSION_KEYS,
  type WakeTab,
  wakeRequestMessage,
} from '../../../lib/background/session/wake-add';
import { KeyCheckCacheSchema, SettingsSchema } from '../../../lib/background/storage/stored-items';
import { MOVED_MARK, STORED, TRUSTED_COPY } from '../../../lib/messaging/first-view/stored-names';
import { parseRequest } from '../../../lib/messaging/messages';
import { keyCheck } from '../../support/key-check';
import { WAKE_USER as ANA, WAKE_RECORDING as RECORDING, wakeAdd } from '../../support/wake-add';

const US = 'https://us.posthog.com';
const SELF = 'https://posthog.example.com';
const BEN = '01900000-0000-7000-8000-000000000b2b';
const TAB = 7;

type Stored = Record<string, unknown>;

/**
 * What storage.session holds after an add through the tab on `origin`, each value as the background
 * writes it (checked against its schema below): the copy of the trusted area, the key refusals, and
 * who is signed in in tab 7. `change` edits the copy's items, the key's state or the session's values.
 */
function stored(
  origin = US,
  change: (parts: { items: Stored; key: Stored; session: Stored }) => void = () => {},
): Stored {
  const scope = `${origin}|1`;
  const items: Stored = {
    [MOVED_MARK]: 1,
    [STORED.settings.key]: { version: 2, origin, projectId: 1, projectName: 'Main', inPageButton: true },
    [STORED.keyCheck.key]: {
      version: 1,
      check: {
        ...keyCheck({ origin, user: { name: 'Ana Lima', email: 'ana@example.com', uuid: ANA } }),
        checkedAt: 1,
      },
    },
    [STORED.collectionPrefs.key]: {
      version: 1,
      scopes: { [scope]: { lastUsed: 'onboard1', lastUsedName: 'Onboarding', recent: ['onboard1'] } },
    },
    [STORED.collectionCache.key]: {
      version: 1,
      scope,
      fetchedAt: 1,
      recordingFilter: null,
      playlists: [
        { shortId: 'onboard1', name: 'Onboarding', pinned: false, kind: 'collection' },
        { shortId: 'filters1', name: 'Rage clicks', pinned: false, kind: 'filters' },
      ],
    },
    [STORED.membership.key]: {
      version: 1,
      recordings: [
        {
          key: `${scope}|${RECORDING}`,
          server: { holds: ['other111'], at: 1 },
          own: {},
          touchedAt: 1,
        },
      ],
    },
  };
  const key: Stored = { saved: true, masked: 'phx_…a1B2', origin };
  const session: Stored = {
    [STORED.keyRefusals.key]: { version: 1, origins: [origin] },
    [STORED.tabUsers.key]: { version: 1, users: { [String(TAB)]: { uuid: ANA, email: 'ana@example.com' } } },
  };
  change({ items, key, session });
  return { ...session, [TRUSTED_COPY.key]: { version: TRUSTED_COPY.version, snapshot: { key, items } } };
}

const tab = (url = `${US}/project/1/replay/${RECORDING}`, more: Partial<WakeTab> = {}): WakeTab => ({
  id: TAB,
  url,
  ...more,
});
const everywhere = () => true;

describe('the add a worker woken by the add shortcut sends before the background loads', () => {
  it('reads values exactly as the background writes them', () => {
    const all = stored();
    const { items } = (all[TRUSTED_COPY.key] as { snapshot: { items: Stored } }).snapshot;
    expect(SettingsSchema.parse(items[STORED.settings.key])).toBeTruthy();
    expect(KeyCheckCacheSchema.parse(items[STORED.keyCheck.key])).toBeTruthy();
    expect(CollectionPrefsSchema.parse(items[STORED.collectionPrefs.key])).toBeTruthy();
    expect(CollectionCacheSchema.parse(items[STORED.collectionCache.key])).toBeTruthy();
    expect(MembershipFactsSchema.parse(items[STORED.membership.key])).toBeTruthy();
    expect(KeyRefusalsSchema.parse(all[STORED.keyRefusals.key])).toBeTruthy();
    expect(tabUsersItem.schema.parse(all[STORED.tabUsers.key])).toBeTruthy();
    expect(WAKE_SESSION_KEYS).toEqual([TRUSTED_COPY.key, STORED.keyRefusals.key, STORED.tabUsers.key]);
  });

  it('is the add to the last-used collection through the tab, as the key’s owner', () => {
    const { requestId: _none, ...planned } = wakeAdd({ tabId: TAB });
    expect(planWakeAdd(tab(), stored(), everywhere)).toEqual(planned);
  });

  it('goes to the project in the page’s address, with that project’s last-used collection', () => {
    const plan = planWakeAdd(
      tab(`${US}/project/2/replay/${RECORDING}`),
      stored(US, ({ items }) => {
        const scope = `${US}|2`;
        items[STORED.collectionPrefs.key] = {
          version: 1,
          scopes: { [scope]: { lastUsed: 'two22222', recent: [] } },
        };
        items[STORED.collectionCache.key] = {
          version: 1,
          scope,
          fetchedAt: 1,
          recordingFilter: null,
          playlists: [{ shortId: 'two22222', name: 'Two', pinned: false, kind: 'collection' }],
        };
      }),
      everywhere,
    );
    expect(plan).toMatchObject({
      projectId: 2,
      shortId: 'two22222',
      route: addRecordingRoute(2, 'two22222', RECORDING),
    });
  });

  it('is made on a self-hosted PostHog only once it has refused the key for these writes', () => {
    const url = `${SELF}/project/1/replay/${RECORDING}`;
    expect(planWakeAdd(tab(url), stored(SELF), everywhere)).toMatchObject({ origin: SELF, asUser: ANA });
    const keyFirst = stored(SELF, ({ session }) => {
      session[STORED.keyRefusals.key] = { version: 1, origins: [US] };
    });
    expect(planWakeAdd(tab(url), keyFirst, everywhere)).toBeNull();
    expect(planWakeAdd(tab(url), stored(SELF), (origin) => origin !== SELF)).toBeNull();
  });

  const declined: Array<[string, WakeTab, Stored]> = [
    ['in a private window', tab(undefined, { incognito: true }), stored()],
    ['with no tab id', { url: tab().url }, stored()],
    [
      'with no copy of the trusted area (a write under way)',
      tab(),
      { ...stored(), [TRUSTED_COPY.key]: undefined },
    ],
    ['before the move out of storage.local', tab(), stored(US, ({ items }) => delete items[MOVED_MARK])],
    ['with no key saved', tab(), stored(US, ({ key }) => Object.assign(key, { saved: false, masked: null }))],
    [
      'with the key saved for another PostHog',
      tab(),
      stored(US, ({ key }) => Object.assign(key, { origin: SELF })),
    ],
    [
      'with no project chosen',
      tab(),
      stored(US, ({ items }) => {
        items[STORED.settings.key] = { version: 2, origin: US, inPageButton: true };
      }),
    ],
    [
      'with settings of another version (to be migrated by the background)',
      tab(),
      stored(US, ({ items }) => {
        items[STORED.settings.key] = { version: 1, host: 'us', projectId: 1 };
      }),
    ],
    ['on a page that is not a recording', tab(`${US}/project/1/replay/home`), stored()],
    [
      'on a recording of another PostHog',
      tab(`https://eu.posthog.com/project/1/replay/${RECORDING}`),
      stored(),
    ],
    [
      'with no last-used collection',
      tab(),
      stored(US, ({ items }) => delete items[STORED.collectionPrefs.key]),
    ],
    [
      'with a last-used collection the cached list does not show',
      tab(),
      stored(US, ({ items }) => {
        (items[STORED.collectionCache.key] as { playlists: unknown[] }).playlists = [];
      }),
    ],
    [
      'with the list of another project cached',
      tab(),
      stored(US, ({ items }) => {
        (items[STORED.collectionCache.key] as { scope: string }).scope = `${US}|2`;
      }),
    ],
    [
      'when the last-used one is a saved filter',
      tab(),
      stored(US, ({ items }) => {
        items[STORED.collectionPrefs.key] = {
          version: 1,
          scopes: { [`${US}|1`]: { lastUsed: 'filters1', recent: [] } },
        };
      }),
    ],
    [
      'when the recording is in it already, as far as Hogmark knows',
      tab(),
      stored(US, ({ items }) => {
        const facts = items[STORED.membership.key] as { recordings: Array<{ own: Stored }> };
        (facts.recordings[0] as { own: Stored }).own = { onboard1: { holds: true, at: 2 } };
      }),
    ],
    [
      'when no key check says who the key’s owner is',
      tab(),
      stored(US, ({ items }) => {
        items[STORED.keyCheck.key] = { version: 1, check: keyCheck({ origin: US }) };
      }),
    ],
    [
      'when the last key check was of another PostHog',
      tab(),
      stored(US, ({ items }) => {
        items[STORED.keyCheck.key] = {
          version: 1,
          check: keyCheck({ origin: SELF, user: { name: 'Ana', email: 'a@b.c', uuid: ANA } }),
        };
      }),
    ],
    [
      'when the tab is not known to be signed in',
      tab(),
      stored(US, ({ session }) => {
        session[STORED.tabUsers.key] = { version: 1, users: {} };
      }),
    ],
    [
      'when the tab is signed in as someone else',
      tab(),
      stored(US, ({ session }) => {
        session[STORED.tabUsers.key] = { version: 1, users: { [String(TAB)]: { uuid: BEN } } };
      }),
    ],
    [
      'when a stored value has an unexpected shape',
      tab(),
      stored(US, ({ items }) => {
        (items[STORED.collectionCache.key] as { playlists: unknown }).playlists = 'not a list';
      }),
    ],
  ];
  it.each(declined)('is left to the background %s', (_case, asked, values) => {
    expect(planWakeAdd(asked, values, everywhere)).toBeNull();
  });

  it('is a session/request the content script takes, for the very route planned', () => {
    const plan = planWakeAdd(tab(), stored(), everywhere);
    if (!plan) throw new Error('no plan');
    const requestId = crypto.randomUUID();
    const message = wakeRequestMessage({ ...plan, requestId });
    expect(parseRequest(message)).toEqual({
      type: 'session/request',
      input: { requestId, origin: US, method: 'POST', path: plan.route.path, body: {} },
    });
  });
});
