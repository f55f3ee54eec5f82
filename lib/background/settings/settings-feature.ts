import { createPostHogClient } from '../../api/client';
import { refreshTokens, revokeToken } from '../../api/oauth';
import type { MessageInput } from '../../messaging/messages';
import { AppError, isAppError } from '../../platform/errors';
import type { GrantStore } from '../../platform/grant-store';
import { t } from '../../platform/i18n';
import type { ApiKeyStore } from '../../platform/key-store';
import { namespaceOnUse } from '../../platform/lazy';
import { logFailure } from '../../platform/log';
import type { StorageAreaLike } from '../../platform/storage';
import { BUILD_DIALECT, hostAccessPattern } from '../../posthog/host-patterns';
import { accessGrantedByManifest } from '../../posthog/origins';
import { SIGN_IN_SCOPE_STRING } from '../../posthog/sign-in-scopes';
import { normaliseUserOrigin } from '../../posthog/user-origin';
import type { Handlers } from '../messages/dispatcher';
import { createContentScriptService, type PermissionsLike, type ScriptingLike } from './content-scripts';
import { createSettingsService } from './settings';
import { type IdentityLike, signInWithPostHog } from './sign-in-flow';
import { createTokenRefresher } from './token-refresher';

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
  /** "Sign in with PostHog": the browser's sign-in window (Firefox for Android has none). */
  identity?: Partial<IdentityLike>;
}

export interface SettingsFeatureDeps {
  browser: SettingsBrowser;
  keyStore: ApiKeyStore;
  /** A sign-in's grant, beside its access token in the key store. */
  grants: GrantStore;
  /** A Client ID Metadata Document's URL, set at build time: the client where PostHog reads CIMD. */
  clientMetadataUrl?: string;
  /** The trusted area (IndexedDB): settings and the last key check. */
  trusted: StorageAreaLike;
  /** Drops what other rooms cached for the old key, origin or project. */
  clearCaches: () => Promise<void>;
  /** After every change of key, origin or project (menus follow the origins). */
  onChange: () => void;
  /** After a sign-in at `origin`: what waits for it is tried (as when a PostHog page loads). */
  onSignedIn?: (origin: string) => void;
  /** Each project's last-used collection's name, for the content script's mirror. */
  lastUsedNames?: () => Promise<Record<string, string>>;
}

/**
 * The key and where it may go: the settings service (save, check, forget), the content script
 * registered for a self-hosted origin the user granted, and the `settings/*` and `status/get` messages.
 */
export function createSettingsFeature(deps: SettingsFeatureDeps) {
  const { storage, permissions, runtime } = deps.browser;
  // Read when the self-hosted content script is registered or checked, not on every start.
  const scripting = namespaceOnUse(() => deps.browser.scripting);
  const accessPattern = (origin: string) => hostAccessPattern(origin, BUILD_DIALECT);
  const { grants } = deps;
  // A sign-in's access token, refreshed before it expires and after a 401, one refresh at a time.
  const tokens = createTokenRefresher({
    grants,
    refresh: (grant) =>
      refreshTokens(
        { token: grant.tokenEndpoint },
        { clientId: grant.clientId, refreshToken: grant.refreshToken },
      ),
  });
  const isOriginAllowed = async (origin: string) =>
    accessGrantedByManifest(origin) || permissions.contains({ origins: [accessPattern(origin)] });
  const settings = createSettingsService({
    storage: deps.trusted,
    page: storage.local,
    ...(deps.lastUsedNames ? { lastUsedNames: deps.lastUsedNames } : {}),
    keyStore: deps.keyStore,
    // PostHog Cloud is in the manifest; a self-hosted origin only while the user grants it.
    isOriginAllowed,
    releaseAccess: async (origin) => {
      // Fails harmlessly for an origin the manifest grants (the test build's 127.0.0.1).
      await permissions.remove({ origins: [accessPattern(origin)] }).catch(() => false);
    },
    clearSession: () => storage.session.clear(),
    clearPage: () => storage.local.clear(),
    createClient: ({ origin, apiKey }) => createPostHogClient({ origin, apiKey }),
    clearCaches: deps.clearCaches,
    signIns: {
      grants,
      tokens,
      // The refresh token: revoking it ends the whole grant at PostHog (its access tokens too).
      revoke: async (grant) =>
        grant.revocationEndpoint
          ? revokeToken(grant.revocationEndpoint, {
              clientId: grant.clientId,
              token: grant.refreshToken,
              hint: 'refresh_token',
            })
          : false,
    },
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

  /**
   * "Sign in with PostHog" at the address chosen (the browser's access to a self-hosted one asked by
   * the options page first), then the grant checked and kept as a key is.
   */
  async function signIn(input: MessageInput<'settings/sign-in'>) {
    const origin = normaliseUserOrigin(input.origin);
    if (!origin.ok) throw new AppError('invalid-input', { field: 'origin', detail: origin.reason });
    if (!(await isOriginAllowed(origin.origin))) {
      throw new AppError('permission-denied', { detail: 'no access to the PostHog address' });
    }
    const { identity } = deps.browser;
    if (!identity?.launchWebAuthFlow || !identity.getRedirectURL) throw new AppError('sign-in-unsupported');
    const signedIn = await signInWithPostHog(
      {
        identity: identity as IdentityLike,
        grants,
        ...(deps.clientMetadataUrl ? { clientMetadataUrl: deps.clientMetadataUrl } : {}),
      },
      origin.origin,
      SIGN_IN_SCOPE_STRING,
    );
    const check = await settings
      .signedIn({ apiKey: signedIn.accessToken, grant: signedIn.grant })
      .catch((error: unknown) => {
        // Lowered on PostHog's page below what the check reads (`user:read`, `project:read`).
        if (!isAppError(error) || error.kind !== 'missing-scope') throw error;
        throw new AppError('invalid-input', { detail: t('signInMissingScope', error.scope ?? '?') });
      });
    deps.onSignedIn?.(origin.origin);
    return check;
  }

  const handlers = {
    'status/get': settings.status,
    'settings/get': settings.getSettings,
    'settings/save': settings.save,
    'settings/check': settings.check,
    'settings/forget': settings.forget,
    'settings/cancel': async () => ({ cancelled: settings.cancelCheck() }),
    'settings/sign-in': signIn,
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
