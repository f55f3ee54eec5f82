import { t } from '../lib/platform/i18n';
import { SIGN_IN_SCOPES } from '../lib/posthog/sign-in-scopes';

/**
 * "Sign in with PostHog", first: the scopes Hogmark asks for and what each is for, shown before the
 * user leaves for PostHog's consent page; then the button, and the way to a personal key instead.
 */
export function OptionsSignIn(props: { busy: boolean; onSignIn: () => void; onUseKey: () => void }) {
  return (
    <section class="sign-in" aria-labelledby="sign-in-lead">
      <p id="sign-in-lead">{t('signInLead')}</p>
      <ul class="sign-in-scopes">
        {SIGN_IN_SCOPES.map(({ scope, purpose }) => (
          <li key={scope}>
            <code>{scope}</code> {t(purpose)}
          </li>
        ))}
      </ul>
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={props.onSignIn}
          aria-disabled={props.busy ? 'true' : undefined}
          aria-busy={props.busy ? 'true' : undefined}
        >
          {props.busy ? t('signInBusy') : t('signInButton')}
        </button>
        <button type="button" class="link" onClick={props.onUseKey}>
          {t('signInUseKey')}
        </button>
      </div>
    </section>
  );
}

/** Signed in: where, and "Sign in again" ("… with more access" when a feature lacks a scope). */
export function OptionsSignedIn(props: {
  origin: string;
  missingScope: boolean;
  busy: boolean;
  onSignIn: () => void;
}) {
  return (
    <div class="signed-in">
      <p>{t('signedInAt', props.origin)}</p>
      <button
        type="button"
        onClick={props.onSignIn}
        aria-disabled={props.busy ? 'true' : undefined}
        aria-busy={props.busy ? 'true' : undefined}
      >
        {props.busy ? t('signInBusy') : t(props.missingScope ? 'signInMore' : 'signInAgain')}
      </button>
    </div>
  );
}
