import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMessageSender,
  isMessageType,
  type MessageType,
  parseRequest,
  protocol,
} from '../../lib/messaging/messages';
import { isAppError } from '../../lib/platform/errors';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ADD_PATH =
  '/api/projects/1/session_recording_playlists/eKdNnFRI/recordings/0191dd9d-ec00-726b-b2a7-4de452e6b438/';

const good: Array<[MessageType, unknown]> = [
  ['status/get', {}],
  ['settings/get', {}],
  ['settings/save', { origin: 'https://us.posthog.com', apiKey: 'phx_abc', projectId: 2 }],
  ['settings/save', { origin: 'eu.posthog.com' }],
  ['settings/check', {}],
  ['settings/forget', {}],
  ['context/get', { tabId: 3 }],
  ['popup/open', {}],
  ['popup/open', { tabId: 3, recording: { recordingId: 'abc', projectId: 2 } }],
  ['context/hint', {}],
  ['context/hint', { title: 'Checkout bug', currentSecond: 42 }],
  ['recording/add-from-page', {}],
  ['recording/add-from-page', { recordingId: 'whatever-the-page-claims' }],
  ['recording/cancel-from-page', {}],
  ['session/reply', { requestId: UUID, status: 200, body: { success: true } }],
  ['session/reply', { requestId: UUID, status: 0, body: null }],
  [
    'session/request',
    { requestId: UUID, origin: 'https://us.posthog.com', method: 'POST', path: ADD_PATH, body: {} },
  ],
  [
    'session/request',
    { requestId: UUID, origin: 'https://us.posthog.com', method: 'DELETE', path: ADD_PATH },
  ],
];

const bad: Array<[MessageType, unknown]> = [
  // Without the origin it is meant for, a session request is refused.
  ['session/request', { requestId: UUID, method: 'POST', path: ADD_PATH, body: {} }],
  ['settings/save', {}],
  ['settings/save', { origin: '' }],
  ['settings/save', { origin: 'https://us.posthog.com', projectId: -1 }],
  ['settings/save', { origin: 'https://us.posthog.com', projectId: 1.5 }],
  ['settings/save', { origin: 'https://us.posthog.com', apiKey: 42 }],
  ['context/get', {}],
  ['context/get', { tabId: '3' }],
  ['context/get', { tabId: -1 }],
  ['popup/open', { tabId: -1 }],
  ['popup/open', { recording: { recordingId: 'x'.repeat(201) } }],
  ['popup/open', { recording: { recordingId: 'abc', projectId: 0 } }],
  ['context/hint', { title: 'x'.repeat(201) }],
  ['context/hint', { currentSecond: -1 }],
  ['context/hint', { currentSecond: 1.5 }],
  ['context/hint', { currentSecond: 'soon' }],
  ['context/hint', { title: 'ok', recordingId: 'smuggled' }],
  ['recording/add-from-page', { recordingId: 'x'.repeat(201) }],
  ['recording/add-from-page', { recordingId: 'a', playlist: 'b' }],
  ['recording/add-from-page', null],
  // Which write to stop comes from the sender's tab: the page names nothing.
  ['recording/cancel-from-page', { recordingId: 'someone-elses' }],
  ['recording/cancel-from-page', { projectId: 1, shortId: 'abc', recordingId: 'x' }],
  ['recording/cancel-from-page', null],
  ['session/reply', { requestId: 'not-a-uuid', status: 200, body: {} }],
  ['session/reply', { requestId: UUID, status: 1000, body: {} }],
  ['session/reply', { requestId: UUID, status: 200, body: {}, extra: 1 }],
  ['session/request', { requestId: UUID, origin: 'https://us.posthog.com', method: 'GET', path: ADD_PATH }],
  [
    'session/request',
    {
      requestId: UUID,
      origin: 'https://us.posthog.com',
      method: 'POST',
      path: '/api/projects/1/dashboards/',
    },
  ],
  [
    'session/request',
    { requestId: UUID, origin: 'https://us.posthog.com', method: 'POST', path: 'https://evil.com/api/' },
  ],
  [
    'session/request',
    { requestId: UUID, origin: 'https://us.posthog.com', method: 'POST', path: `${ADD_PATH}../../` },
  ],
  [
    'session/request',
    {
      requestId: UUID,
      origin: 'https://us.posthog.com',
      method: 'DELETE',
      path: '/api/projects/1/dashboards/create_from_template_json/',
    },
  ],
];

describe('message inputs', () => {
  it.each(good)('%s accepts %j', (type, input) => {
    // The input as parsed: nothing of it dropped or changed on the way in.
    expect(parseRequest({ type, input })).toEqual({ type, input });
  });

  it.each(bad)('%s refuses %j', (type, input) => {
    expect(() => parseRequest({ type, input })).toThrow(expect.objectContaining({ kind: 'bad-message' }));
  });

  it('treats a missing input as empty', () => {
    expect(parseRequest({ type: 'status/get' })).toEqual({ type: 'status/get', input: {} });
    expect(parseRequest({ type: 'recording/add-from-page' })).toEqual({
      type: 'recording/add-from-page',
      input: {},
    });
  });

  it.each([
    null,
    undefined,
    42,
    'status/get',
    [],
    { type: 'nope' },
    { type: 'toString' },
    { type: '__proto__' },
  ])('refuses the envelope %j', (raw) => {
    expect(() => parseRequest(raw)).toThrow(expect.objectContaining({ kind: 'bad-message' }));
  });

  it('lets content scripts send only the allow-listed messages', () => {
    const fromContentScripts = Object.entries(protocol).flatMap(([type, def]) =>
      def.from === 'content-script' ? [type] : [],
    );
    // The in-page button's undo reaches only the last action, and only for the tab's own recording.
    expect(fromContentScripts.sort()).toEqual([
      'context/hint',
      'recording/add-from-page',
      'recording/cancel-from-page',
      'recording/undo-from-page',
      'session/reply',
    ]);
  });
});

describe('parseRequest on arbitrary data', () => {
  const anyType = fc.oneof(fc.constantFrom(...(Object.keys(protocol) as MessageType[])), fc.string());

  it('yields a typed request or bad-message, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ type: anyType, input: fc.anything() })), (raw) => {
        try {
          const request = parseRequest(raw);
          expect(isMessageType(request.type)).toBe(true);
          expect(protocol[request.type].input.safeParse(request.input).success).toBe(true);
        } catch (error) {
          expect(isAppError(error) && error.kind).toBe('bad-message');
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('createMessageSender', () => {
  it('returns the data of an ok answer, parsed through the output schema', async () => {
    const send = createMessageSender(async () => ({
      ok: true,
      data: { configured: false, extra: 'dropped' },
    }));
    await expect(send('status/get', {})).resolves.toEqual({ configured: false });
  });

  // The envelope itself (shared with the page sender) is tested in page-sender.test.ts.
  it.each([{ ok: true, data: { configured: 1 } }, { ok: true, data: 'configured' }, { ok: true }])(
    'turns the answer %j, whose data breaks the output schema, into bad-message',
    async (answer) => {
      const send = createMessageSender(async () => answer);
      await expect(send('status/get', {})).rejects.toMatchObject({ kind: 'bad-message' });
    },
  );
});
