import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Handlers, redactKeys } from '../../../lib/background/messages/dispatcher';
import type { MessageSenderLike } from '../../../lib/messaging/sender';
import { AppError } from '../../../lib/platform/errors';
import { API_KEY } from '../../support/api-key';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../../support/extension-id';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const popup: MessageSenderLike = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}popup.html` };
const contentScript: MessageSenderLike = {
  id: EXTENSION_ID,
  url: 'https://us.posthog.com/project/1/replay/0191dd9d-ec00-726b-b2a7-4de452e6b438',
  tab: { id: 5 },
  frameId: 0,
};

function setup(handlers: Handlers = {}) {
  const onError = vi.fn();
  const dispatcher = createDispatcher({
    handlers,
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    getAppOrigins: async () => ['https://us.posthog.com', 'https://eu.posthog.com'],
    onError,
  });
  return { dispatch: dispatcher.dispatch, onError };
}

const statusHandler = () => vi.fn(async () => ({ configured: false }));

describe('dispatch', () => {
  it('answers an allowed request with the handler output', async () => {
    const status = statusHandler();
    const { dispatch } = setup({ 'status/get': status });
    await expect(dispatch({ type: 'status/get', input: {} }, popup)).resolves.toEqual({
      ok: true,
      data: { configured: false },
    });
    expect(status).toHaveBeenCalledWith({}, { sender: { kind: 'extension-page' } });
  });

  it.each<[string, MessageSenderLike]>([
    [
      'another extension',
      {
        id: 'otherotherotherotherotherotherot',
        url: 'chrome-extension://otherotherotherotherotherotherot/x.html',
      },
    ],
    ['a web page', { id: EXTENSION_ID, url: 'https://evil.com/', tab: { id: 1 }, frameId: 0 }],
    ['a sub-frame of an app page', { ...contentScript, frameId: 2 }],
    ['a data: page', { id: EXTENSION_ID, url: 'data:text/html,hi', tab: { id: 1 }, frameId: 0 }],
  ])('refuses %s without calling any handler', async (_name, sender) => {
    const status = statusHandler();
    const { dispatch } = setup({ 'status/get': status });
    const answer = await dispatch({ type: 'status/get', input: {} }, sender);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'bad-message' } });
    expect(status).not.toHaveBeenCalled();
  });

  it('logs a refused sender as such', async () => {
    const { dispatch, onError } = setup({ 'status/get': statusHandler() });
    await dispatch({ type: 'status/get', input: {} }, { ...popup, id: 'otherotherotherotherotherotherot' });
    expect(onError).toHaveBeenCalledWith(
      'status/get',
      expect.objectContaining({ kind: 'bad-message', detail: 'sender refused' }),
    );
  });

  it.each([null, undefined])('refuses %s without throwing, and logs it under no type', async (raw) => {
    const { dispatch, onError } = setup();
    await expect(dispatch(raw, popup)).resolves.toMatchObject({ ok: false, error: { kind: 'bad-message' } });
    expect(onError).toHaveBeenCalledWith('unknown message', expect.objectContaining({ kind: 'bad-message' }));
  });

  it.each([
    ['an unknown type', { type: 'keys/dump', input: {} }],
    ['no type', { input: {} }],
    ['a bad input', { type: 'context/get', input: { tabId: 'all' } }],
    ['not an object', 'status/get'],
  ])('refuses %s as bad-message', async (_name, raw) => {
    const contextGet = vi.fn();
    const { dispatch } = setup({ 'context/get': contextGet });
    await expect(dispatch(raw, popup)).resolves.toMatchObject({ ok: false, error: { kind: 'bad-message' } });
    expect(contextGet).not.toHaveBeenCalled();
  });

  it.each(['settings/get', 'settings/save', 'settings/forget', 'status/get', 'context/get'] as const)(
    'refuses %s from a content script',
    async (type) => {
      const handler = vi.fn(async () => ({}));
      const handlers = { [type]: handler } as Handlers;
      const { dispatch } = setup(handlers);
      const input =
        type === 'settings/save'
          ? { origin: 'https://evil.com', apiKey: API_KEY }
          : type === 'context/get'
            ? { tabId: 1 }
            : {};
      const answer = await dispatch({ type, input }, contentScript);
      expect(answer).toMatchObject({ ok: false, error: { kind: 'bad-message' } });
      expect(handler).not.toHaveBeenCalled();
    },
  );

  it('refuses content-script messages from extension pages and background messages from anyone', async () => {
    const hint = vi.fn(async () => ({}));
    // Were a background message wired to a handler by mistake, it would still not be answered.
    const forwarded = vi.fn(async () => ({ accepted: true }));
    const { dispatch, onError } = setup({ 'context/hint': hint, 'session/request': forwarded } as Handlers);
    await expect(dispatch({ type: 'context/hint', input: {} }, popup)).resolves.toMatchObject({ ok: false });
    // A request the relay would forward, were it the background asking.
    const request = {
      requestId: crypto.randomUUID(),
      origin: 'https://us.posthog.com',
      method: 'POST',
      path: '/api/projects/1/session_recording_playlists/Abc12345/recordings/0191dd9d-ec00-726b-b2a7-4de452e6b438/',
    };
    await expect(dispatch({ type: 'session/request', input: request }, popup)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'bad-message' },
    });
    expect(hint).not.toHaveBeenCalled();
    expect(forwarded).not.toHaveBeenCalled();
    expect(onError.mock.calls.map(([, error]) => (error as AppError).detail)).toEqual([
      'context/hint not accepted from extension-page',
      'session/request not accepted from extension-page',
    ]);
  });

  it('gives content-script handlers the tab and URL the browser reported, not the payload', async () => {
    const add = vi.fn(async () => ({ added: true, via: 'key' as const }));
    const { dispatch } = setup({ 'recording/add-from-page': add });
    await dispatch(
      { type: 'recording/add-from-page', input: { recordingId: 'someone-else' } },
      contentScript,
    );
    expect(add).toHaveBeenCalledWith(
      { recordingId: 'someone-else' },
      { sender: { kind: 'content-script', tabId: 5, url: contentScript.url } },
    );
  });

  it("refuses another extension's content script on a PostHog page, with a message a content script may send", async () => {
    const add = vi.fn(async () => ({ added: true, via: 'key' as const }));
    const { dispatch } = setup({ 'recording/add-from-page': add });
    const message = { type: 'recording/add-from-page', input: {} };
    const answer = await dispatch(message, { ...contentScript, id: 'otherotherotherotherotherotherot' });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'bad-message' } });
    expect(add).not.toHaveBeenCalled();
    await expect(dispatch(message, contentScript)).resolves.toMatchObject({ ok: true });
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('answers unknown when no handler is wired for a known type, and logs which', async () => {
    const { dispatch, onError } = setup();
    await expect(dispatch({ type: 'status/get' }, popup)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'unknown' },
    });
    expect(onError).toHaveBeenCalledWith(
      'status/get',
      expect.objectContaining({ detail: 'no handler for status/get' }),
    );
  });

  it('refuses a handler answer that does not match the output schema', async () => {
    const leaky = vi.fn(async () => ({ configured: true, maskedKey: API_KEY }));
    const { dispatch, onError } = setup({ 'status/get': leaky as never });
    const answer = await dispatch({ type: 'status/get', input: {} }, popup);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unknown' } });
    expect(JSON.stringify(answer)).not.toContain(API_KEY);
    expect(onError).toHaveBeenCalledWith('status/get', expect.any(AppError));
    expect(onError).toHaveBeenCalledWith(
      'status/get',
      expect.objectContaining({ detail: 'invalid answer from status/get' }),
    );
  });

  it.each<[string, unknown, MessageSenderLike, string]>([
    [
      'a type the protocol lacks',
      { type: `${API_KEY} at https://evil.example/?q=1`, input: {} },
      contentScript,
      'unknown message',
    ],
    ['a type that is not a string', { type: 42, input: {} }, contentScript, 'unknown message'],
    ['no type', { input: {} }, popup, 'unknown message'],
    ['not an object', API_KEY, popup, 'unknown message'],
    [
      'a known type from a sender it is not for',
      { type: 'settings/get', input: {} },
      contentScript,
      'settings/get',
    ],
  ])('logs %s under a fixed place name, never words the sender chose', async (_name, raw, sender, place) => {
    const { dispatch, onError } = setup();
    await dispatch(raw, sender);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(place, expect.objectContaining({ kind: 'bad-message' }));
  });

  it('strips unknown fields from handler answers', async () => {
    const { dispatch } = setup({
      'status/get': async () => ({ configured: false, apiKey: API_KEY }) as never,
    });
    const answer = await dispatch({ type: 'status/get', input: {} }, popup);
    expect(answer).toEqual({ ok: true, data: { configured: false } });
  });

  it('serialises a thrown AppError with its kind and a sentence, and never the key', async () => {
    const { dispatch } = setup({
      'settings/check': async () => {
        throw new AppError('unauthorized', { status: 401, detail: `Key ${API_KEY} is invalid.` });
      },
    });
    const answer = await dispatch({ type: 'settings/check', input: {} }, popup);
    expect(answer).toMatchObject({
      ok: false,
      error: {
        kind: 'unauthorized',
        status: 401,
        message: expect.stringContaining('API key'),
        retryable: false,
      },
    });
    expect(JSON.stringify(answer)).not.toContain(API_KEY);
    expect(JSON.stringify(answer)).not.toMatch(/phx_[A-Za-z0-9]{8}/);
  });

  it('serialises anything else thrown as unknown, without its message', async () => {
    const { dispatch } = setup({
      'settings/forget': async () => {
        throw new Error(`boom with ${API_KEY}`);
      },
    });
    const answer = await dispatch({ type: 'settings/forget', input: {} }, popup);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'unknown', message: expect.any(String) } });
    expect(JSON.stringify(answer)).not.toContain(API_KEY);
  });
});

