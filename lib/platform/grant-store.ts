import { z } from 'zod/mini';
import { type ApiKeyStore, type KeyValueStore, SIGN_IN_GRANT, SIGN_IN_REFRESHING } from './key-store';
import { lazily } from './lazy';

/**
 * A sign-in with PostHog, held as the key is (the extension origin's IndexedDB, the background only):
 * its access token in the key's place, so every request sends it as it sends a key, and beside it
 * what only the sign-in has: the refresh token, when the access token expires, the client it was
 * granted to, and what PostHog's consent page granted (scopes, projects, organisations).
 */
export const StoredGrantSchema = lazily(() =>
  z.object({
    version: z.literal(1),
    origin: z.string(),
    clientId: z.string(),
    tokenEndpoint: z.string(),
    revocationEndpoint: z.optional(z.string()),
    refreshToken: z.string().check(z.minLength(1)),
    /** Epoch ms, by this computer's clock (`expires_in` is relative, so a clock off does not matter). */
    expiresAt: z.number(),
    scopes: z.array(z.string()),
    scopedTeams: z.array(z.int()),
    scopedOrganizations: z.array(z.string()),
    /** PostHog refused the refresh token for good: only a new sign-in helps. */
    refused: z.optional(z.boolean()),
  }),
);
export type StoredGrant = z.infer<typeof StoredGrantSchema>;

/** Who is refreshing (one worker's id) and since when. */
const RefreshMarkerSchema = lazily(() => z.object({ by: z.string(), at: z.number() }));
export type RefreshMarker = z.infer<typeof RefreshMarkerSchema>;

/** Each origin's registration (DCR), kept across sign-outs: once per install and origin. */
const SIGN_IN_CLIENTS = 'signInClients';
const RegistrationsSchema = lazily(() =>
  z.record(z.string(), z.object({ clientId: z.string(), redirectUri: z.string() })),
);
export type Registration = { clientId: string; redirectUri: string };

function parsed<T>(schema: z.ZodMiniType<T>, text: string | undefined): T | null {
  if (text === undefined) return null;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function createGrantStore(secrets: KeyValueStore, keyStore: ApiKeyStore) {
  return {
    /**
     * The access token and its grant, read from storage (never from memory: another worker may have
     * refreshed meanwhile). Null grant: no sign-in (a personal key, or nothing).
     */
    async read(): Promise<{ accessToken: string | null; grant: StoredGrant | null }> {
      const [accessToken, text] = await Promise.all([keyStore.reread(), secrets.get(SIGN_IN_GRANT)]);
      const grant = parsed(StoredGrantSchema, text);
      // A grant belongs with a sign-in's access token only (a key saved meanwhile replaced both).
      return { accessToken, grant: accessToken?.startsWith('pha_') ? grant : null };
    },
    /** A new access token with its grant, in one transaction. */
    save: (accessToken: string, grant: StoredGrant): Promise<void> =>
      keyStore.write(accessToken, grant.origin, { [SIGN_IN_GRANT]: JSON.stringify(grant) }),
    async marker(): Promise<RefreshMarker | null> {
      return parsed(RefreshMarkerSchema, await secrets.get(SIGN_IN_REFRESHING));
    },
    setMarker: (marker: RefreshMarker): Promise<void> =>
      secrets.set(SIGN_IN_REFRESHING, JSON.stringify(marker)),
    clearMarker: (): Promise<void> => secrets.delete(SIGN_IN_REFRESHING),
    async registration(origin: string): Promise<Registration | null> {
      return parsed(RegistrationsSchema, await secrets.get(SIGN_IN_CLIENTS))?.[origin] ?? null;
    },
    async register(origin: string, registration: Registration): Promise<void> {
      const known = parsed(RegistrationsSchema, await secrets.get(SIGN_IN_CLIENTS)) ?? {};
      await secrets.set(SIGN_IN_CLIENTS, JSON.stringify({ ...known, [origin]: registration }));
    },
    /** A registration PostHog no longer knows (its answer `invalid_client`): the next sign-in registers anew. */
    async forgetRegistration(origin: string): Promise<void> {
      const { [origin]: _gone, ...rest } =
        parsed(RegistrationsSchema, await secrets.get(SIGN_IN_CLIENTS)) ?? {};
      await secrets.set(SIGN_IN_CLIENTS, JSON.stringify(rest));
    },
  };
}
export type GrantStore = ReturnType<typeof createGrantStore>;
