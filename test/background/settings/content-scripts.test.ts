import { describe, expect, it } from 'vitest';
import {
  type ContentScriptRegistration,
  createContentScriptService,
  patternCoversOrigin,
  SELF_HOSTED_SCRIPT_ID,
} from '../../../lib/background/settings/content-scripts';
import type { PatternDialect } from '../../../lib/posthog/host-patterns';

const CLOUD = ['https://us.posthog.com/*', 'https://eu.posthog.com/*', 'https://app.posthog.com/*'];
const SELF = 'https://posthog.example.com';
const OTHER = 'https://analytics.example.org:8443';

/** In-memory `scripting` + `permissions` that behave like Chromium's (duplicate ids are refused). */
function fakeBrowserApis(granted: string[] = []) {
  const scripts = new Map<string, ContentScriptRegistration>();
  const origins = new Set(granted);
  const calls: string[] = [];
  return {
    scripts,
    origins,
    calls,
    scripting: {
      async getRegisteredContentScripts(filter?: { ids?: string[] }) {
        return [...scripts.values()].filter((script) => !filter?.ids || filter.ids.includes(script.id));
      },
      async registerContentScripts(list: ContentScriptRegistration[]) {
        calls.push('register');
        for (const script of list) {
          if (scripts.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
          scripts.set(script.id, structuredClone(script));
        }
      },
      async updateContentScripts(list: ContentScriptRegistration[]) {
        calls.push('update');
        for (const script of list) {
          const current = scripts.get(script.id);
          if (!current) throw new Error(`No script with ID '${script.id}'`);
          scripts.set(script.id, { ...current, ...structuredClone(script) });
        }
      },
      async unregisterContentScripts(filter?: { ids?: string[] }) {
        calls.push('unregister');
        for (const id of filter?.ids ?? [...scripts.keys()]) scripts.delete(id);
      },
    },
    permissions: {
      async contains({ origins: wanted }: { origins: string[] }) {
        return wanted.every((origin) => origins.has(origin));
      },
      async remove({ origins: dropped }: { origins: string[] }) {
        calls.push(`remove ${dropped.join(',')}`);
        for (const origin of dropped) origins.delete(origin);
        return true;
      },
    },
  };
}

function setup(
  origin: string,
  granted: string[] = [],
  staticMatches: string[] = CLOUD,
  dialect: PatternDialect = 'chromium',
) {
  const apis = fakeBrowserApis(granted);
  const settings = { origin };
  const errors: unknown[] = [];
  const service = createContentScriptService({
    scripting: apis.scripting,
    permissions: apis.permissions,
    getOrigin: async () => settings.origin,
    staticMatches,
    file: 'content-scripts/content.js',
    dialect,
    onError: (error) => errors.push(error),
  });
  return { service, apis, settings, errors };
}

describe('content script registration for a self-hosted PostHog', () => {
  it('registers the built content script for a granted self-hosted origin', async () => {
    const { service, apis } = setup(SELF, [`${SELF}/*`]);
    await expect(service.sync()).resolves.toBe('registered');
    expect([...apis.scripts.values()]).toEqual([
      {
        id: SELF_HOSTED_SCRIPT_ID,
        matches: [`${SELF}/*`],
        js: ['content-scripts/content.js'],
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
  });

  it('does nothing on a restart when the registration is already right', async () => {
    const { service, apis } = setup(SELF, [`${SELF}/*`]);
    await service.sync();
    await expect(service.sync()).resolves.toBe('unchanged');
    expect(apis.calls).toEqual(['register']);
  });

  it('registers nothing without access to the origin', async () => {
    const { service, apis } = setup(SELF);
    await expect(service.sync()).resolves.toBe('no-access');
    expect(apis.scripts.size).toBe(0);
  });

  it('unregisters when the user revokes access in the browser', async () => {
    const { service, apis } = setup(SELF, [`${SELF}/*`]);
    await service.sync();
    apis.origins.clear();
    await expect(service.sync()).resolves.toBe('no-access');
    expect(apis.scripts.size).toBe(0);
  });

  it('moves the script to a new self-hosted origin and gives up access to the old one', async () => {
    const { service, apis, settings } = setup(SELF, [`${SELF}/*`, `${OTHER}/*`]);
    await service.sync();
    settings.origin = OTHER;
    await expect(service.sync()).resolves.toBe('updated');
    expect(apis.scripts.get(SELF_HOSTED_SCRIPT_ID)?.matches).toEqual([`${OTHER}/*`]);
    expect([...apis.origins]).toEqual([`${OTHER}/*`]);
  });

  it.each([
    ['US cloud', 'https://us.posthog.com'],
    ['EU cloud', 'https://eu.posthog.com'],
  ])('unregisters and gives up access when the user switches to %s', async (_name, cloud) => {
    const { service, apis, settings } = setup(SELF, [`${SELF}/*`]);
    await service.sync();
    settings.origin = cloud;
    await expect(service.sync()).resolves.toBe('unregistered');
    expect(apis.scripts.size).toBe(0);
    expect(apis.calls).toContain(`remove ${SELF}/*`);
  });

  it('never registers a cloud host, even without static matches', async () => {
    const { service, apis } = setup('https://us.posthog.com', ['https://us.posthog.com/*'], []);
    await expect(service.sync()).resolves.toBe('none');
    expect(apis.calls).toEqual([]);
  });

  it('skips an origin the manifest already covers, so the script never runs twice', async () => {
    const local = 'http://127.0.0.1:8010';
    const { service, apis } = setup(local, [`${local}/*`], [...CLOUD, 'http://127.0.0.1/*']);
    await expect(service.sync()).resolves.toBe('none');
    expect(apis.scripts.size).toBe(0);
  });

  it('registers once when several changes arrive together', async () => {
    const { service, apis } = setup(SELF, [`${SELF}/*`]);
    const outcomes = await Promise.all([service.sync(), service.sync(), service.sync()]);
    expect(outcomes).toEqual(['registered', 'unchanged', 'unchanged']);
    expect(apis.calls).toEqual(['register']);
  });

  it('reports a failing browser API without throwing, and recovers on the next sync', async () => {
    const { service, apis, errors } = setup(SELF, [`${SELF}/*`]);
    const register = apis.scripting.registerContentScripts;
    apis.scripting.registerContentScripts = async () => {
      throw new Error('scripting unavailable');
    };
    await expect(service.sync()).resolves.toBe('failed');
    expect(errors).toHaveLength(1);
    apis.scripting.registerContentScripts = register;
    await expect(service.sync()).resolves.toBe('registered');
  });
});

describe('content script registration for a self-hosted PostHog with a port', () => {
  const LOCAL = 'http://localhost:8000';

  it('registers Chromium for that port only', async () => {
    const { service, apis } = setup(LOCAL, [`${LOCAL}/*`]);
    await expect(service.sync()).resolves.toBe('registered');
    expect(apis.scripts.get(SELF_HOSTED_SCRIPT_ID)?.matches).toEqual(['http://localhost:8000/*']);
  });

  it('registers Firefox for the host without the port, the only pattern that matches there', async () => {
    const { service, apis } = setup(LOCAL, ['http://localhost/*'], CLOUD, 'firefox');
    await expect(service.sync()).resolves.toBe('registered');
    expect(apis.scripts.get(SELF_HOSTED_SCRIPT_ID)?.matches).toEqual(['http://localhost/*']);
  });

  it('keeps Firefox access when the port changes on the same host', async () => {
    const { service, apis, settings } = setup(LOCAL, ['http://localhost/*'], CLOUD, 'firefox');
    await service.sync();
    settings.origin = 'http://localhost:8010';
    await expect(service.sync()).resolves.toBe('unchanged');
    expect([...apis.origins]).toEqual(['http://localhost/*']);
  });

  it('gives back the port-less Firefox access when the host changes', async () => {
    const secure = 'https://posthog.example.com:8443';
    const { service, apis, settings } = setup(
      LOCAL,
      ['http://localhost/*', 'https://posthog.example.com/*'],
      CLOUD,
      'firefox',
    );
    await service.sync();
    settings.origin = secure;
    await expect(service.sync()).resolves.toBe('updated');
    expect(apis.scripts.get(SELF_HOSTED_SCRIPT_ID)?.matches).toEqual(['https://posthog.example.com/*']);
    expect([...apis.origins]).toEqual(['https://posthog.example.com/*']);
  });

  it('registers nothing in Firefox when only a pattern with the port was granted', async () => {
    const { service, apis } = setup(LOCAL, [`${LOCAL}/*`], CLOUD, 'firefox');
    await expect(service.sync()).resolves.toBe('no-access');
    expect(apis.scripts.size).toBe(0);
  });
});

describe('patternCoversOrigin', () => {
  it.each([
    ['https://us.posthog.com/*', 'https://us.posthog.com', true],
    ['https://us.posthog.com/*', 'http://us.posthog.com', false],
    ['http://127.0.0.1/*', 'http://127.0.0.1:8010', true],
    ['http://127.0.0.1:9000/*', 'http://127.0.0.1:8010', false],
    ['*://posthog.example.com/*', 'https://posthog.example.com', true],
    ['https://posthog.example.com/project/*', 'https://posthog.example.com', false],
    ['https://example.com/*', 'https://posthog.example.com', false],
    ['<all_urls>', 'https://posthog.example.com', true],
  ])('%s covers %s: %s', (pattern, origin, covered) => {
    expect(patternCoversOrigin(pattern, origin)).toBe(covered);
  });
});