describe('redactKeys', () => {
  // A personal API key, a project API key, a refresh token: every PostHog token form.
  const tokens = ['phx_AbCdEfGh12345678', 'pha_AbCdEfGh12345678', 'phr_AbCdEfGh12345678', 'phc_AbCdEfGh1234'];

  it.each(tokens)('keeps only the prefix of %s, in every text field an error carries', (token) => {
    const said = `PostHog said: ${token} is not valid`;
    const redacted = redactKeys({
      kind: 'unauthorized',
      message: said,
      retryable: false,
      status: 401,
      detail: said,
      field: said,
      scope: said,
    });
    const shown = `PostHog said: ${token.slice(0, 4)}… is not valid`;
    expect(redacted).toEqual({
      kind: 'unauthorized',
      message: shown,
      retryable: false,
      status: 401,
      detail: shown,
      field: shown,
      scope: shown,
    });
  });

  it('adds no field an error did not carry, and leaves words that only look like a prefix', () => {
    const error = {
      kind: 'server' as const,
      message: 'phx_short and graphx_AbCdEfGh12345678',
      retryable: true,
    };
    expect(redactKeys(error)).toEqual(error);
    expect(Object.keys(redactKeys(error))).toEqual(['kind', 'message', 'retryable']);
  });

  it('redacts every token in a text, not only the first', () => {
    expect(
      redactKeys({ kind: 'unknown', message: 'phx_AbCdEfGh1 then pha_AbCdEfGh2', retryable: false }).message,
    ).toBe('phx_… then pha_…');
  });
});
