import type { AppError } from '../errors';

/**
 * When to try again. Reads (GET) are retried on network errors, 5xx and 429. A write is retried only
 * on 429, which PostHog answers before processing; after a 5xx, a timeout or a dropped connection it
 * may already have been applied, so it is never sent twice.
 */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  limit?: number;
  /** First backoff step in ms (default 300), doubled per retry. */
  baseDelayMs?: number;
  /** Longest backoff step in ms (default 10 000). */
  maxDelayMs?: number;
  /** Longest server-requested wait we sit through; longer and we give up at once (default 10). */
  maxRetryAfterSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export type RetryPolicy = Required<RetryOptions>;

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    limit: options.limit ?? 2,
    baseDelayMs: options.baseDelayMs ?? 300,
    maxDelayMs: options.maxDelayMs ?? 10_000,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 10,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
  };
}

export function isRetryable(method: string, error: AppError): boolean {
  if (error.kind === 'rate-limited') return true;
  return method === 'GET' && (error.kind === 'network' || error.kind === 'server');
}

/**
 * Milliseconds to wait before retry number `retry` (1-based), or null to give up. A server-given
 * wait is honoured as is; otherwise exponential backoff with jitter (half fixed, half random).
 */
export function retryDelay(policy: RetryPolicy, retry: number, error: AppError): number | null {
  const asked = error.retryAfterSeconds;
  if (asked !== undefined) {
    return asked > policy.maxRetryAfterSeconds ? null : Math.round(asked * 1000);
  }
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(step / 2 + (step / 2) * policy.random());
}
