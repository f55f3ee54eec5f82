import { createPostHogClient, type PostHogClientOptions } from '../../lib/api/client';

export const KEY = 'phx_TestKeyThatMustNeverLeak0123456789abcdefABCDEF';
export const ORIGIN = 'https://us.posthog.com';

export interface Sent {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  credentials: RequestCredentials;
  body: string;
}

export type Reply = Response | Error | (() => Response | Promise<Response>);

export function empty(status: number): Response {
  return new Response(null, { status });
}

/** A fetch that answers from a script, in order, and records what it was sent. */
export function scriptedFetch(replies: Reply[] | ((request: Request) => Reply)) {
  const sent: Sent[] = [];
  let index = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      url: request.url,
      path: url.pathname,
      headers: request.headers,
      credentials: request.credentials,
      body: await request.clone().text(),
    });
    const reply = typeof replies === 'function' ? replies(request) : replies[index++];
    if (reply === undefined) throw new Error('no scripted reply left');
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply() : reply;
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

export function noWait() {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

export function clientWith(
  replies: Reply[] | ((request: Request) => Reply),
  options: Partial<PostHogClientOptions> = {},
) {
  const { fetch, sent } = scriptedFetch(replies);
  const timer = noWait();
  const client = createPostHogClient({
    origin: ORIGIN,
    apiKey: KEY,
    fetch,
    ...options,
    retry: { sleep: timer.sleep, random: () => 0.5, ...options.retry },
  });
  return { client, sent, waits: timer.waits };
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
