import { t } from '../i18n';
import type { Capabilities } from '../messages';

/** The scopes each feature needs, most specific first (the first one missing is reported). */
const REQUIRED_SCOPES: Readonly<Record<keyof Capabilities, readonly string[]>> = {
  // The key adds on the contract's servers; on PostHog it lists playlists and the session adds.
  addToPlaylist: ['session_recording_playlist:write'],
  pin: ['dashboard:write'],
  shareLinks: ['sharing_configuration:read', 'dashboard:read'],
};

/** PostHog's rule (`posthog/scopes.py`): `*` grants everything and `x:write` implies `x:read`. */
export function hasScope(scopes: readonly string[], needed: string): boolean {
  if (scopes.includes('*') || scopes.includes(needed)) return true;
  return needed.endsWith(':read') && scopes.includes(`${needed.slice(0, -':read'.length)}:write`);
}

export function capabilitiesFor(scopes: readonly string[]): Capabilities {
  const check = (needed: readonly string[]) => {
    const missingScope = needed.find((scope) => !hasScope(scopes, scope));
    return missingScope === undefined
      ? { ok: true }
      : { ok: false, missingScope, fix: t('errorMissingScope', missingScope) };
  };
  return {
    addToPlaylist: check(REQUIRED_SCOPES.addToPlaylist),
    pin: check(REQUIRED_SCOPES.pin),
    shareLinks: check(REQUIRED_SCOPES.shareLinks),
  };
}
