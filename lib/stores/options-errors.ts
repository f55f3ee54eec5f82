import type { AppError, SerializedError } from '../platform/errors';
import { t } from '../platform/i18n';

export type OptionsField = 'origin' | 'apiKey' | 'projectId';
export type FieldErrors = Partial<Record<OptionsField, string>>;

export interface SaveAttempt {
  /** The normalised address the request went to. */
  origin: string;
  /** Whether the user typed a new key (otherwise the saved one was used). */
  typedKey: boolean;
  /** Whether a project id was part of the request. */
  sendProject: boolean;
}

/**
 * Where a failed save or check is shown: under the field the user has to change, in words that fit
 * the options page (the generic sentences say "open the options", which is where the user already is).
 * What no field can fix (rate limits, server errors) becomes the general error with "Try again".
 */
export function placeSaveError(
  error: AppError,
  attempt: SaveAttempt,
): { fields: FieldErrors; general: SerializedError | null } {
  const field = (name: OptionsField, message: string) => ({ fields: { [name]: message }, general: null });
  switch (error.kind) {
    case 'invalid-input':
      return field(error.field === 'origin' ? 'origin' : 'apiKey', error.userMessage());
    case 'unauthorized':
      return field('apiKey', t(attempt.typedKey ? 'optionsKeyRefused' : 'optionsSavedKeyRefused'));
    case 'missing-scope':
    case 'key-not-allowed':
      return field('apiKey', error.userMessage());
    case 'network':
    case 'timeout':
      return field('origin', t('optionsUnreachable', attempt.origin));
    case 'invalid-response':
    case 'not-found':
    case 'method-not-allowed':
      // A web site, a proxy or an ingestion host at that address rather than PostHog's API.
      return field('origin', t('optionsNotPostHog', attempt.origin));
    case 'project-forbidden':
      return attempt.sendProject
        ? field('projectId', error.userMessage())
        : field('apiKey', error.userMessage());
    default:
      return { fields: {}, general: error.toJSON() };
  }
}
