import { batch, computed, type Signal, signal } from '@preact/signals';
import type { KeyCheck, PublicSettings, SendMessage } from '../messaging/messages';
import { type SerializedError, serializeError } from '../platform/errors';
import { t } from '../platform/i18n';
import { isSignInMask } from '../posthog/key-format';
import { normaliseUserOrigin } from '../posthog/user-origin';
import type { FieldErrors } from './options-errors';
import { CLOUD_ORIGINS, type Where } from './options-form';

export interface OptionsSignInDeps {
  send: SendMessage;
  requestHostAccess: (origin: string) => Promise<boolean>;
  saved: Signal<PublicSettings | null>;
  where: Signal<Where>;
  address: Signal<string>;
  fieldErrors: Signal<FieldErrors>;
  error: Signal<SerializedError | null>;
  notice: Signal<string | null>;
  /** Whether the page is busy, and with what (the store's). */
  busy: Signal<string | null>;
  clearMessages(): void;
  /** The grant's key check, shown and kept as a saved key's is. */
  adoptCheck(result: KeyCheck): void;
}

/**
 * "Sign in with PostHog", the options page's first offer: the address chosen (US, EU or a
 * self-hosted one, whose access is asked inside the click), then the background signs in through the
 * browser's sign-in window. "Use a personal API key instead" shows today's key field.
 */
export function createOptionsSignIn(deps: OptionsSignInDeps) {
  const keyChosen = signal(false);
  /** The error shown is a sign-in's: its "Try again" signs in again. */
  const failed = signal(false);
  const signedIn = computed(() => isSignInMask(deps.saved.value?.maskedKey));
  /** The key field is shown: asked for, or a key is what is saved. */
  const keyMode = computed(
    () => keyChosen.value || (deps.saved.value?.maskedKey !== undefined && !signedIn.value),
  );

  /** Call it from the click itself: a self-hosted address's access is asked during the gesture. */
  function signIn(): Promise<void> {
    if (deps.busy.value !== null) return Promise.resolve();
    const where = deps.where.value;
    const origin = normaliseUserOrigin(where === 'self-hosted' ? deps.address.value : CLOUD_ORIGINS[where]);
    if (!origin.ok) {
      batch(() => {
        deps.clearMessages();
        deps.fieldErrors.value = { origin: origin.reason };
      });
      return Promise.resolve();
    }
    batch(() => {
      deps.clearMessages();
      deps.busy.value = 'signing-in';
      failed.value = true;
    });
    const cloud = Object.values(CLOUD_ORIGINS).includes(origin.origin);
    let access: Promise<boolean>;
    try {
      access = cloud ? Promise.resolve(true) : deps.requestHostAccess(origin.origin);
    } catch (thrown) {
      access = Promise.reject(thrown);
    }
    return finish(access, origin.origin);
  }

  async function finish(access: Promise<boolean>, origin: string): Promise<void> {
    try {
      if (!(await access.catch(() => false))) {
        deps.fieldErrors.value = { origin: t('optionsHostAccessDenied', origin) };
        return;
      }
      const result = await deps.send('settings/sign-in', { origin });
      batch(() => {
        deps.adoptCheck(result);
        keyChosen.value = false;
        deps.notice.value = t('signInDone', result.user.email || result.user.name, result.origin);
        failed.value = false;
      });
    } catch (thrown) {
      const failure = serializeError(thrown);
      batch(() => {
        deps.error.value = failure;
        // A PostHog without "Sign in with PostHog": the key path is the way, shown at once.
        if (failure.kind === 'oauth-unavailable' || failure.kind === 'sign-in-unsupported')
          keyChosen.value = true;
      });
    } finally {
      deps.busy.value = null;
    }
  }

  return {
    signInFailed: failed,
    signedIn,
    keyMode,
    signIn,
    useKey(): void {
      keyChosen.value = true;
    },
    useSignIn(): void {
      keyChosen.value = false;
    },
  };
}
