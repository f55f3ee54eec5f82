/**
 * DRF's `SimpleRateThrottle` (`rest_framework/throttling.py`), one per rate: a request is let through
 * while fewer than `requests` were let through in the last `durationMs`, and only those count; a
 * refused one is told `wait()`, the time until the oldest of them leaves the window.
 */
export class RateThrottle {
  private readonly history = new Map<string, number[]>();

  constructor(
    private readonly requests: number,
    private readonly durationMs: number,
  ) {}

  /** `allow_request`: true (and counted) or false; on false, `waitSeconds` says how long. */
  allow(bucket: string, now: number): boolean {
    const kept = (this.history.get(bucket) ?? []).filter((at) => at > now - this.durationMs);
    this.history.set(bucket, kept);
    if (kept.length >= this.requests) return false;
    kept.unshift(now);
    return true;
  }

  /** `wait()`: seconds until the oldest counted request leaves the window. */
  waitSeconds(bucket: string, now: number): number {
    const kept = this.history.get(bucket) ?? [];
    const oldest = kept[kept.length - 1];
    const remaining = oldest === undefined ? this.durationMs : this.durationMs - (now - oldest);
    const available = this.requests - kept.length + 1;
    return available <= 0 ? 0 : remaining / 1000 / available;
  }
}

/** Requests a minute and an hour (PostHog's `LISTING_RATE_*` settings); null: no throttling. */
export interface ListingRates {
  perMinute: number;
  perHour: number;
}

/** PostHog Cloud's replay listing rates for a free plan's personal API keys. */
export const FREE_LISTING_RATES: ListingRates = { perMinute: 12, perHour: 60 };

/**
 * DRF's `check_throttles`: every throttle is asked (each counts the request it lets through); when any
 * refuses, the answer waits the longest of their waits, rounded up (`Throttled`).
 */
export function createListingThrottle(rates: ListingRates) {
  const throttles = [new RateThrottle(rates.perMinute, 60_000), new RateThrottle(rates.perHour, 3_600_000)];
  return (bucket: string, now = Date.now()): number | null => {
    const waits = throttles.flatMap((throttle) =>
      throttle.allow(bucket, now) ? [] : [throttle.waitSeconds(bucket, now)],
    );
    return waits.length === 0 ? null : Math.ceil(Math.max(...waits));
  };
}
