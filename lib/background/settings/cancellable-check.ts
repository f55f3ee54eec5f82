import { AppError } from '../../platform/errors';

/**
 * The key check in flight (of a save, a re-check or a sign-in): the user's Cancel stops waiting for
 * it before anything is stored. Its requests only read, and whatever they answer later is stored
 * nowhere.
 */
export function createCancellableCheck() {
  let checking: AbortController | null = null;
  return {
    /** The check, given up at once on Cancel (`cancelled`). */
    async run<T>(check: Promise<T>): Promise<T> {
      const controller = new AbortController();
      checking = controller;
      try {
        return await new Promise<T>((resolve, reject) => {
          const stop = () => reject(new AppError('cancelled', { detail: 'key check stopped' }));
          controller.signal.addEventListener('abort', stop, { once: true });
          check.then(resolve, reject);
        });
      } finally {
        if (checking === controller) checking = null;
      }
    },
    /** False when no check is waiting (one that has answered is saved as usual). */
    cancel(): boolean {
      if (!checking) return false;
      checking.abort();
      return true;
    },
  };
}
