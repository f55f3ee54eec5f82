import type { PublicSettings } from '../messaging/messages';
import { t } from '../platform/i18n';
import { classifyKey } from '../posthog/key-format';
import { normaliseUserOrigin } from '../posthog/user-origin';
import type { FieldErrors } from './options-errors';

export type Where = 'us' | 'eu' | 'self-hosted';

export const CLOUD_ORIGINS: Readonly<Record<Exclude<Where, 'self-hosted'>, string>> = {
  us: 'https://us.posthog.com',
  eu: 'https://eu.posthog.com',
};

export interface OptionsForm {
  where: Where;
  address: string;
  keyInput: string;
  /** What the background holds (masked), if anything. */
  saved: PublicSettings | null;
}

export type ValidForm = { ok: true; origin: string; apiKey?: string } | { ok: false; errors: FieldErrors };

/**
 * Everything the page can refuse without asking anyone: the address, the key's shape, and a saved
 * key that would have to go to another address (the background refuses that too).
 */
export function validateOptionsForm(form: OptionsForm): ValidForm {
  const errors: FieldErrors = {};
  const origin = normaliseUserOrigin(form.where === 'self-hosted' ? form.address : CLOUD_ORIGINS[form.where]);
  if (!origin.ok) errors.origin = origin.reason;
  const typedKey = form.keyInput.trim();
  const key = typedKey ? classifyKey(typedKey) : null;
  if (key && !key.ok) errors.apiKey = key.reason;
  else if (!key && !form.saved?.maskedKey) errors.apiKey = t('keyEmpty');
  else if (!key && origin.ok && origin.origin !== form.saved?.origin)
    errors.apiKey = t('keyNeededForNewOrigin');
  if (!origin.ok || errors.apiKey) return { ok: false, errors };
  return { ok: true, origin: origin.origin, ...(key?.ok ? { apiKey: key.key } : {}) };
}
