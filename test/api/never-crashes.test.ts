import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPostHogClient, type PostHogClient } from '../../lib/api/client';
import { isAppError } from '../../lib/platform/errors';
import { errorTexts } from '../support/error-texts';
import { installEnglishTranslator } from '../support/i18n';
import { KEY, ORIGIN } from './support';

beforeAll(installEnglishTranslator);

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

type Call = (client: PostHogClient) => Promise<unknown>;
const calls: Array<[string, Call]> = [
  ['projects.list', (c) => c.projects.list()],
  ['users.me', (c) => c.users.me()],
  ['keys.current', (c) => c.keys.current()],
  ['dashboards.list', (c) => c.project(1).dashboards.list()],
  ['dashboards.allPages', (c) => c.project(1).dashboards.allPages({ concurrency: 2 })],
  ['dashboards.get', (c) => c.project(1).dashboards.get(7)],
  ['dashboards.setPinned', (c) => c.project(1).dashboards.setPinned(7, true)],
  ['dashboards.sharing', (c) => c.project(1).dashboards.sharing(7)],
  ['collaborators.list', (c) => c.project(1).dashboards.collaborators.list(7)],
  ['collaborators.remove', (c) => c.project(1).dashboards.collaborators.remove(7, 'u')],
  ['playlists.list', (c) => c.project(1).playlists.list()],
  ['playlists.softDelete', (c) => c.project(1).playlists.softDelete('abc')],
  ['playlists.recordings', (c) => c.project(1).playlists.recordings('abc')],
  ['playlists.addRecording', (c) => c.project(1).playlists.addRecording('abc', 'r/1')],
  ['playlists.removeRecording', (c) => c.project(1).playlists.removeRecording('abc', 'r')],
];

// Bodies an arbitrary server might send, including PostHog-shaped errors that echo the key.
const bodyArbitrary = fc.oneof(
  fc.json().map((text) => ({ text, json: true })),
  fc.string().map((text) => ({ text, json: false })),
  fc
    .record({
      type: fc.constantFrom('authentication_error', 'validation_error', 'throttled_error', 'server_error'),
      detail: fc.oneof(
        fc.string(),
        fc.constant(`API key missing required scope '${KEY}'`),
        fc.constant(`bad key ${KEY}`),
        fc.constant('Request was throttled. Expected available in 3 seconds.'),
        fc.constant('This action does not support personal API key access'),
      ),
      attr: fc.option(fc.oneof(fc.string(), fc.constant(KEY))),
    })
    .map((body) => ({ text: JSON.stringify(body), json: true })),
  fc.constant({ text: '<!doctype html><h1>Oops</h1>', json: false }),
  fc.constant({ text: '', json: false }),
);

const replyArbitrary = fc.record({
  status: fc.oneof(
    fc.integer({ min: 200, max: 599 }),
    fc.constantFrom(200, 201, 204, 400, 401, 403, 404, 405, 429, 500, 502),
  ),
  body: bodyArbitrary,
  retryAfter: fc.option(fc.oneof(fc.string(), fc.nat({ max: 30 }).map(String))),
  throws: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

function assertKeyAbsent(error: unknown) {
  expect(isAppError(error)).toBe(true);
  if (!isAppError(error)) return;
  for (const text of [...errorTexts(error), String(error.cause)]) {
    expect(text).not.toContain(KEY);
  }
}

describe('arbitrary answers never crash the client', () => {
  it.each(calls)('%s: a valid value or an AppError without the key', async (_name, call) => {
    await fc.assert(
      fc.asyncProperty(fc.array(replyArbitrary, { minLength: 1, maxLength: 4 }), async (replies) => {
        let index = 0;
        const fetch = async () => {
          const reply = replies[Math.min(index++, replies.length - 1)];
          if (!reply) throw new TypeError('fetch failed');
          if (reply.throws) throw new TypeError('fetch failed');
          const status = reply.status;
          const headers = new Headers(reply.body.json ? { 'content-type': 'application/json' } : {});
          if (reply.retryAfter !== null) headers.set('retry-after', reply.retryAfter);
          return new Response(NULL_BODY_STATUSES.has(status) ? null : reply.body.text, { status, headers });
        };
        const client = createPostHogClient({
          origin: ORIGIN,
          apiKey: KEY,
          fetch: fetch as typeof globalThis.fetch,
          retry: { sleep: async () => {}, random: () => 0.5 },
        });
        try {
          await call(client);
        } catch (error) {
          assertKeyAbsent(error);
        }
      }),
      { numRuns: 60 },
    );
  });
});
