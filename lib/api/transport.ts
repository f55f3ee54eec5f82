import type { KyInstance, StandardSchemaV1Issue } from 'ky';
import { SchemaValidationError } from 'ky';
import { z } from 'zod/mini';
import { AppError, isAppError } from '../platform/errors';
import { appErrorFrom, invalidResponse } from './error-mapping';
import { assertPathOnOrigin, sameOriginPath } from './origin-guard';

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
  /** ky configured by the client: origin, key, retries, redirect refusal, Cancel. */
  api: KyInstance;
  origin: string;
  apiKey: string;
  /** A sign-in's: the access token to send instead of `apiKey` after PostHog answered it 401. */
  renewToken?: (used: string) => Promise<string>;
  /** Per attempt of a write, for the answer and again for its body (ky's `timeout`). */
  timeoutMs: number;
  /** The same for a read. */
  readTimeoutMs?: number;
}

/**
 * One request through ky: ky retries, times out, throws on HTTP errors and parses the body with the
 * schema; this adds the origin guard and turns every failure into one AppError.
 */
export function createTransport(settings: Settings): Transport {
  const { api, apiKey, origin } = settings;
  // The token sent: the key, or a sign-in's access token, which a 401 renews once per request.
  let bearer = apiKey;

  /** ky's `parseJson`, for what `JSON.parse` alone would get wrong. */
  function readJson(text: string, response: Response, spec: RequestSpec<z.ZodMiniType>): unknown {
    // Error bodies are read by error-mapping, whatever their content type says.
    if (!response.ok) return text;
    // ky parses an empty body as `undefined` only without a parseJson; blank is empty for us too.
    if (text.trim() === '') {
      if (spec.allowEmpty) return undefined;
      throw invalidResponse('empty body', response.status, apiKey);
    }
    try {
      return JSON.parse(text);
    } catch {
      // A SyntaxError says neither what came (a login page from a proxy?) nor with which status.
      const what = /^\s*</.test(text) ? 'HTML instead of JSON' : 'malformed JSON';
      throw invalidResponse(what, response.status, apiKey);
    }
  }

  async function request(spec: RequestSpec<z.ZodMiniType>): Promise<unknown> {
    assertPathOnOrigin(spec.path, origin);
    const sent = bearer;
    try {
      return await requestWith(spec, sent);
    } catch (error) {
      if (!settings.renewToken || !isAppError(error) || error.kind !== 'unauthorized') throw error;
      // Refused before PostHog acted (a write too): sent once more with the token refreshed.
      bearer = await settings.renewToken(sent);
      return requestWith(spec, bearer).catch((again: unknown) => {
        // A token PostHog has just given, already expired by its clock: this computer's is off.
        const expired =
          // Stryker disable next-line StringLiteral: a 401 without a detail is no expiry, and no text but one with "expired" in it makes it one
          isAppError(again) && again.kind === 'unauthorized' && /expired/i.test(again.detail ?? '');
        throw expired ? new AppError('clock-skew', { status: 401 }) : again;
      });
    }
  }

  async function requestWith(spec: RequestSpec<z.ZodMiniType>, token: string): Promise<unknown> {
    const answer = api(spec.path, {
      headers: { authorization: `Bearer ${token}` },
      method: spec.method,
      json: spec.json,
      searchParams: spec.searchParams,
      timeout: spec.method === 'GET' ? (settings.readTimeoutMs ?? settings.timeoutMs) : settings.timeoutMs,
      parseJson: (text, { response }) => readJson(text, response, spec),
    });
    try {
      if (spec.ignoreBody) {
        // Read through ky all the same, so that a body that stalls still times out.
        await answer.text();
        return undefined;
      }
      return await answer.json(spec.allowEmpty ? z.optional(spec.schema) : spec.schema);
    } catch (error) {
      // By hand: ky's schema error lists zod's issues; the user is told in one sentence what was wrong.
      if (error instanceof SchemaValidationError) {
        throw invalidResponse(describeIssues(error.issues), (await answer).status, apiKey);
      }
      throw appErrorFrom(error, apiKey);
    }
  }

  return {
    request: request as Transport['request'],
    sameOriginPath: (url) => sameOriginPath(url, origin, apiKey),
  };
}

/** Paths and messages only: values could be anything the server chose to echo. */
function describeIssues(issues: readonly StandardSchemaV1Issue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      // Stryker disable next-line ArrayDeclaration: zod gives every issue a path, `[]` at the root
      const path = (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part));
      return `${path.join('.') || '(root)'}: ${issue.message}`;
    })
    .join('; ');
}
