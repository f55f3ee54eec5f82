import { describe, expect, it } from 'vitest';
import {
  createHostAccess,
  type HostPermissions,
  hostAccessPattern,
  portlessPattern,
  tabsOnOrigin,
} from '../../lib/posthog/host-patterns';

const tabOnOrigin = (...args: Parameters<typeof tabsOnOrigin>) => tabsOnOrigin(...args)[0]?.id;

describe('hostAccessPattern', () => {
  it.each([
    ['http://localhost:8000', 'http://localhost:8000/*', 'http://localhost/*'],
    ['http://127.0.0.1:8010', 'http://127.0.0.1:8010/*', 'http://127.0.0.1/*'],
    ['http://localhost', 'http://localhost/*', 'http://localhost/*'],
    [
      'https://posthog.example.com:8443',
      'https://posthog.example.com:8443/*',
      'https://posthog.example.com/*',
    ],
    ['https://posthog.example.com', 'https://posthog.example.com/*', 'https://posthog.example.com/*'],
    ['https://posthog.example.com:443', 'https://posthog.example.com/*', 'https://posthog.example.com/*'],
    ['http://[::1]:8000', 'http://[::1]:8000/*', 'http://[::1]/*'],
  ])('%s: Chromium %s, Firefox %s', (origin, chromium, firefox) => {
    expect(hostAccessPattern(origin, 'chromium')).toBe(chromium);
    expect(hostAccessPattern(origin, 'firefox')).toBe(firefox);
  });

  it('never names a port in Firefox, whatever the origin', () => {
    for (const origin of ['http://localhost:1', 'https://a.example:65535', 'http://127.0.0.1:35015']) {
      expect(hostAccessPattern(origin, 'firefox')).not.toMatch(/:\d+\//);
    }
  });

  it('keeps the scheme: http access never covers https, and the other way round', () => {
    expect(portlessPattern('http://localhost:8000')).toBe('http://localhost/*');
    expect(portlessPattern('https://localhost:8000')).toBe('https://localhost/*');
  });
});

describe('createHostAccess', () => {
  /** A browser that grants `origins` and records every call (contains answers `containsSays`). */
  function browserGranting(origins: string[] | Error, containsSays = false) {
    const calls: string[] = [];
    const permissions: HostPermissions = {
      getAll: async () => {
        calls.push('getAll');
        if (origins instanceof Error) throw origins;
        return { origins };
      },
      contains: async ({ origins: asked }) => {
        calls.push(`contains ${asked.join(' ')}`);
        return containsSays;
      },
    };
    return { permissions, calls };
  }

  it('reads the granted origins once, when made, however many origins are asked after', async () => {
    const { permissions, calls } = browserGranting(['https://posthog.example.com/*']);
    const access = createHostAccess(permissions, 'chromium');
    expect(calls).toEqual(['getAll']);
    expect(await access('https://posthog.example.com')).toBe(true);
    expect(await access('https://posthog.example.com')).toBe(true);
    expect(calls).toEqual(['getAll']);
  });

  it.each([
    [
      'its own pattern, port included (Chromium)',
      'chromium',
      'http://localhost:8000/*',
      'http://localhost:8000',
    ],
    [
      "its host's port-less pattern (the test build's manifest)",
      'chromium',
      'http://127.0.0.1/*',
      'http://127.0.0.1:35015',
    ],
    ['its port-less pattern (Firefox)', 'firefox', 'http://localhost/*', 'http://localhost:8000'],
  ] as const)('is covered by %s without asking the browser', async (_, dialect, granted, origin) => {
    const { permissions, calls } = browserGranting([granted]);
    expect(await createHostAccess(permissions, dialect)(origin)).toBe(true);
    expect(calls).toEqual(['getAll']);
  });

  it.each([
    ['another port only', ['http://localhost:9000/*'], 'http://localhost:8000'],
    ['the other scheme only', ['https://posthog.example.com/*'], 'http://posthog.example.com'],
    ['a wildcard host, which only the browser can match', ['https://*/*'], 'https://posthog.example.com'],
    ['nothing granted', [], 'https://posthog.example.com'],
  ])(
    'asks the browser for its exact pattern when granted %s, and says what it says',
    async (_, granted, origin) => {
      for (const says of [false, true]) {
        const { permissions, calls } = browserGranting(granted, says);
        expect(await createHostAccess(permissions, 'chromium')(origin)).toBe(says);
        expect(calls).toEqual(['getAll', `contains ${new URL(origin).origin}/*`]);
      }
    },
  );

  it('asks the browser when the granted origins could not be read', async () => {
    const { permissions, calls } = browserGranting(new Error('no'), true);
    expect(await createHostAccess(permissions, 'firefox')('http://localhost:8000')).toBe(true);
    expect(calls).toEqual(['getAll', 'contains http://localhost/*']);
  });
});

describe('tabsOnOrigin', () => {
  const tabs = [
    { id: 1, url: 'http://localhost:3000/project/1/replay/a' },
    { id: 2, url: 'http://localhost/project/1/replay/a' },
    { id: 3 },
    { id: 4, url: 'http://localhost:8000/project/1/replay/a' },
  ];

  it('finds only a tab on exactly the origin, port included', () => {
    expect(tabOnOrigin(tabs, 'http://localhost:8000')).toBe(4);
    expect(tabOnOrigin(tabs, 'http://localhost')).toBe(2);
    expect(tabOnOrigin(tabs, 'http://localhost:8010')).toBeUndefined();
  });

  it('skips tabs without an address or an id', () => {
    expect(
      tabOnOrigin([{ url: 'http://localhost:8000/' }, { id: 9, url: 'not a url' }], 'http://localhost:8000'),
    ).toBeUndefined();
  });

  it('picks a loaded, recently used tab of a normal session, never a private or discarded one', () => {
    const at = (id: number, fields: object) => ({ id, url: 'https://us.posthog.com/project/1', ...fields });
    const tabs = [
      at(1, { status: 'complete', lastAccessed: 100 }),
      at(2, { status: 'complete', lastAccessed: 900, incognito: true }),
      at(3, { status: 'complete', lastAccessed: 800, discarded: true }),
      at(4, { status: 'loading', lastAccessed: 999 }),
      at(5, { status: 'complete', lastAccessed: 500 }),
    ];
    expect(tabOnOrigin(tabs, 'https://us.posthog.com')).toBe(5);
    expect(tabOnOrigin(tabs.slice(0, 4), 'https://us.posthog.com')).toBe(1);
    expect(tabOnOrigin([tabs[3] as (typeof tabs)[number]], 'https://us.posthog.com')).toBe(4);
    expect(tabOnOrigin([tabs[1], tabs[2]] as typeof tabs, 'https://us.posthog.com')).toBeUndefined();
  });

  it('for a change asked in a private window, only private tabs, in the same order', () => {
    const at = (id: number, fields: object) => ({ id, url: 'https://us.posthog.com/project/1', ...fields });
    const tabs = [
      at(1, { status: 'complete', lastAccessed: 100 }),
      at(2, { status: 'complete', lastAccessed: 50, incognito: true }),
      at(3, { status: 'complete', lastAccessed: 90, incognito: true }),
    ];
    const ids = (found: Array<{ id: number }>) => found.map((tab) => tab.id);
    expect(ids(tabsOnOrigin(tabs, 'https://us.posthog.com', { private: true }))).toEqual([3, 2]);
    expect(ids(tabsOnOrigin(tabs, 'https://us.posthog.com'))).toEqual([1]);
  });
});
