import type { AppError } from '../../lib/platform/errors';

/** Every text an AppError shows, logs or carries across the message boundary: where no secret may be. */
export function errorTexts(error: AppError): string[] {
  return [error.message, error.detail ?? '', error.userMessage(), JSON.stringify(error), String(error)];
}
