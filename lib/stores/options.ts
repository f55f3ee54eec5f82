import { batch, computed, type Signal, signal } from '@preact/signals';
import type { KeyCheck, PublicSettings, SendMessage } from '../messaging/messages';
import { type SerializedError, serializeError, toAppError } from '../platform/errors';
import { t } from '../platform/i18n';
import { type FieldErrors, placeSaveError } from './options-errors';
import { CLOUD_ORIGINS, validateOptionsForm, type Where } from './options-form';
import { createOptionsSignIn } from './options-sign-in';
import { createCheckWaiting } from './options-waiting';

export type { FieldErrors, OptionsField } from './options-errors';
export { CLOUD_ORIGINS, type Where } from './options-form';

export type KeyReport = KeyCheck & { checkedAt: number };
const isCancelled = (thrown: unknown) => toAppError(thrown).kind === 'cancelled';
type Busy = 'saving' | 'checking' | 'forgetting' | 'signing-in' | null;

export interface OptionsStoreDeps {
  send: SendMessage;
  /**
   * Asks the browser for access to a self-hosted origin. Called synchronously inside `save()`, so
   * `save()` must be called straight from the click or submit handler (the browser wants a gesture).
   */
  requestHostAccess: (origin: string) => Promise<boolean>;
  now?: () => number;
}

/**
 * State and actions of the options page. It sees the stored settings with the key masked; the key
 * the user types stays in `keyInput` until the background has accepted it, and only then is cleared.
 * A check the user stops (Cancel) leaves the stored settings as they were (see options-waiting.ts)
 * and the form as the user left it.
 */
