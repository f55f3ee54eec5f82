import { createPostHogClient } from '../../api/client';
import type { ApiKeyStore } from '../../platform/key-store';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { BUILD_DIALECT, hostAccessPattern } from '../../posthog/host-patterns';
import { accessGrantedByManifest } from '../../posthog/origins';
import type { Handlers } from '../messages/dispatcher';
import { createContentScriptService, type PermissionsLike, type ScriptingLike } from './content-scripts';
import { createSettingsService } from './settings';

/** The parts of the browser the settings room uses. */
export interface SettingsBrowser {
  storage: {
    /** Content scripts read it: only their mirror is written there, and it is emptied on Forget key. */
    local: StorageAreaLike & { clear(): Promise<void> };
    /** Emptied on Forget key. */
    session: { clear(): Promise<void> };
  };
  permissions: PermissionsLike;
  scripting: ScriptingLike;
  /** The manifest's static content-script matches: origins they cover need no registration. */
  runtime: { getManifest(): { content_scripts?: Array<{ matches?: string[] }> } };
}

export interface SettingsFeatureDeps {
  browser: SettingsBrowser;
  keyStore: ApiKeyStore;
  /** The trusted area (IndexedDB): settings and the last key check. */
  trusted: StorageAreaLike;
  /** Drops what other rooms cached for the old key, origin or project. */
  clearCaches: () => Promise<void>;
  /** After every change of key, origin or project (menus follow the origins). */
  onChange: () => void;
  /** Each project's last-used collection's name, for the content script's mirror. */
  lastUsedNames?: () => Promise<Record<string, string>>;
}

/**
 * The key and where it may go: the settings service (save, check, forget), the content script
 * registered for a self-hosted origin the user granted, and the `settings/*` and `status/get` messages.
 */
export function createSettingsFeature(deps: SettingsFeatureDeps) {
  const { storage, permissions, scripting, runtime } = deps.browser;
  const accessPattern = (origin: string) => hostAccessPattern(origin, BUILD_DIALECT);
  const settings = createSettingsService({
    storage: deps.trusted,
    page: storage.local,
    ...(deps.lastUsedNames ? { lastUsedNames: deps.lastUsedNames } : {}),
    keyStore: deps.keyStore,
    // PostHog Cloud is in the manifest; a self-hosted origin only while the user grants it.
    isOriginAllowed: async (origin) =>
      accessGrantedByManifest(origin) || permissions.contains({ origins: [accessPattern(origin)] }),
    releaseAccess: async (origin) => {
      // Fails harmlessly for an origin the manifest grants (the test build's 127.0.0.1).
      await permissions.remove({ origins: [accessPattern(origin)] }).catch(() => false);
    },
    clearSession: () => storage.session.clear(),
    clearPage: () => storage.local.clear(),
    createClient: ({ origin, apiKey }) => createPostHogClient({ origin, apiKey }),
    clearCaches: deps.clearCaches,
    onChange: () => {
      void contentScripts.sync();
      deps.onChange();
    },
  });
  const contentScripts = createContentScriptService({
    scripting,
    permissions,
    getOrigin: async () => (await settings.getSettings()).origin,
    staticMatches: runtime.getManifest().content_scripts?.flatMap((script) => script.matches ?? []) ?? [],
    file: 'content-scripts/content.js',
    dialect: BUILD_DIALECT,
    onError: (error) => logFailure('content script registration', error),
  });

  const handlers = {
    'status/get': settings.status,
    'settings/get': settings.getSettings,
    'settings/save': settings.save,
    'settings/check': settings.check,
    'settings/forget': settings.forget,
    'settings/cancel': async () => ({ cancelled: settings.cancelCheck() }),
  } satisfies Handlers;

  return {
    settings,
    handlers,
    /** On every start (once stored items have moved): the saved origin's content script and mirror. */
    start(moved: Promise<unknown>): void {
      void contentScripts.sync();
      void moved
        .then(() => settings.syncPageMirror())
        .catch((error: unknown) => logFailure('page settings', error));
    },
    /** `permissions.onAdded` / `onRemoved`: the user granted or took back access in the browser. */
    onAccessChanged: () => void contentScripts.sync(),
  };
}
export type SettingsFeature = ReturnType<typeof createSettingsFeature>;
