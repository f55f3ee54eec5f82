import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteRecordings } from '../../components/site-recordings/site-recordings';
import type { SiteLook } from '../../lib/messaging/site-messages';
import { AppError } from '../../lib/platform/errors';
import { createCopyStore } from '../../lib/stores/share-copy';
import { createSiteRecordingsStore } from '../../lib/stores/site-recordings';
import { type Answers, fakeBackground } from '../support/fake-background';
import { fakeClipboard } from '../support/fake-clipboard';
import { installEnglishTranslator } from '../support/i18n';
import { FOUND, NOW, SESSION, SITE, US } from '../support/site-look';

beforeAll(installEnglishTranslator);

const ROWS = {
  recordings: [
    {
      id: 'r1',
      person: 'li@globex.com',
      startTime: '2026-11-28T10:00:00.000Z',
      durationSeconds: 300,
      activeSeconds: 90,
      startUrl: null,
      errors: 2,
      viewed: true,
    },
    {
      id: SESSION,
      person: null,
      startTime: '2026-11-28T11:00:00.000Z',
      durationSeconds: 60,
      activeSeconds: 30,
      startUrl: null,
      errors: 0,
      viewed: false,
    },
  ],
  next: { offset: 2 },
  openAllUrl: `${US}/project/7/replay/home?filters=x`,
  lastUsedName: 'Checkout bugs',
};

let root: HTMLElement;

beforeEach(() => {
  const { document, window } = parseHTML('<!doctype html><html><body><main id="root"></main></body></html>');
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', window);
  // Preact names a listener in lower case only where the element has the `on…` property, as browsers' do.
  const element = (window as unknown as { HTMLElement: { prototype: object } }).HTMLElement.prototype;
  for (const name of ['onclick', 'onkeydown', 'onfocus', 'oninput', 'onchange', 'onsubmit']) {
    if (!(name in element))
      Object.defineProperty(element, name, { value: null, writable: true, configurable: true });
  }
  root = document.getElementById('root') as unknown as HTMLElement;
});
afterEach(() => {
  render(null, root);
  vi.unstubAllGlobals();
});

async function mount(answers: Answers) {
  const background = fakeBackground({ 'site/look': FOUND, 'site/recordings': ROWS, ...answers });
  const clipboard = fakeClipboard();
  const store = createSiteRecordingsStore({
    send: background.send,
    copy: createCopyStore({ writeText: clipboard.writeText, setTimeout: () => 0 }),
    tabId: 3,
    openTab: async () => undefined,
    now: () => NOW,
  });
  await act(async () => {
    render(<SiteRecordings store={store} />, root);
  });
  // The look and the list each answer on a later turn.
  for (let turn = 0; turn < 3; turn += 1) await act(async () => undefined);
  return { store, background, clipboard };
}

const text = () => root.textContent ?? '';
/** Where an element stands in the Tab order (linkedom keeps the attribute as Preact spelt it). */
const tabStop = (element: Element) => element.getAttribute('tabIndex') ?? element.getAttribute('tabindex');

describe('the "Recorded here" view', () => {
  it('asks once when mounted, and shows each recording’s face', async () => {
    const { background } = await mount({});
    expect(background.types()).toEqual(['site/look', 'site/recordings']);
    expect(text()).toContain("Acme web app · found by the page's PostHog token");
    expect(text()).toContain('2+ recordings, newest first');
    const rows = root.querySelectorAll('li.site-recording');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('li@globex.com');
    expect(rows[0]?.textContent).toContain('05:00 long');
    expect(rows[0]?.textContent).toContain('01:30 active');
    expect(rows[0]?.textContent).toContain('2 errors');
    expect(rows[0]?.textContent).toContain('Watched');
    expect(rows[0]?.textContent).toContain('Add to Checkout bugs');
    expect(rows[1]?.textContent).toContain('Anonymous');
    expect(rows[1]?.textContent).toContain('You');
    expect(root.querySelector('a[href^="https://us.posthog.com/project/7/replay/home"]')?.textContent).toBe(
      'Open all in PostHog',
    );
  });

  it('names the user’s session and when it started', async () => {
    await mount({});
    expect(root.querySelector('.site-session')?.textContent).toContain('ana@acme.com · started');
  });

  it('moves through rows with the arrow keys and adds the active one with A', async () => {
    const { background } = await mount({
      'site/add': { outcome: 'done', message: 'Added to Checkout bugs.' },
    });
    const list = root.querySelector('ul.site-recording-list');
    const key = (name: string) => {
      // linkedom has no KeyboardEvent: an Event carrying the key, as the handler reads it.
      const event = new (window as unknown as { Event: typeof Event }).Event('keydown', { bubbles: true });
      Object.defineProperty(event, 'key', { value: name });
      // On the list itself: linkedom calls a bubbling listener with the wrong `this`.
      list?.dispatchEvent(event);
    };
    expect(list).not.toBeNull();
    await act(async () => key('ArrowDown'));
    expect(root.querySelector('li.site-recording.active')?.id).toBe('site-recording-1');
    await act(async () => key('a'));
    await act(async () => undefined);
    expect(background.sent.at(-1)).toEqual({
      type: 'site/add',
      input: { projectId: 7, recordingId: SESSION },
    });
    expect(text()).toContain('Added to Checkout bugs.');
  });

  it('puts the active row’s own buttons in the Tab order, and no other row’s', async () => {
    await mount({});
    const [first, second] = [...root.querySelectorAll('li.site-recording')];
    expect([...(first?.querySelectorAll('button, a') ?? [])].map(tabStop)).toEqual(['0', '0', '0', '0']);
    expect([...(second?.querySelectorAll('button, a') ?? [])].every((el) => tabStop(el) === '-1')).toBe(true);
  });

  it.each([
    [{ kind: 'unreadable' } as SiteLook, 'Hogmark cannot read this page'],
    [
      { kind: 'elsewhere', site: SITE } as SiteLook,
      'shop.acme.com sends its recordings to a PostHog project your credential does not reach.',
    ],
  ])('says in one sentence when there is nothing to list (%j)', async (look, sentence) => {
    const { background } = await mount({ 'site/look': look });
    expect(text()).toContain(sentence);
    expect(background.types()).toEqual(['site/look']);
  });

  it('offers the projects when the page names none, and says whether posthog-js is there', async () => {
    await mount({
      'site/look': {
        kind: 'choose',
        site: SITE,
        sawPostHog: false,
        projects: [
          { id: 7, name: 'Acme web app' },
          { id: 8, name: 'Acme staging' },
        ],
      },
    });
    expect(text()).toContain('shop.acme.com keeps no PostHog storage.');
    expect([...root.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Acme web app',
      'Acme staging',
    ]);
  });

  it('says there is nothing in the window, and shows a failure with its retry', async () => {
    await mount({ 'site/recordings': { ...ROWS, recordings: [], next: null } });
    expect(text()).toContain('No recording visited this page in the last 7 days.');
    render(null, root);
    await mount({ 'site/recordings': new AppError('rate-limited', { retryAfterSeconds: 30 }) });
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('Try again');
    expect(text()).toContain('PostHog lets your key list recordings again at');
  });
});