export function createOptionsStore(deps: OptionsStoreDeps) {
  const now = deps.now ?? Date.now;
  const phase = signal<'loading' | 'ready' | 'error'>('loading');
  const loadError = signal<SerializedError | null>(null);
  /** What the background holds (masked). */
  const saved = signal<PublicSettings | null>(null);
  const report = signal<KeyReport | null>(null);

  const where = signal<Where>('us');
  const address = signal('');
  const keyInput = signal('');
  const projectId = signal<number | undefined>(undefined);
  const inPageButton = signal(true);

  const busy = signal<Busy>(null);
  const fieldErrors = signal<FieldErrors>({});
  const error = signal<SerializedError | null>(null);
  const notice = signal<string | null>(null);
  const confirmingForget = signal(false);
  const checkWaiting = createCheckWaiting(deps.send);
  const signIn = createOptionsSignIn({
    send: deps.send,
    requestHostAccess: deps.requestHostAccess,
    saved,
    where,
    address,
    fieldErrors,
    error,
    notice,
    busy: busy as Signal<string | null>,
    clearMessages,
    adoptCheck: (result) =>
      adopt({ ...result, inPageButton: inPageButton.value, lastCheck: { ...result, checkedAt: now() } }),
  });

  const projects = computed(() => report.value?.projects ?? []);
  const hasSavedKey = computed(() => Boolean(saved.value?.maskedKey));

  function clearMessages(): void {
    fieldErrors.value = {};
    error.value = null;
    notice.value = null;
    signIn.signInFailed.value = false;
  }

  function adopt(settings: PublicSettings): void {
    const cloud = (Object.keys(CLOUD_ORIGINS) as Array<keyof typeof CLOUD_ORIGINS>).find(
      (name) => CLOUD_ORIGINS[name] === settings.origin,
    );
    saved.value = settings;
    where.value = cloud ?? 'self-hosted';
    address.value = cloud ? '' : settings.origin;
    projectId.value = settings.projectId;
    inPageButton.value = settings.inPageButton;
    report.value = settings.lastCheck ?? null;
  }

  async function load(): Promise<void> {
    phase.value = 'loading';
    try {
      const settings = await deps.send('settings/get', {});
      batch(() => {
        adopt(settings);
        phase.value = 'ready';
      });
    } catch (thrown) {
      batch(() => {
        loadError.value = serializeError(thrown);
        phase.value = 'error';
      });
    }
  }

  /** Check and save. Call it from the click/submit handler itself: it may ask for host access. */
  function save(): Promise<void> {
    if (busy.value !== null || phase.value !== 'ready') return Promise.resolve();
    const valid = validateOptionsForm({
      where: where.value,
      address: address.value,
      keyInput: keyInput.value,
      saved: saved.value,
    });
    if (!valid.ok) {
      batch(() => {
        clearMessages();
        fieldErrors.value = valid.errors;
      });
      return Promise.resolve();
    }
    batch(() => {
      clearMessages();
      busy.value = 'saving';
    });
    const selfHosted = !Object.values(CLOUD_ORIGINS).includes(valid.origin);
    let access: Promise<boolean>;
    try {
      access = selfHosted ? deps.requestHostAccess(valid.origin) : Promise.resolve(true);
    } catch (thrown) {
      access = Promise.reject(thrown);
    }
    return finishSave(access, valid.origin, valid.apiKey);
  }

  async function finishSave(access: Promise<boolean>, origin: string, apiKey?: string): Promise<void> {
    const sameOrigin = origin === saved.value?.origin;
    const projectChanged = projectId.value !== undefined && projectId.value !== saved.value?.projectId;
    // A project id means nothing on another address; with a new key, only an explicit choice is sent.
    const sendProject = sameOrigin && projectId.value !== undefined && (!apiKey || projectChanged);
    try {
      if (!(await access.catch(() => false))) {
        fieldErrors.value = { origin: t('optionsHostAccessDenied', origin) };
        return;
      }
      const result = await checkWaiting.during(() =>
        deps.send('settings/save', {
          origin,
          ...(apiKey ? { apiKey } : {}),
          ...(sendProject ? { projectId: projectId.value } : {}),
          inPageButton: inPageButton.value,
        }),
      );
      batch(() => {
        const lastCheck = { ...result, checkedAt: now() };
        adopt({ ...result, inPageButton: inPageButton.value, lastCheck });
        keyInput.value = '';
        notice.value = t('optionsSaved', result.origin);
      });
    } catch (thrown) {
      // Stopped by the user: nothing was stored, and the form keeps all it holds; Try again resends.
      if (isCancelled(thrown))
        error.value = { kind: 'cancelled', message: t('optionsSaveCancelled'), retryable: true };
      else showError(thrown, { origin, typedKey: Boolean(apiKey), sendProject });
    } finally {
      busy.value = null;
    }
  }

  /** Puts a failed save or check under the field it concerns, or above the form. */
  function showError(thrown: unknown, attempt: Parameters<typeof placeSaveError>[1]): void {
    const placed = placeSaveError(toAppError(thrown), attempt);
    batch(() => {
      fieldErrors.value = placed.fields;
      error.value = placed.general;
    });
  }

  /** Asks PostHog again what the saved key can do (after the user changed its scopes, say). */
  async function recheck(): Promise<void> {
    if (busy.value !== null || !hasSavedKey.value) return;
    batch(() => {
      clearMessages();
      busy.value = 'checking';
    });
    try {
      const result = await checkWaiting.during(() => deps.send('settings/check', {}));
      batch(() => {
        report.value = { ...result, checkedAt: now() };
        projectId.value = result.projectId;
        if (saved.value) saved.value = { ...saved.value, projectId: result.projectId };
      });
    } catch (thrown) {
      if (isCancelled(thrown))
        error.value = { kind: 'cancelled', message: t('optionsCheckCancelled'), retryable: false };
      else showError(thrown, { origin: saved.value?.origin ?? '', typedKey: false, sendProject: false });
    } finally {
      busy.value = null;
    }
  }

  async function forget(): Promise<void> {
    if (busy.value !== null || !hasSavedKey.value) return;
    batch(() => {
      clearMessages();
      busy.value = 'forgetting';
    });
    try {
      await deps.send('settings/forget', {});
      batch(() => {
        const origin = saved.value?.origin ?? CLOUD_ORIGINS.us;
        saved.value = { origin, inPageButton: saved.value?.inPageButton ?? true };
        report.value = null;
        projectId.value = undefined;
        confirmingForget.value = false;
        // A self-hosted address also loses the access Hogmark had to it: say so.
        notice.value = Object.values(CLOUD_ORIGINS).includes(origin)
          ? t('optionsForgotten')
          : t('optionsForgottenSelfHosted', origin);
      });
    } catch (thrown) {
      error.value = serializeError(thrown);
    } finally {
      busy.value = null;
    }
  }

  function clearFieldError(field: keyof FieldErrors): void {
    if (fieldErrors.value[field] === undefined) return;
    const { [field]: _dropped, ...rest } = fieldErrors.value;
    fieldErrors.value = rest;
  }

  return {
    phase,
    loadError,
    saved,
    report,
    where,
    address,
    keyInput,
    projectId,
    inPageButton,
    busy,
    fieldErrors,
    error,
    notice,
    confirmingForget,
    waiting: checkWaiting.waiting,
    projects,
    hasSavedKey,
    /** Signed in with PostHog; the key field shown (asked for, or a key saved); and their actions. */
    signedIn: signIn.signedIn,
    keyMode: signIn.keyMode,
    signIn: signIn.signIn,
    useKey: signIn.useKey,
    useSignIn: signIn.useSignIn,
    signInFailed: signIn.signInFailed,
    load,
    save,
    recheck,
    forget,
    cancelCheck: checkWaiting.cancel,
    setWhere(value: Where): void {
      where.value = value;
      clearFieldError('origin');
    },
    setAddress(value: string): void {
      address.value = value;
      clearFieldError('origin');
    },
    setKey(value: string): void {
      keyInput.value = value;
      clearFieldError('apiKey');
    },
    setProject(value: number): void {
      projectId.value = value;
      clearFieldError('projectId');
    },
    setInPageButton(value: boolean): void {
      inPageButton.value = value;
    },
    askForget(): void {
      if (hasSavedKey.value) confirmingForget.value = true;
    },
    cancelForget(): void {
      confirmingForget.value = false;
    },
  };
}

export type OptionsStore = ReturnType<typeof createOptionsStore>;
