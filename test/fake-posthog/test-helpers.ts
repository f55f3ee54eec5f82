import { afterAll, beforeAll } from 'vitest';
import { startFakePostHog } from './index';
import type { FakePostHog, KeyName, StartOptions } from './types';

/** One server per describe block, on a free port, closed afterwards. */
export function serveFakePostHog(options: StartOptions): () => FakePostHog {
  let server: FakePostHog | undefined;
  beforeAll(async () => {
    server = await startFakePostHog(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('the local PostHog has not started');
    return server;
  };
}

export interface CallOptions {
  /** A key name of the seed, a literal Authorization value via `authorization`, or null for none. */
  key?: KeyName | null;
  authorization?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export async function call(server: FakePostHog, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? 'all' : options.key;
  if (options.authorization) headers.authorization = options.authorization;
  else if (key) headers.authorization = `Bearer ${server.keys[key]}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(new URL(path, server.url), { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json } satisfies Answer;
}

/** A loose view of JSON for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test-side JSON access
export const obj = (value: unknown): any => value;

export const errorBody = (type: string, code: string, detail: string, attr: string | null = null) => ({
  type,
  code,
  detail,
  attr,
});
