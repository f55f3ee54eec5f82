import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createSignInSecrets, randomUrlSafe, stateMatches } from '../../lib/platform/pkce';

describe('PKCE', () => {
  it('gives the challenge of RFC 7636 appendix B for its verifier', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a 43-character verifier of the unreserved alphabet, and its S256 challenge', async () => {
    const { verifier, challenge } = await createSignInSecrets();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('never repeats a verifier or a state', async () => {
    const made = await Promise.all(Array.from({ length: 50 }, () => createSignInSecrets()));
    expect(new Set(made.map((secrets) => secrets.verifier)).size).toBe(50);
    expect(new Set(made.map((secrets) => secrets.state)).size).toBe(50);
    expect(randomUrlSafe(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('state', () => {
  it.each([
    ['the same state', 'abcDEF123_-', 'abcDEF123_-', true],
    ['another state of the same length', 'abcDEF123_-', 'abcDEF123_x', false],
    ['a longer one', 'abc', 'abcd', false],
    ['none', 'abc', null, false],
    ['an empty one', 'abc', '', false],
    ['nothing sent', '', '', false],
  ])('%s', (_name, sent, received, matches) => {
    expect(stateMatches(sent, received)).toBe(matches);
  });
});
