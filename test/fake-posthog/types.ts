/**
 * The public face of the local PostHog. Tests, the benchmark and `npm run demo` rely on these names.
 */
export type Flavor = 'contract' | 'posthog';
export type SeedName = 'demo' | 'large' | 'empty';

export interface StartOptions {
  /** 0 or omitted: a free port. */
  port?: number;
  host?: string;
  flavor?: Flavor;
  seed?: SeedName;
  /** For the `large` seed: how many dashboards and playlists (default 10_000). */
  largeCount?: number;
}

/** Keys every seed provides (values are deterministic per seed). */
export type KeyName = 'all' | 'readOnly' | 'projectScoped' | 'noPlaylistWrite';

export interface KeyInfo {
  value: string;
  scopes: string[];
  scopedTeams: number[];
  label: string;
}

export interface LoggedRequest {
  method: string;
  /** Path without the query string, as received (trailing slash kept). */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
  auth: 'key' | 'session' | 'none';
  status: number;
  at: number;
}

export type Fault =
  | { type: 'latency'; ms: number }
  | { type: 'status'; status: number }
  | { type: 'throttle'; seconds: number }
  | { type: 'malformed-json' }
  | { type: 'html' }
  | { type: 'drop' };

export interface FaultRule {
  method?: string;
  /** A path string is matched ignoring the trailing slash; a RegExp is tested against the path. */
  path: string | RegExp;
  fault: Fault;
  /** How many requests it applies to; default: until cleared. */
  times?: number;
}

export interface FakePostHog {
  url: string;
  flavor: Flavor;
  keys: Record<KeyName, string>;
  keyInfo: Record<KeyName, KeyInfo>;
  /** Every request received, oldest first. */
  requests: LoggedRequest[];
  clearRequests(): void;
  setFault(rule: FaultRule): void;
  clearFaults(): void;
  close(): Promise<void>;
}
