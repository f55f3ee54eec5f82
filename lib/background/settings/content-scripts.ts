import { hostAccessPattern, type PatternDialect } from '../../posthog/host-patterns';
import { normaliseSelfHostedOrigin } from '../../posthog/origins';

/**
 * The content script on a self-hosted PostHog: the manifest can only name the cloud hosts, so the
 * user's own origin gets a script registered at runtime, once the options page has been granted
 * access to it. Runs on every change of settings and on every start of the background.
 */

/** The fields of `scripting.RegisteredContentScript` this service reads and writes. */
export interface ContentScriptRegistration {
  id: string;
  matches?: string[];
  js?: string[];
  runAt?: 'document_start' | 'document_end' | 'document_idle';
  persistAcrossSessions?: boolean;
}

/** The part of `browser.scripting` used (structural, so tests pass fakes). */
export interface ScriptingLike {
  getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<ContentScriptRegistration[]>;
  registerContentScripts(scripts: ContentScriptRegistration[]): Promise<unknown>;
  updateContentScripts(scripts: ContentScriptRegistration[]): Promise<unknown>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<unknown>;
}

/** The part of `browser.permissions` used. */
export interface PermissionsLike {
  contains(permissions: { origins: string[] }): Promise<boolean>;
  remove(permissions: { origins: string[] }): Promise<boolean>;
}

export interface ContentScriptServiceDeps {
  scripting: ScriptingLike;
  permissions: PermissionsLike;
  /** The configured origin (cloud or self-hosted). */
  getOrigin: () => Promise<string>;
  /** The manifest's static `content_scripts` matches: an origin they cover needs no registration. */
  staticMatches: readonly string[];
  /** The built content script, e.g. `content-scripts/content.js`. */
  file: string;
  /** How this browser writes a match pattern for an origin with a port (see host-patterns.ts). */
  dialect: PatternDialect;
  onError?: (error: unknown) => void;
}

export const SELF_HOSTED_SCRIPT_ID = 'hogmark-self-hosted';

export type SyncOutcome = 'registered' | 'updated' | 'unchanged' | 'unregistered' | 'no-access' | 'none';

/** Whether a manifest match pattern such as `https://us.posthog.com/*` covers every page of the origin. */
export function patternCoversOrigin(pattern: string, origin: string): boolean {
  const parsed = /^(\*|https?):\/\/([^/]+)\/\*$/.exec(pattern);
  if (!parsed) return pattern === '<all_urls>';
  const [, scheme, host] = parsed;
  const url = new URL(origin);
  if (scheme !== '*' && `${scheme}:` !== url.protocol) return false;
  // A pattern without a port covers every port of its host (in Chromium and Firefox alike).
  return host === url.host || host === url.hostname;
}

export function createContentScriptService(deps: ContentScriptServiceDeps) {
  // Settings can change while a sync runs; syncs run one at a time so the id is never registered twice.
  let queue: Promise<unknown> = Promise.resolve();

  async function wantedOrigin(): Promise<string | null> {
    const origin = await deps.getOrigin();
    // Cloud hosts are in the manifest; anything that is not a plain self-hosted origin gets nothing.
    if (normaliseSelfHostedOrigin(origin) !== origin) return null;
    return deps.staticMatches.some((pattern) => patternCoversOrigin(pattern, origin)) ? null : origin;
  }

  async function releaseAccess(previous: ContentScriptRegistration | undefined): Promise<void> {
    const origins = previous?.matches ?? [];
    if (origins.length === 0) return;
    // Least privilege: an origin Hogmark no longer talks to keeps no access. Fails harmlessly for
    // origins the manifest grants, which cannot be removed.
    await deps.permissions.remove({ origins }).catch(() => false);
  }

  async function sync(): Promise<SyncOutcome> {
    const [origin, registered] = await Promise.all([
      wantedOrigin(),
      deps.scripting.getRegisteredContentScripts({ ids: [SELF_HOSTED_SCRIPT_ID] }),
    ]);
    const current = registered.find((script) => script.id === SELF_HOSTED_SCRIPT_ID);
    // In Firefox the pattern covers every port of the host; the page's exact origin is checked later.
    const matches = origin === null ? [] : [hostAccessPattern(origin, deps.dialect)];
    const granted = origin !== null && (await deps.permissions.contains({ origins: matches }));

    if (!granted) {
      if (!current) return origin === null ? 'none' : 'no-access';
      await deps.scripting.unregisterContentScripts({ ids: [SELF_HOSTED_SCRIPT_ID] });
      if (origin === null || current.matches?.[0] !== matches[0]) await releaseAccess(current);
      return origin === null ? 'unregistered' : 'no-access';
    }
    const script: ContentScriptRegistration = {
      id: SELF_HOSTED_SCRIPT_ID,
      matches,
      js: [deps.file],
      runAt: 'document_idle',
      persistAcrossSessions: true,
    };
    if (!current) {
      await deps.scripting.registerContentScripts([script]);
      return 'registered';
    }
    if (current.matches?.length === 1 && current.matches[0] === matches[0]) return 'unchanged';
    await deps.scripting.updateContentScripts([script]);
    await releaseAccess(current);
    return 'updated';
  }

  return {
    /** Brings the registration in line with the settings; never throws (failures go to onError). */
    sync(): Promise<SyncOutcome | 'failed'> {
      const run = queue.then(sync, sync).catch((error: unknown) => {
        deps.onError?.(error);
        return 'failed' as const;
      });
      queue = run;
      return run;
    },
  };
}
export type ContentScriptService = ReturnType<typeof createContentScriptService>;
