import { beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../lib/messaging/messages';
import { AppError } from '../../lib/platform/errors';
import type { RecordingContext } from '../../lib/posthog/context';
import { createSharePanels } from '../../lib/stores/share-panels';
import { publicRecordingLink } from '../../lib/stores/share-recording';
import { type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { flush } from '../support/flush';
import { installEnglishTranslator } from '../support/i18n';

beforeAll(installEnglishTranslator);

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const RECORDING: RecordingContext = { kind: 'recording', origin: US, projectId: 1, recordingId: REC };
const CAPABILITIES = { addToPlaylist: { ok: true }, pin: { ok: true }, shareLinks: { ok: true } };
const STATUS: Status = {
  configured: true,
  origin: US,
  projectId: 1,
  capabilities: { ...CAPABILITIES, recordingLinks: { ok: true } },
};
const SHARED = { enabled: true, url: `${US}/shared/rec-tok`, publicSharing: 'allowed' as const };

function setup(answers: Answers = {}) {
  const background = fakeBackground({ 'recordings/share-link': SHARED, ...answers });
  const clipboard = fakeClipboard();
  const panels = createSharePanels({
    send: background.send,
    writeText: clipboard.writeText,
    openDashboards: async () => undefined,
  });
  return { background, clipboard, panels };
}

describe('a recording’s public link', () => {
  it('is read once per recording, however often the popup renders', async () => {
    const { background, panels } = setup();
    expect(panels.recordingFor(RECORDING, { currentSecond: 3 }, STATUS).publicLink).toEqual({
      phase: 'loading',
    });
    panels.recordingFor(RECORDING, { currentSecond: 4 }, STATUS);
    await flush();
    panels.recordingFor(RECORDING, { currentSecond: 5 }, STATUS);
    expect(background.sent).toEqual([
      { type: 'recordings/share-link', input: { projectId: 1, recordingId: REC } },
    ]);
    panels.recordingFor({ ...RECORDING, recordingId: 'another-recording' }, {}, STATUS);
    expect(background.count('recordings/share-link')).toBe(2);
  });

  it('starts at the same whole second as the private link, plain and as Markdown', async () => {
    const { clipboard, panels } = setup();
    panels.recordingFor(RECORDING, {}, STATUS);
    await flush();
    const panel = panels.recordingFor(RECORDING, { currentSecond: 75.6, title: 'Checkout [beta]' }, STATUS);
    expect(panel.publicLink).toEqual({
      phase: 'enabled',
      baseUrl: `${US}/shared/rec-tok`,
      passwordRequired: false,
      publicSharing: 'allowed',
    });
    expect(panel.publicUrl).toBe(`${US}/shared/rec-tok?t=75`);
    expect(panel.links.url).toBe(`${US}/project/1/replay/${REC}?t=75`);
    await panel.copyPublicLink();
    expect(panels.copy.toast.value?.text).toBe(
      'Copied the recording’s public link at 01:15'.replace('’', "'"),
    );
    await panel.copyPublicMarkdown();
    expect(panels.copy.toast.value?.text).toBe("Copied the recording's public link at 01:15 as Markdown");
    expect(clipboard.written).toEqual([
      `${US}/shared/rec-tok?t=75`,
      `[Checkout \\[beta\\] at 01:15](${US}/shared/rec-tok?t=75)`,
    ]);
  });

  it('starts at the beginning when the private link does', async () => {
    const { clipboard, panels } = setup({ 'recordings/share-link': { ...SHARED, passwordRequired: true } });
    panels.recordingFor(RECORDING, {}, STATUS);
    await flush();
    const panel = panels.recordingFor(RECORDING, {}, STATUS);
    expect(panel.publicLink).toMatchObject({ phase: 'enabled', passwordRequired: true });
    await panel.copyPublicLink();
    expect(panels.copy.toast.value?.text).toBe("Copied the recording's public link");
    expect(clipboard.written).toEqual([`${US}/shared/rec-tok`]);
  });

  it.each([
    ['sharing is off', { enabled: false }, { phase: 'disabled' }],
    ['the organisation has public links off', { ...SHARED, publicSharing: 'off' }, { phase: 'org-off' }],
  ] as const)('offers no public link when %s', async (_label, answer, state) => {
    const { clipboard, panels } = setup({ 'recordings/share-link': answer });
    panels.recordingFor(RECORDING, { currentSecond: 9 }, STATUS);
    await flush();
    const panel = panels.recordingFor(RECORDING, { currentSecond: 9 }, STATUS);
    expect(panel.publicLink).toEqual(state);
    expect(panel.publicUrl).toBeUndefined();
    await expect(panel.copyPublicLink()).resolves.toBe(false);
    await panel.copyLink();
    expect(clipboard.written).toEqual([`${US}/project/1/replay/${REC}?t=9`]);
  });

  it('asks nothing when the key is known to lack the scope, and says which scope would show it', async () => {
    const { background, panels } = setup();
    const status: Status = {
      ...STATUS,
      capabilities: {
        ...CAPABILITIES,
        recordingLinks: { ok: false, missingScope: 'sharing_configuration:read' },
      },
    };
    panels.recordingFor(RECORDING, {}, status);
    await flush();
    expect(panels.recordingFor(RECORDING, {}, status).publicLink).toEqual({
      phase: 'missing-scope',
      scope: 'sharing_configuration:read',
    });
    expect(background.sent).toEqual([]);
  });

  it('reads a scope PostHog refuses as the same sentence, not as an error', async () => {
    const { panels } = setup({
      'recordings/share-link': new AppError('missing-scope', {
        status: 403,
        scope: 'sharing_configuration:read',
      }),
    });
    panels.recordingFor(RECORDING, {}, STATUS);
    await flush();
    expect(panels.recordingFor(RECORDING, {}, STATUS).publicLink).toEqual({
      phase: 'missing-scope',
      scope: 'sharing_configuration:read',
    });
  });

  it('shows a failed read with its reason, and Try again reads it again', async () => {
    const { background, panels } = setup({
      'recordings/share-link': new AppError('server', { status: 502 }),
    });
    panels.recordingFor(RECORDING, {}, STATUS);
    await flush();
    const failed = panels.recordingFor(RECORDING, {}, STATUS);
    expect(failed.publicLink).toMatchObject({ phase: 'error', error: { kind: 'server', retryable: true } });
    background.answers['recordings/share-link'] = SHARED;
    await failed.retryPublicLink();
    expect(panels.recordingFor(RECORDING, {}, STATUS).publicLink).toMatchObject({ phase: 'enabled' });
    expect(background.count('recordings/share-link')).toBe(2);
  });

  it('is not Hogmark’s to read on another PostHog, or without the connection', async () => {
    const { background, panels } = setup();
    const eu = { ...RECORDING, origin: 'https://eu.posthog.com' };
    expect(panels.recordingFor(eu, {}, STATUS).publicLink).toEqual({ phase: 'hidden' });
    expect(panels.recordingFor(RECORDING, {}).publicLink).toEqual({ phase: 'hidden' });
    await flush();
    expect(background.sent).toEqual([]);
  });

  it.each([
    [undefined, `${US}/shared/tok`],
    [0, `${US}/shared/tok?t=0`],
    [32.9, `${US}/shared/tok?t=32`],
    [Number.NaN, `${US}/shared/tok`],
    [-1, `${US}/shared/tok`],
  ])('puts second %s on the public link as %s', (second, url) => {
    expect(publicRecordingLink(`${US}/shared/tok`, second)).toBe(url);
  });
});
