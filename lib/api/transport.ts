import type { KyInstance } from 'ky';
import { isTimeoutError } from 'ky';
import type { z } from 'zod/mini';
import { AppError } from '../errors';
import { errorFromResponse, invalidResponse, redact, transportError } from './error-mapping';
import { isRetryable, type RetryPolicy, retryDelay } from './retry';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type SearchParams = Record<string, string | number | boolean | undefined>;

export interface RequestSpec<Schema extends z.ZodMiniType> {
  method: HttpMethod;
  /** `/api/…/` on the configured origin, optionally with a query string (a `next` link). */
  path: string;
  searchParams?: SearchParams;
  json?: unknown;
  schema: Schema;
  /** An empty 2xx body is a success (DELETE answers); the schema is then skipped. */
  allowEmpty?: boolean;
  /** Any 2xx body is a success and is not read as JSON (DELETE answers vary between servers). */
  ignoreBody?: boolean;
}

export interface Transport {
  request<Schema extends z.ZodMiniType>(
    spec: RequestSpec<Schema> & { allowEmpty: true },
  ): Promise<z.infer<Schema> | undefined>;
  request<Schema extends z.ZodMiniType>(spec: RequestSpec<Schema>): Promise<z.infer<Schema>>;
  /** Turns an absolute `next` link into a path on our origin (the key never goes elsewhere). */
  sameOriginPath(url: string): string;
}

interface Settings {
  api: KyInstance;
  origin: string;
  apiKey: string;
  timeoutMs: number;
  readTimeoutMs?: number;
  retry: RetryPolicy;
  signal?: AbortSignal;
}

type Attempt = { ok: true; status: number; body: unknown } | { ok: false; error: AppError };

const EMPTY = Symbol('empty body');

export function createTransport(settings: Settings): Transport {
  const { api, apiKey, origin, retry } = settings;

  async function readBody(
    response: Response,
    controller: AbortController,
    timeoutMs: number,
  ): Promise<string> {
    // ky's per-attempt timeout covers the headers; this one covers a body that stalls. Aborting
    // ends a real network read; the race also ends a body that ignores the signal.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error('body read timed out'));
      }, timeoutMs);
    });
    try {
      return await Promise.race([response.text(), stalled]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every key-bearing request stays on the configured origin, whatever the path looks like. */
  function assertOnOrigin(path: string): void {
    let target: URL | null = null;
    try {
      target = path.startsWith('/api/') ? new URL(path, origin) : null;
    } catch {
      target = null;
    }
    if (!target || target.origin !== origin || !target.pathname.startsWith('/api/')) {
      // A bug, never a server's doing: nothing is sent, and the path is not echoed.
      throw new AppError('bad-message', { detail: 'request outside the PostHog address refused' });
    }
  }

  async function attempt(spec: RequestSpec<z.ZodMiniType>): Promise<Attempt> {
    assertOnOrigin(spec.path);
    const controller = new AbortController();
    const timeoutMs =
      spec.method === 'GET' ? (settings.readTimeoutMs ?? settings.timeoutMs) : settings.timeoutMs;
    let response: Response;
    try {
      response = await api(spec.path, {
        method: spec.method,
        timeout: timeoutMs,
        json: spec.json,
        searchParams: spec.searchParams,
        signal: settings.signal ? AbortSignal.any([controller.signal, settings.signal]) : controller.signal,
      });
    } catch (error) {
      if (isTimeoutError(error)) return { ok: false, error: transportError('timeout', error, apiKey) };
      // ky only wraps errors it recognises; any other fetch failure is a network failure for us.
      return { ok: false, error: transportError('network', error, apiKey) };
    }
    if (redirectedAway(response, origin)) {
      // Not followed: a proxy or a wrong address (http for https, another host). The key stays here.
      controller.abort();
      return { ok: false, error: invalidResponse('redirect not followed', response.status, apiKey) };
    }
    let text: string;
    try {
      text = await readBody(response, controller, timeoutMs);
    } catch (error) {
      const kind = controller.signal.aborted ? 'timeout' : 'network';
      return { ok: false, error: transportError(kind, error, apiKey) };
    }
    let body: unknown = EMPTY;
    let parseFailed = false;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
        parseFailed = true;
      }
    }
    if (!response.ok) {
      const failure = { status: response.status, statusText: response.statusText, headers: response.headers };
      return {
        ok: false,
        error: errorFromResponse({ ...failure, body: body === EMPTY ? undefined : body }, apiKey),
      };
    }
    if (spec.ignoreBody) return { ok: true, status: response.status, body: EMPTY };
    if (parseFailed) {
      const what = /^\s*</.test(text) ? 'HTML instead of JSON' : 'malformed JSON';
      return { ok: false, error: invalidResponse(what, response.status, apiKey) };
    }
    return { ok: true, status: response.status, body };
  }

  function validate(spec: RequestSpec<z.ZodMiniType>, status: number, body: unknown): unknown {
    if (body === EMPTY) {
      if (spec.allowEmpty) return undefined;
      throw invalidResponse('empty body', status, apiKey);
    }
    const parsed = spec.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    // Paths and messages only: values could be anything the server chose to echo.
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw invalidResponse(issues, status, apiKey);
  }

  async function request(spec: RequestSpec<z.ZodMiniType>): Promise<unknown> {
    for (let retries = 0; ; retries++) {
      const outcome = await attempt(spec);
      if (outcome.ok) return validate(spec, outcome.status, outcome.body);
      const { error } = outcome;
      // Cancelled by the user: never try again.
      const wait =
        !settings.signal?.aborted && retries < retry.limit && isRetryable(spec.method, error)
          ? retryDelay(retry, retries + 1, error)
          : null;
      if (wait === null) throw error;
      await retry.sleep(wait);
    }
  }

  function sameOriginPath(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url, origin);
    } catch {
      throw invalidResponse('unreadable next link', 200, apiKey);
    }
    // A proxy may rebuild links with another scheme or host; only the path and query are trusted.
    if (!parsed.pathname.startsWith('/api/')) {
      throw invalidResponse(`next link outside the API: ${redact(parsed.pathname, apiKey)}`, 200, apiKey);
    }
    return `${parsed.pathname}${parsed.search}`;
  }

  return { request: request as Transport['request'], sameOriginPath };
}

/** A redirect answer (manual mode), or an answer from anywhere but the configured origin. */
function redirectedAway(response: Response, origin: string): boolean {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return true;
  return response.url !== '' && URL.canParse(response.url) && new URL(response.url).origin !== origin;
}
