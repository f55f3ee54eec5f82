import { type AppError, isAppError } from '../../lib/platform/errors';

/** The AppError a call fails with; a call that succeeds, or throws anything else, fails the test. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}
