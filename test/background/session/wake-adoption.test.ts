import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addRecordingRoute, removeRecordingRoute } from '../../../lib/api/session-routes';
import { createWakeAdoption } from '../../../lib/background/session/wake-adoption';
import { AppError } from '../../../lib/platform/errors';
import { deferred } from '../../support/deferred';
import { installEnglishTranslator } from '../../support/i18n';
import { WAKE_USER as ANA, WAKE_RECORDING as RECORDING, wakeAdd } from '../../support/wake-add';

beforeAll(installEnglishTranslator);
afterEach(() => vi.useRealTimers());

const US = 'https://us.posthog.com';
const BEN = '01900000-0000-7000-8000-000000000b2b';
const ROUTE = addRecordingRoute(1, 'onboard1', RECORDING);
const TAB = 7;

const add = wakeAdd;

/** What the tab's content script answers to `session/request`, in the protocol's envelope. */
const accepted = (yes = true) => Promise.resolve({ ok: true, data: { accepted: yes } });
const fromTab = (tabId = TAB, url = `${US}/project/1/replay/${RECORDING}`) => ({
  sender: { kind: 'content-script' as const, tabId, url },
});
const owner = async () => ANA;

describe('an add the wake script sent, taken over by the background', () => {
  it('answers the one forward of exactly that request, with the tab’s reply, and never sends it again', async () => {
    const adoption = createWakeAdoption();
    const sent = add();
    adoption.adopt({ add: sent, delivered: accepted() });
    // The tab may reply before the background has decided the add itself.
    expect(adoption.reply({ requestId: sent.requestId, status: 200, body: { id: 5 } }, fromTab())).toEqual(
      {},
    );
    await expect(adoption.claim(US, ROUTE, {}, owner)).resolves.toEqual({ status: 200, body: { id: 5 } });
    // Claimed once: a second identical forward sends its own.
    await expect(adoption.claim(US, ROUTE, {}, owner)).resolves.toBeUndefined();
    expect(adoption.unclaimed(sent.requestId)).toBeUndefined();
  });

  it('is no other request’s answer: another route, origin, user, container or private window', async () => {
    const adoption = createWakeAdoption();
    const sent = add();
    adoption.adopt({ add: sent, delivered: accepted() });
    const keyOwner = vi.fn(owner);
    await expect(
      adoption.claim(US, removeRecordingRoute(1, 'onboard1', RECORDING), {}, keyOwner),
    ).resolves.toBeUndefined();
    await expect(
      adoption.claim(US, addRecordingRoute(1, 'other111', RECORDING), {}, keyOwner),
    ).resolves.toBeUndefined();
    await expect(adoption.claim('https://eu.posthog.com', ROUTE, {}, keyOwner)).resolves.toBeUndefined();
    // No add matches those: the key's owner was not even asked.
    expect(keyOwner).not.toHaveBeenCalled();
    await expect(adoption.claim(US, ROUTE, { user: BEN }, keyOwner)).resolves.toBeUndefined();
    await expect(adoption.claim(US, ROUTE, {}, async () => BEN)).resolves.toBeUndefined();
    await expect(
      adoption.claim(US, ROUTE, { container: 'firefox-container-1' }, keyOwner),
    ).resolves.toBeUndefined();
    await expect(adoption.claim(US, ROUTE, { private: true }, keyOwner)).resolves.toBeUndefined();
    adoption.reply({ requestId: sent.requestId, status: 200, body: {} }, fromTab());
    // Left to whoever accounts for it once the shortcut is handled.
    await expect(adoption.unclaimed(sent.requestId)).resolves.toEqual({ status: 200, body: {} });
  });

  it('leaves the request to the background when the tab’s content script was not there or declined it', async () => {
    const adoption = createWakeAdoption();
    const missing = add();
    const declined = add({ route: addRecordingRoute(1, 'onboard1', 'another-recording') });
    adoption.adopt({
      add: missing,
      delivered: Promise.reject(new Error('Could not establish connection. Receiving end does not exist.')),
    });
    adoption.adopt({ add: declined, delivered: accepted(false) });
    await expect(adoption.claim(US, ROUTE, {}, owner)).resolves.toBeUndefined();
    await expect(adoption.claim(US, declined.route, {}, owner)).resolves.toBeUndefined();
    const unsent = add({ route: addRecordingRoute(1, 'onboard1', 'third-recording') });
    adoption.adopt({ add: unsent, delivered: accepted(false) });
    await expect(adoption.unclaimed(unsent.requestId)).resolves.toBeNull();
  });

  it('fails as the bridge does when the delivery fails otherwise, or no reply comes in time', async () => {
    const adoption = createWakeAdoption({ timeoutMs: 50 });
    const lost = add();
    adoption.adopt({ add: lost, delivered: Promise.reject(new Error('The message port closed.')) });
    await expect(adoption.claim(US, ROUTE, {}, owner)).rejects.toMatchObject({ kind: 'no-session-tab' });
    const silent = add();
    adoption.adopt({ add: silent, delivered: accepted() });
    await expect(adoption.claim(US, ROUTE, {}, owner)).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('stops waiting when the user cancels', async () => {
    const adoption = createWakeAdoption();
    adoption.adopt({ add: add(), delivered: accepted() });
    const controller = new AbortController();
    const claimed = adoption.claim(US, ROUTE, {}, owner, controller.signal);
    controller.abort();
    await expect(claimed).rejects.toBeInstanceOf(AppError);
  });

  it('takes a reply only from the tab and origin the add went to, and only once', async () => {
    const adoption = createWakeAdoption();
    const sent = add();
    const delivered = deferred<unknown>();
    adoption.adopt({ add: sent, delivered: delivered.promise });
    const reply = { requestId: sent.requestId, status: 200, body: {} };
    expect(() => adoption.reply(reply, fromTab(8))).toThrow(AppError);
    expect(() =>
      adoption.reply(reply, fromTab(TAB, `https://eu.posthog.com/project/1/replay/${RECORDING}`)),
    ).toThrow(AppError);
    expect(adoption.reply(reply, fromTab())).toEqual({});
    expect(() => adoption.reply(reply, fromTab())).toThrow(AppError);
    // Another request's reply is the session bridge's to judge.
    expect(adoption.reply({ ...reply, requestId: crypto.randomUUID() }, fromTab())).toBeUndefined();
    delivered.resolve({ ok: true, data: { accepted: true } });
    await expect(adoption.claim(US, ROUTE, {}, owner)).resolves.toEqual({ status: 200, body: {} });
  });

  it('adopts a request once, whatever calls it again', async () => {
    const adoption = createWakeAdoption();
    const sent = add();
    adoption.adopt({ add: sent, delivered: accepted() });
    adoption.adopt({ add: sent, delivered: accepted(false) });
    adoption.reply({ requestId: sent.requestId, status: 201, body: {} }, fromTab());
    await expect(adoption.claim(US, ROUTE, {}, owner)).resolves.toEqual({ status: 201, body: {} });
  });
});
