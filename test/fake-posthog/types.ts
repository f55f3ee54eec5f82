import type { OAuthHooks } from './oauth/hooks';
import type { OAuthOptions } from './oauth/model';
import type { ListingRates } from './throttle';

export type { OAuthHooks, OAuthOptions };

/**
 * The public face of the local PostHog. Tests, the benchmark and `npm run demo` rely on these names.
 */
export type Flavor = 'contract' | 'posthog';
/**
 * `review`: `demo` plus the 30-recording collection "Weekly review" (`DEMO.playlists.weeklyReview`).
 * `support`: `demo` plus customers with recordings of the last weeks (`DEMO.support`).
 */
export type SeedName = 'demo' | 'large' | 'empty' | 'review' | 'support' | 'site' | 'tour';
/**
 * How `…/comments/` treats personal API keys: `scoped` (newest PostHog, `comment:read` / `comment:write`)
 * or `internal` (older builds' `scope_object = "INTERNAL"`: every key request refused, sessions only).
 */
export type CommentsKeyAccess = 'scoped' | 'internal';

export interface StartOptions {
  /** 0 or omitted: a free port. */
  port?: number;
  host?: string;
  flavor?: Flavor;
  seed?: SeedName;
  /** For the `large` seed: how many dashboards and playlists (default 10_000). */
  largeCount?: number;
  /**
   * App pages: how long a scene's data takes to arrive after the scene is drawn (default 100 ms), so
   * titles pass through their loading stage; null holds it until `window.fakePostHog.finishLoading()`.
   */
  sceneLoadMs?: number | null;
  /**
   * Serve HTTPS with this PEM key and certificate instead of HTTP, so a browser told to resolve a
   * PostHog Cloud host to this server (`--host-resolver-rules`) reaches it at that host's real origin.
   */
  tls?: { key: string; cert: string };
  /** Comments' key access (default `scoped`); `internal` is an older PostHog build. */
  commentsKeyAccess?: CommentsKeyAccess;
  /**
   * How often a personal API key may list recordings (PostHog's `LISTING_RATE_*` settings): default a
   * free plan's 12 a minute and 60 an hour, as PostHog Cloud counts them; null: not throttled (a
   * self-hosted PostHog without `RATE_LIMIT_ENABLED`).
   */
  replayListingRates?: ListingRates | null;
  /**
   * Whether the recordings list knows the `visited_page` recording property over `all_urls` (default
   * true: PostHog after PostHog/posthog#45216); false is an older self-hosted PostHog, which fails on it.
   */
  visitedPageProperty?: boolean;
  /**
   * PostHog's OAuth server (`oauth/`): on by default, the newest build; `{ enabled: false }` is a
   * self-hosted PostHog without it, `{ build: 'rotating' }` one whose refresh tokens rotate.
   */
  oauth?: OAuthOptions;
}

/** Keys every seed provides (values are deterministic per seed). */
export type KeyName =
  | 'all'
  | 'readOnly'
  | 'projectScoped'
  | 'noPlaylistWrite'
  | 'noSharingRead'
  | 'noRecordingRead';

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
  auth: 'key' | 'oauth' | 'session' | 'none';
  status: number;
  at: number;
}

export type Fault =
  | { type: 'latency'; ms: number }
  | { type: 'status'; status: number }
  | { type: 'throttle'; seconds: number }
  | { type: 'malformed-json' }
  | { type: 'html' }
  | { type: 'drop' }
  /** A reverse proxy in front of PostHog sending the request elsewhere (`to` + the same path). */
  | { type: 'redirect'; to: string; status?: 301 | 302 | 307 | 308 }
  /**
   * The request is answered as usual (a write is applied), then the answer is lost on the way back:
   * `drop`, the connection closes before any answer (a browser may resend a request whose reused
   * connection closed so; Node's fetch does not); `cut`, it closes after the status line, mid-body;
   * `malformed-json`, a 200 with truncated JSON; `late`, the answer leaves after `ms` (a client that
   * stops waiting first never sees it). Network behaviour, not PostHog's.
   */
  | { type: 'lose-answer'; as: 'drop' | 'cut' | 'malformed-json' | 'late'; ms?: number };

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
  /** The organisation's `allow_publicly_shared_resources` (an admin's switch in PostHog's security settings). */
  setPublicSharingAllowed(allowed: boolean): void;
  /** The sign-in state and what tests may do to it (`oauth/hooks.ts`). */
  oauth: OAuthHooks;
  close(): Promise<void>;
}
