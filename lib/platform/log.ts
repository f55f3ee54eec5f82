import { isAppError } from './errors';

/**
 * The only way shipped code writes to the console: a fixed place name and the failure's kind (plus
 * its HTTP status), never a message, URL, body or stack, any of which could carry the key or a page's
 * data. test/meta/codebase.test.ts keeps every other `console.` call out of the shipped code.
 */
export function logFailure(where: string, error: unknown): void {
  console.warn(`[hogmark] ${where}: ${failureSummary(error)}`);
}

/** `server 502`, `network`, or the name of a non-AppError (`TypeError`): nothing the error was told. */
export function failureSummary(error: unknown): string {
  if (isAppError(error)) return error.status === undefined ? error.kind : `${error.kind} ${error.status}`;
  if (error instanceof Error) return /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
  return typeof error;
}
