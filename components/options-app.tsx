import { t } from '../lib/platform/i18n';
import type { OptionsStore } from '../lib/stores/options';
import { ErrorNotice } from './error-notice';
import { type ForgetWords, OptionsForget } from './options-forget';
import { OptionsKey } from './options-key';
import { OptionsPreferences } from './options-preferences';
import { OptionsReport } from './options-report';
import { OptionsSignedIn, OptionsSignIn } from './options-sign-in';
import { OptionsStatus } from './options-status';
import { OptionsWhere } from './options-where';

const SIGN_OUT: ForgetWords = {
  ask: 'signOut',
  question: 'signOutQuestion',
  confirm: 'signOutConfirm',
  busy: 'signOutBusy',
};

/** After a refused save, the keyboard user lands on the field to fix. */
function focusFirstInvalid(): void {
  document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
}

export function OptionsApp(props: { store: OptionsStore }) {
  const { store } = props;
  const phase = store.phase.value;
  const busy = store.busy.value;
  const errors = store.fieldErrors.value;
  const saved = store.saved.value;
  const report = store.report.value;
  const error = store.error.value;
  const signedIn = store.signedIn.value;
  const keyMode = store.keyMode.value;
  // Called from the click itself: a self-hosted address's access is asked during the gesture.
  const signIn = () => void store.signIn();

  // save() must run inside the submit handler: it may ask the browser for host access, which needs
  // the user's gesture.
  const save = () => void store.save().then(focusFirstInvalid);
  // Cancel goes once used: the focus returns to the button that started the check.
  const cancel = () => {
    const from = busy === 'checking' ? '.report > button' : 'form.settings button[type="submit"]';
    document.querySelector<HTMLElement>(from)?.focus();
    void store.cancelCheck();
  };

  return (
    <main class="options" aria-busy={phase === 'loading' || busy !== null}>
      <h1>{t('optionsTitle')}</h1>
      <p class="muted">{t('optionsIntro')}</p>
      {phase === 'loading' ? <p class="muted">{t('loading')}</p> : null}
      {phase === 'error' && store.loadError.value ? (
        <ErrorNotice error={store.loadError.value} onRetry={() => void store.load()} />
      ) : null}
      {phase === 'ready' ? (
        <>
          <form
            class="settings"
            noValidate
            aria-labelledby="settings-title"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <h2 id="settings-title">{t('optionsSettingsTitle')}</h2>
            <OptionsWhere
              where={store.where.value}
              address={store.address.value}
              error={errors.origin}
              onWhere={store.setWhere}
              onAddress={store.setAddress}
            />
            {signedIn ? (
              <OptionsSignedIn
                origin={saved?.origin ?? ''}
                missingScope={Object.values(report?.capabilities ?? {}).some((check) => check?.ok === false)}
                busy={busy === 'signing-in'}
                onSignIn={signIn}
              />
            ) : null}
            {!signedIn && !keyMode ? (
              <OptionsSignIn busy={busy === 'signing-in'} onSignIn={signIn} onUseKey={store.useKey} />
            ) : null}
            {keyMode ? (
              <OptionsKey
                value={store.keyInput.value}
                maskedKey={saved?.maskedKey}
                error={errors.apiKey}
                onInput={store.setKey}
              />
            ) : null}
            {store.hasSavedKey.value ? (
              <OptionsForget
                confirming={store.confirmingForget.value}
                forgetting={busy === 'forgetting'}
                onAsk={store.askForget}
                onCancel={store.cancelForget}
                onConfirm={() =>
                  void store
                    .forget()
                    .then(() => document.querySelector<HTMLElement>('#api-key, .sign-in button')?.focus())
                }
                {...(signedIn ? { words: SIGN_OUT } : {})}
              />
            ) : null}
            {keyMode && !store.hasSavedKey.value ? (
              <button type="button" class="link" onClick={store.useSignIn}>
                {t('signInInstead')}
              </button>
            ) : null}
            {signedIn || keyMode ? <h2>{t('optionsPreferencesTitle')}</h2> : null}
            {signedIn || keyMode ? (
              <OptionsPreferences
                projects={store.projects.value}
                projectId={store.projectId.value}
                projectError={errors.projectId}
                inPageButton={store.inPageButton.value}
                onProject={store.setProject}
                onInPageButton={store.setInPageButton}
              />
            ) : null}
            {signedIn || keyMode ? (
              <div class="actions">
                <button
                  type="submit"
                  class="primary"
                  aria-disabled={busy !== null ? 'true' : undefined}
                  aria-busy={busy === 'saving' ? 'true' : undefined}
                >
                  {busy === 'saving' ? t('optionsSaving') : t('optionsSave')}
                </button>
              </div>
            ) : null}
            <OptionsStatus notice={store.notice.value} waiting={store.waiting.value} onCancel={cancel} />
            {error ? (
              <ErrorNotice
                error={error}
                onRetry={error.retryable ? (store.signInFailed.value ? signIn : save) : undefined}
              />
            ) : null}
          </form>
          {report ? (
            <OptionsReport
              signedIn={signedIn}
              report={report}
              checking={busy === 'checking'}
              onRecheck={() => void store.recheck().then(focusFirstInvalid)}
            />
          ) : null}
        </>
      ) : null}
    </main>
  );
}
