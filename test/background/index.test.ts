import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BackgroundBrowser, createBackground, START_WORK_FALLBACK_MS } from '../../lib/background';
import { CACHE_SWEEP_ALARM } from '../../lib/background/storage/cache-sweep';
import { FIRST_VIEW_TRUSTED_KEYS, MOVED_MARK } from '../../lib/messaging/first-view/stored-names';
import { readTrustedCopy } from '../../lib/messaging/first-view/trusted-copy';
import { protocol } from '../../lib/messaging/messages';
import { installEnglishTranslator } from '../support/i18n';

/** No IndexedDB under Node: opening fails, as it would in a browser that refuses it. */
const noIndexedDb = {
  open: () => {
    throw new Error('no IndexedDB here');
  },
} as unknown as IDBFactory;

function compose(browser: object = fakeBrowser, indexedDB: IDBFactory = noIndexedDb) {
  return createBackground({
    browser: browser as unknown as BackgroundBrowser,
    indexedDB,
    chromium: undefined,
    page: undefined,
  });
}

describe('the composers’ index', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    installEnglishTranslator();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Hogmark',
      version: '0.1.0',
      content_scripts: [{ matches: ['https://us.posthog.com/*'], js: ['content-scripts/content.js'] }],
    });
    // The storage move's failure is logged, by design; it must not throw out of the composition.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('answers every message the protocol sends to the background, and no other', () => {
    const toBackground = Object.entries(protocol)
      .filter(([, spec]) => spec.from !== 'background')
      .map(([type]) => type)
      .sort();
    expect(Object.keys(compose().handlers).sort()).toEqual(toBackground);
  });

  it('says a browser without a sign-in window for extensions cannot sign in (Firefox for Android)', async () => {
    const { handlers } = compose({ ...fakeBrowser, identity: undefined });
    await expect(handlers['settings/sign-in']({ origin: 'https://us.posthog.com' })).rejects.toMatchObject({
      kind: 'sign-in-unsupported',
    });
  });

  it('reads none of the APIs an add or a tab’s change does not need while it composes the rooms', () => {
    // The browser makes an API's bindings when its namespace is first read, on every start of the
    // worker: the toolbar button, quiet tabs' windows, the self-hosted script and sign-in wait for use.
    const read = new Set<PropertyKey>();
    const browser = new Proxy(fakeBrowser, {
      get: (target, key) => {
        read.add(key);
        return Reflect.get(target, key);
      },
    });
    compose(browser);
    expect(['action', 'windows', 'scripting', 'identity'].filter((name) => read.has(name))).toEqual([]);
    expect(read.has('storage')).toBe(true);
  });

  it('gives each browser event one listener body', () => {
    expect(Object.keys(compose().on).sort()).toEqual(
      [
        'accessChanged',
        'alarm',
        'command',
        'connect',
        'installed',
        'menuClicked',
        'message',
        'online',
        'tabActivated',
        'tabRemoved',
        'tabUpdated',
      ].sort(),
    );
  });
});

describe('what PostHog said of people, past its time', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    installEnglishTranslator();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('is swept out of storage.session by the sweep’s alarm, from both caches', async () => {
    const longAgo = Date.now() - 60 * 60_000;
    const face = {
      kind: 'recording',
      person: 'ana@acme.com',
      startTime: null,
      durationSeconds: null,
      startUrl: null,
    };
    const found = { kind: 'persons', persons: [] };
    await fakeBrowser.storage.session.set({
      itemLinks: {
        version: 1,
        entries: { 'https://us.posthog.com|1|recording|r1': { at: longAgo, answer: face } },
      },
      personAnswers: {
        version: 1,
        entries: { 'https://us.posthog.com|1|find|email|ana@acme.com': { at: longAgo, answer: found } },
        throttledUntil: {},
      },
    });
    compose().on.alarm({ name: CACHE_SWEEP_ALARM });
    await vi.waitFor(async () => {
      const { itemLinks, personAnswers } = await fakeBrowser.storage.session.get([
        'itemLinks',
        'personAnswers',
      ]);
      expect(JSON.stringify([itemLinks, personAnswers])).not.toContain('ana@acme.com');
    });
  });
});

describe('a start’s own work', () => {
  const longAgo = () => Date.now() - 60 * 60_000;
  const expired = () => ({
    itemLinks: {
      version: 1,
      entries: {
        'https://us.posthog.com|1|recording|r1': {
          at: longAgo(),
          answer: {
            kind: 'recording',
            person: 'ana@acme.com',
            startTime: null,
            durationSeconds: null,
            startUrl: null,
          },
        },
      },
    },
  });
  const swept = async () =>
    !JSON.stringify(await fakeBrowser.storage.session.get('itemLinks')).includes('ana@');
  const settle = async () => {
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  };

  beforeEach(() => {
    fakeBrowser.reset();
    installEnglishTranslator();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('waits for the answer to the event that woke the worker, then runs (the sweep, here)', async () => {
    await fakeBrowser.storage.session.set(expired());
    const background = compose(fakeBrowser, new IDBFactory());
    background.start();
    await settle();
    expect(await swept()).toBe(false);
    await background.on
      .message({ type: 'bench/unknown' }, { id: fakeBrowser.runtime.id })
      .catch(() => undefined);
    await vi.waitFor(async () => expect(await swept()).toBe(true));
  });

  it('runs after a second when no answering event comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      await fakeBrowser.storage.session.set(expired());
      compose(fakeBrowser, new IDBFactory()).start();
      await settle();
      expect(await swept()).toBe(false);
      vi.advanceTimersByTime(START_WORK_FALLBACK_MS);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await swept()).toBe(true));
  });

  it('puts the popup’s copy of the trusted area back at a start where a new browser session left none', async () => {
    const database = new IDBFactory();
    const copy = () => readTrustedCopy(fakeBrowser.storage.session, FIRST_VIEW_TRUSTED_KEYS);
    const expected = { key: { saved: false, masked: null, origin: null }, items: { [MOVED_MARK]: 1 } };
    // The first start moves what older versions kept: the copy follows that write.
    compose(fakeBrowser, database);
    await vi.waitFor(async () => expect(await copy()).toEqual(expected));
    await fakeBrowser.storage.session.clear();
    // A later start, with nothing left to move, writes nothing: its start's own work puts the copy back.
    const background = compose(fakeBrowser, database);
    await settle();
    expect(await copy()).toBeNull();
    background.start();
    await background.on
      .message({ type: 'bench/unknown' }, { id: fakeBrowser.runtime.id })
      .catch(() => undefined);
    await vi.waitFor(async () => expect(await copy()).toEqual(expected));
  });
});
