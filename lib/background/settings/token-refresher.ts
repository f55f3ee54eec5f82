import type { TokenAnswer } from '../../api/schema/oauth';
import { AppError, isAppError } from '../../platform/errors';
import type { GrantStore, StoredGrant } from '../../platform/grant-store';
import { randomUrlSafe } from '../../platform/pkce';

/** Refreshed this long before it expires, so no request goes out with a token about to lapse. */
export const REFRESH_EARLY_MS = 60_000;
/**
 * How long another worker's mark holds: longer than a token request may take (15 s), so a live
 * refresh is waited for; a mark older than this was left by a worker that stopped mid-refresh.
 */
export const REFRESH_MARK_MS = 30_000;
const POLL_MS = 250;

/** What PostHog's answer makes of the grant: a non-rotating refresh leaves the refresh token out. */
export function grantAfter(answer: TokenAnswer, before: StoredGrant, now: number): StoredGrant {
  return {
    ...before,
    refreshToken: answer.refresh_token ?? before.refreshToken,
    expiresAt: now + (answer.expires_in ?? 3600) * 1000,
    // Space-delimited (RFC 6749 §3.3; oauthlib's `list_to_scope` joins with one space).
    scopes: answer.scope === undefined ? before.scopes : answer.scope.split(' ').filter(Boolean),
    scopedTeams: answer.scoped_teams ?? before.scopedTeams,
    scopedOrganizations: answer.scoped_organizations ?? before.scopedOrganizations,
  };
}

export interface TokenRefresherDeps {
  grants: GrantStore;
  /** `grant_type=refresh_token` at the grant's token endpoint (`refreshTokens` in lib/api/oauth.ts). */
  refresh(grant: StoredGrant): Promise<TokenAnswer>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** This worker's id in the mark (a new one each start). */
  instance?: string;
}

/**
 * The access token of a sign-in, refreshed before it expires and once after a 401. One refresh at a
 * time: two requests of this worker share the refresh in flight, and a refresh marked in storage by
 * another worker (or by this extension's worker before it stopped) is waited for, then its token
 * used; a mark older than REFRESH_MARK_MS is taken over (PostHog's rotating builds answer the same
 * refresh token again for 120 s, so the stopped worker's refresh is not lost).
 */
export function createTokenRefresher(deps: TokenRefresherDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const instance = deps.instance ?? randomUrlSafe(9);
  let flight: Promise<string> | null = null;

  const usable = (grant: StoredGrant) => grant.expiresAt - now() > REFRESH_EARLY_MS;

  async function refreshReplacing(stale: string): Promise<string> {
    for (;;) {
      const marker = await deps.grants.marker();
      if (!marker || marker.by === instance || now() - marker.at >= REFRESH_MARK_MS) break;
      await sleep(POLL_MS);
    }
    const { accessToken, grant } = await deps.grants.read();
    if (!accessToken || !grant) throw new AppError('not-configured');
    if (grant.refused) throw new AppError('sign-in-again');
    // Another worker's refresh (or one this worker finished meanwhile) already replaced it.
    if (accessToken !== stale && usable(grant)) return accessToken;
    await deps.grants.setMarker({ by: instance, at: now() });
    try {
      const answer = await deps.refresh(grant);
      await deps.grants.save(answer.access_token, grantAfter(answer, grant, now()));
      return answer.access_token;
    } catch (error) {
      if (isAppError(error) && error.kind === 'sign-in-again') {
        await deps.grants.save(accessToken, { ...grant, refused: true });
      }
      throw error;
    } finally {
      await deps.grants.clearMarker();
    }
  }

  /** Joins the refresh in flight, or starts one. */
  function refreshOnce(stale: string): Promise<string> {
    if (!flight) {
      const run = refreshReplacing(stale);
      flight = run;
      void run
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => {
          // Still this run's: a flight starts only when none is, and ends only here.
          flight = null;
        });
    }
    return flight;
  }

  return {
    /** The token to send now: the key's own, or a sign-in's, refreshed first when about to expire. */
    async current(accessToken: string): Promise<string> {
      if (!accessToken.startsWith('pha_')) return accessToken;
      if (flight) return flight;
      const { accessToken: stored, grant } = await deps.grants.read();
      if (!grant || !stored) return accessToken;
      if (grant.refused) throw new AppError('sign-in-again');
      return usable(grant) ? stored : refreshOnce(stored);
    },
    /** After PostHog answered `used` with a 401: a newer token, refreshed once if none is yet. */
    afterUnauthorized: (used: string): Promise<string> => refreshOnce(used),
  };
}
export type TokenRefresher = ReturnType<typeof createTokenRefresher>;
