import { beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../lib/background/messages/dispatcher';
import { createMessageSender } from '../../lib/messaging/messages';
import { createPageSender } from '../../lib/messaging/page-sender';
import { AppError } from '../../lib/platform/errors';
import { API_KEY } from '../support/api-key';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../support/extension-id';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

/** The popup's sender wired to the real dispatcher, as `runtime.sendMessage` wires them. */
function pageOverDispatcher(handlers: Handlers) {
  const { dispatch } = createDispatcher({
    handlers,
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    getAppOrigins: () => [],
  });
  return createPageSender((message) =>
    dispatch(message, { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}popup.html` }),
  );
}

/** The two senders: extension pages trust the background's checks; content scripts parse again. */
const SENDERS = [
  ['createPageSender', createPageSender],
  ['createMessageSender', createMessageSender],
] as const;

describe.each(SENDERS)('%s: the answer envelope', (_name, createSender) => {
  it('sends the type and input it was given and returns the data of an ok answer', async () => {
    const sent: unknown[] = [];
    const send = createSender(async (message) => {
      sent.push(message);
      return { ok: true, data: { configured: false } };
    });
    await expect(send('status/get', {})).resolves.toEqual({ configured: false });
    expect(sent).toEqual([{ type: 'status/get', input: {} }]);
  });

  it('rethrows an error answer as the AppError it was', async () => {
    const error = new AppError('missing-scope', { scope: 'dashboard:write', status: 403 }).toJSON();
    const send = createSender(async () => ({ ok: false, error }));
    const thrown = await send('settings/check', {}).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ kind: 'missing-scope', scope: 'dashboard:write', status: 403 });
  });

  it.each([
    undefined,
    null,
    'ok',
    { ok: 'yes' },
    { ok: false },
    { ok: false, error: { kind: 'nope' } },
    { ok: false, error: { kind: 'nope', message: 'x', retryable: false } },
    { ok: false, error: { kind: 'server', message: 1, retryable: false } },
    { ok: false, error: { kind: 'server', message: 'x', retryable: false, status: '500' } },
  ])('turns the malformed envelope %j into bad-message', async (answer) => {
    const send = createSender(async () => answer);
    await expect(send('status/get', {})).rejects.toMatchObject({ kind: 'bad-message' });
  });

  it('lets transport failures through as thrown', async () => {
    const send = createSender(async () => {
      throw new Error('Receiving end does not exist.');
    });
    await expect(send('status/get', {})).rejects.toThrow('Receiving end does not exist.');
  });
});

describe('the page sender relies on the background checking answers', () => {
  it('receives only what the output schema keeps', async () => {
    const send = pageOverDispatcher({
      'status/get': async () => ({ configured: false, apiKey: API_KEY }) as never,
    });
    await expect(send('status/get', {})).resolves.toEqual({ configured: false });
  });

  it('receives an error, never the data, when a handler answers the wrong shape', async () => {
    const send = pageOverDispatcher({
      'status/get': async () => ({ configured: 'yes', maskedKey: API_KEY }) as never,
    });
    const thrown = await send('status/get', {}).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ kind: 'unknown' });
    expect(JSON.stringify(thrown)).not.toContain(API_KEY);
  });
});
