import { AppError, toAppError, writeMayHaveApplied } from './errors';

/** What reading the one resource back says of a write: made, not made, or no telling. */
export type ReadBack = 'applied' | 'not-applied' | 'unknown';

export interface SettleWriteOptions<T> {
  write: () => Promise<T>;
  /** One read of the resource the write changed; only called when the outcome is uncertain. */
  readBack: () => Promise<ReadBack>;
  /** The write's result when the read showed it was made although its answer was lost. */
  applied: () => Promise<T>;
  /** Whether the user asked to stop waiting (then "not made" reads as cancelled). */
  cancelled?: () => boolean;
  /** Told what the read found (to record the truth), before the outcome is returned or thrown. */
  onReadBack?: (found: Exclude<ReadBack, 'unknown'>) => Promise<void>;
}

/**
 * A write ends in the truth: when its answer leaves the outcome open (a timeout, a dropped
 * connection, a 5xx, an unreadable 2xx), the resource is read back once before anything is said.
 * Errors that leave this function therefore mean "not made", except `outcome-unknown`. Nothing is
 * ever sent twice: the read decides, the write is not repeated.
 */
export async function settleWrite<T>(options: SettleWriteOptions<T>): Promise<T> {
  try {
    return await options.write();
  } catch (thrown) {
    const error = toAppError(thrown);
    if (!writeMayHaveApplied(error)) throw error;
    let found: ReadBack;
    try {
      found = await options.readBack();
    } catch {
      found = 'unknown';
    }
    if (found === 'unknown') {
      // Its cause says whether the user had stopped waiting: then nothing is made for them later.
      const cause = options.cancelled?.() ? new AppError('cancelled', { cause: error }) : error;
      throw new AppError('outcome-unknown', { cause, detail: `after ${error.kind}` });
    }
    await options.onReadBack?.(found);
    if (found === 'applied') return options.applied();
    if (options.cancelled?.()) throw new AppError('cancelled', { cause: error });
    throw error;
  }
}

/** An outcome-unknown write the user had stopped waiting for (not to be made for them later). */
export function stoppedWaiting(error: AppError): boolean {
  return (
    error.kind === 'outcome-unknown' && error.cause instanceof AppError && error.cause.kind === 'cancelled'
  );
}
