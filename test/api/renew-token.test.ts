import { beforeAll, describe, expect, it } from 'vitest';
import { createPostHogClient } from '../../lib/api/client';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const ORIGIN = 'https://posthog.example.com';
const OLD = `pha_${'o'.repeat(43)}`;
const NEW = `pha_${'n'.repeat(43)}`;
const ME = { id: 1, uuid: 'u-1', email: 'ana@example.com' };
const expired = () =>
  Response.json(
    {
      type: 'authentication_error',
      code: 'authentication_failed',
      detail: 'Access token has expired.',
      attr: null,
    },
    { status: 401 },
  );

/** A PostHog that takes only `accepted`, recording the token each request carried. */
function posthog(accepted: string | null) {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const request = input as Request;
    const token = request.headers.get('authorization') ?? '';
    sent.push(token);
    return token === `Bearer ${accepted}` ? Response.json(ME) : expired();
  };
  return { fetch, sent };
}

describe('a sign-in’s token on the API', () => {
  it('is renewed once after a 401 and the request sent again with the new token', async () => {
    const server = posthog(NEW);
    const renewed: string[] = [];
    const client = createPostHogClient({
      origin: ORIGIN,
      apiKey: OLD,
      fetch: server.fetch,
      retry: { limit: 0 },
      renewToken: async (used) => {
        renewed.push(used);
        return NEW;
      },
    });
    await expect(client.users.me()).resolves.toMatchObject({ email: 'ana@example.com' });
    await expect(client.users.me()).resolves.toMatchObject({ email: 'ana@example.com' });
    expect(renewed).toEqual([OLD]);
    expect(server.sent).toEqual([`Bearer ${OLD}`, `Bearer ${NEW}`, `Bearer ${NEW}`]);
  });

  it('a key is never renewed: its 401 is the key refused', async () => {
    const server = posthog(null);
    const client = createPostHogClient({
      origin: ORIGIN,
      apiKey: 'phx_key',
      fetch: server.fetch,
      retry: { limit: 0 },
    });
    await expect(client.users.me()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(server.sent).toHaveLength(1);
  });

  it('calls a token refused as expired right after its refresh a clock off', async () => {
    const server = posthog(null);
    const client = createPostHogClient({
      origin: ORIGIN,
      apiKey: OLD,
      fetch: server.fetch,
      retry: { limit: 0 },
      renewToken: async () => NEW,
    });
    const failure = await client.users.me().catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'clock-skew' });
    expect((failure as { userMessage(): string }).userMessage()).toBe(
      "PostHog found the sign-in already expired: check that this computer's date and time are right, then sign in again.",
    );
    expect(server.sent).toEqual([`Bearer ${OLD}`, `Bearer ${NEW}`]);
  });

  it('is not renewed for a refusal of another kind', async () => {
    const sent: string[] = [];
    const renewed: string[] = [];
    const client = createPostHogClient({
      origin: ORIGIN,
      apiKey: OLD,
      fetch: async (input) => {
        sent.push((input as Request).headers.get('authorization') ?? '');
        return Response.json(
          { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null },
          { status: 404 },
        );
      },
      retry: { limit: 0 },
      renewToken: async (used) => {
        renewed.push(used);
        return NEW;
      },
    });
    await expect(client.users.me()).rejects.toMatchObject({ kind: 'not-found' });
    expect(renewed).toEqual([]);
    expect(sent).toEqual([`Bearer ${OLD}`]);
  });

  it('says a renewed token PostHog does not know is refused, not a clock off', async () => {
    const client = createPostHogClient({
      origin: ORIGIN,
      apiKey: OLD,
      fetch: async (input) =>
        (input as Request).headers.get('authorization') === `Bearer ${OLD}`
          ? expired()
          : Response.json(
              {
                type: 'authentication_error',
                code: 'authentication_failed',
                detail: 'Invalid access token.',
                attr: null,
              },
              { status: 401 },
            ),
      retry: { limit: 0 },
      renewToken: async () => NEW,
    });
    await expect(client.users.me()).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
