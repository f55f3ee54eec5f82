import type { IdentityLike } from '../../lib/background/settings/sign-in-flow';
import {
  authorizeGet,
  consent,
  REDIRECT_URI,
  type SignInChoice,
  signInToPostHog,
} from '../fake-posthog/oauth-test-helpers';
import { obj } from '../fake-posthog/test-helpers';
import type { FakePostHog } from '../fake-posthog/types';

export interface ConsentChoice extends Omit<SignInChoice, 'scope'> {
  /** false: the user presses Cancel. */
  allow?: boolean;
}

/**
 * `browser.identity` whose sign-in window is driven over HTTP as a user would drive PostHog's: signed
 * in (Ana), the consent page loaded, then the consent form posted with the user's choice; it answers
 * the URL PostHog sends the window to. `urls` records what each window was opened at.
 */
export function consentingIdentity(server: FakePostHog, choice: ConsentChoice = {}) {
  const urls: string[] = [];
  const identity: IdentityLike & { urls: string[] } = {
    urls,
    getRedirectURL: () => REDIRECT_URI,
    async launchWebAuthFlow({ url }) {
      urls.push(url);
      const session = await signInToPostHog(server);
      const query = Object.fromEntries(new URL(url).searchParams);
      const page = await authorizeGet(server, query, session);
      if (page.status !== 200) throw new Error('Authorization page could not be loaded.');
      const answer = await consent(server, session, {
        client_id: query.client_id,
        redirect_uri: query.redirect_uri,
        response_type: query.response_type,
        state: query.state,
        code_challenge: query.code_challenge,
        code_challenge_method: query.code_challenge_method,
        scope: choice.granted ?? query.scope,
        allow: choice.allow ?? true,
        access_level: choice.access_level ?? 'all',
        scoped_teams: choice.scoped_teams ?? [],
        scoped_organizations: choice.scoped_organizations ?? [],
      });
      return obj(answer.json).redirect_to as string;
    },
  };
  return identity;
}
