import type { BeforeRetryHook, RetryOptions as KyRetryOptions } from 'ky';
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { AppError } from '../platform/errors';
import { appErrorFrom } from './error-mapping';

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
  /**
   * Whether a 429 is tried again (default true). Off where every request counts against a small
   * allowance (the recordings list: 12 a minute on a free plan), so a wait is reported, not spent.
   */
  retryThrottled?: boolean;
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
    retryThrottled: options.retryThrottled ?? true,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
  };
}

// Every 5xx, not ky's default few: PostHog behind a proxy answers 502–504 and 520-class codes alike,
// and a read is safe to try again after any of them.
const SERVER_ERRORS = Array.from({ length: 100 }, (_, index) => 500 + index);

/** ky's `retry` option and `beforeRetry` hook for this policy: ky runs the loop, these decide. */
export function retryWithKy(policy: RetryPolicy, apiKey: string) {
  const options: KyRetryOptions = {
    limit: policy.limit,
    // Writes are listed so that a 429 can be retried; `shouldRetry` refuses them everything else.
    methods: ['get', 'post', 'patch', 'delete'],
    statusCodes: [429, ...SERVER_ERRORS],
    // A read that hung once is reported, not tried again for as long.
    retryOnTimeout: false,
    // ky's own wait cannot be injected (tests) nor see the body's wait: it waits 0, `waitBeforeRetry` waits.
    afterStatusCodes: [],
    delay: () => 0,
    shouldRetry({ error }) {
      const failure = appErrorFrom(error, apiKey);
      if (failure.kind === 'rate-limited' && !policy.retryThrottled) return false;
      // PostHog refuses a throttled write before doing it; after anything else it may have done it.
      if (failure.kind !== 'rate-limited' && methodOf(error) !== 'GET') return false;
      // ky would shorten a long wait to `maxRetryAfter`; we give up at once and tell the user how long.
      if ((failure.retryAfterSeconds ?? 0) > policy.maxRetryAfterSeconds) return false;
      return undefined;
    },
  };
  // By hand: ky's wait can neither be replaced in tests nor read PostHog's wait from the answer's body.
  const waitBeforeRetry: BeforeRetryHook = async ({ error, retryCount }) => {
    await policy.sleep(retryDelay(policy, retryCount, appErrorFrom(error, apiKey)));
  };
  return { options, waitBeforeRetry };
}

/** The method of the request a ky error is about; other errors (a Cancel) name none. */
function methodOf(error: Error): string | undefined {
  const known = isHTTPError(error) || isNetworkError(error) || isTimeoutError(error);
  return known ? error.request.method : undefined;
}

/**
 * Milliseconds to wait before retry number `retry` (1-based). A server-given wait (Retry-After, or
 * PostHog's "Expected available in N seconds") is honoured as is; otherwise exponential backoff with
 * jitter (half fixed, half random).
 */
export function retryDelay(policy: RetryPolicy, retry: number, error: AppError): number {
  const asked = error.retryAfterSeconds;
  if (asked !== undefined) return Math.round(asked * 1000);
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(step / 2 + (step / 2) * policy.random());
}
