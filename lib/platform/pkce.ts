/**
 * PKCE (RFC 7636, S256 only: PostHog stores no other method) and the `state` of one sign-in. Each
 * sign-in gets its own verifier and state from the platform's CSPRNG; neither is ever stored.
 */

/** Base64url without padding (RFC 7636 appendix A). */
function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `byteCount` random bytes as base64url: 32 bytes give the 43 characters RFC 7636 asks at least. */
export function randomUrlSafe(byteCount = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** `BASE64URL(SHA256(ASCII(verifier)))`, the `code_challenge` sent with `code_challenge_method=S256`. */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface SignInSecrets {
  verifier: string;
  challenge: string;
  state: string;
}

export async function createSignInSecrets(): Promise<SignInSecrets> {
  const verifier = randomUrlSafe(32);
  return { verifier, challenge: await codeChallengeS256(verifier), state: randomUrlSafe(16) };
}

/** Whether the `state` that came back is the one sent, compared without an early exit. */
export function stateMatches(sent: string, received: string | null | undefined): boolean {
  if (typeof received !== 'string' || received.length !== sent.length || sent === '') return false;
  let difference = 0;
  for (let index = 0; index < sent.length; index += 1) {
    difference |= sent.charCodeAt(index) ^ received.charCodeAt(index);
  }
  return difference === 0;
}
