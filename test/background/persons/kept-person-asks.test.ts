import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createDispatcher } from '../../../lib/background/messages/dispatcher';
import { createKeptPersonAsks, KEPT_ASKS_MAX } from '../../../lib/background/persons/kept-person-asks';
import { MENU_FIND_SELECTION } from '../../../lib/background/persons/person-menus';
import { createPersonsFeature } from '../../../lib/background/persons/persons-feature';
import type { MessageSenderLike } from '../../../lib/messaging/sender';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../../support/extension-id';
import { installEnglishTranslator } from '../../support/i18n';

beforeEach(() => {
  fakeBrowser.reset();
  installEnglishTranslator();
});

const US = 'https://us.posthog.com';
const ANA = { ask: { by: 'email' as const, value: 'ana@acme.com' } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the asks kept for person pages', () => {
  it('keeps each ask under a new random id, and reads it back as often as the page reloads', async () => {
    const kept = createKeptPersonAsks(fakeBrowser.storage.session);
    const first = await kept.keep(ANA);
    const second = await kept.keep({ ask: { by: 'distinct-id', value: 'user 42' }, projectId: 2 });
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    expect(await kept.read(first)).toEqual(ANA);
    expect(await kept.read(first)).toEqual(ANA);
    expect(await kept.read(second)).toEqual({ ask: { by: 'distinct-id', value: 'user 42' }, projectId: 2 });
    // A stopped service worker loses nothing: another instance reads the same storage.session.
    expect(await createKeptPersonAsks(fakeBrowser.storage.session).read(first)).toEqual(ANA);
  });

  it('knows nothing of an id it did not give (a browser restart empties storage.session)', async () => {
    const kept = createKeptPersonAsks(fakeBrowser.storage.session);
    await kept.keep(ANA);
    expect(await kept.read(crypto.randomUUID())).toBeNull();
    await fakeBrowser.storage.session.clear();
    expect(await kept.read(crypto.randomUUID())).toBeNull();
  });

  it(`keeps the newest ${KEPT_ASKS_MAX} and no more`, async () => {
    const kept = createKeptPersonAsks(fakeBrowser.storage.session);
    const ids = await Promise.all(
      Array.from({ length: KEPT_ASKS_MAX + 1 }, (_, n) =>
        kept.keep({ ask: { by: 'search', value: `u${n}` } }),
      ),
    );
    // Kept at once, none dropped another: only the oldest is gone.
    expect(await kept.read(ids[0] as string)).toBeNull();
    expect(await kept.read(ids[1] as string)).toEqual({ ask: { by: 'search', value: 'u1' } });
    expect(await kept.read(ids.at(-1) as string)).toEqual({
      ask: { by: 'search', value: `u${KEPT_ASKS_MAX}` },
    });
  });

  it.each([
    ['an ask of an unknown kind', { by: 'sql', value: 'x' }],
    ['an ask over 200 characters', { by: 'search', value: 'x'.repeat(201) }],
    ['an empty ask', { by: 'email', value: '' }],
  ])('reads nothing from storage holding %s', async (_name, ask) => {
    const id = crypto.randomUUID();
    await fakeBrowser.storage.session.set({ personAsks: { version: 1, asks: [{ id, opened: { ask } }] } });
    expect(await createKeptPersonAsks(fakeBrowser.storage.session).read(id)).toBeNull();
  });

  it('reads nothing kept under an id Hogmark does not make', async () => {
    await fakeBrowser.storage.session.set({
      personAsks: { version: 1, asks: [{ id: 'ana', opened: ANA }] },
    });
    expect(await createKeptPersonAsks(fakeBrowser.storage.session).read('ana')).toBeNull();
  });
});

/** The persons room with the parts of the browser it uses, and the dispatcher every message passes. */
function setup() {
  const tabs: string[] = [];
  const persons = createPersonsFeature({
    browser: {
      contextMenus: { remove: async () => undefined, create: () => undefined },
      storage: { session: fakeBrowser.storage.session },
      runtime: { getURL: (path) => `${EXTENSION_ORIGIN}${path.slice(1)}` },
      tabs: {
        create: async ({ url }) => {
          tabs.push(url);
        },
      },
    },
    settings: {
      connection: async () => ({ origin: US, apiKey: 'phx_x', projectId: 1 }),
      appOrigins: async () => [US],
    },
    recordings: { addToLastUsed: vi.fn(), choose: vi.fn() },
    bulkAdd: { add: vi.fn() },
    flash: async () => undefined,
  });
  const dispatcher = createDispatcher({
    handlers: persons.handlers,
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    getAppOrigins: async () => [US],
  });
  return { persons, tabs, dispatch: dispatcher.dispatch };
}

const personPage: MessageSenderLike = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}persons.html?ask=x` };

describe('the person page’s hand-over', () => {
  it('opens the page from the menu with an id in its address, never the email, and the page reads the ask by it', async () => {
    const { persons, tabs, dispatch } = setup();
    await persons.onMenuClicked(
      { menuItemId: MENU_FIND_SELECTION, selectionText: 'ana@acme.com' },
      { id: 7 },
    );
    expect(tabs).toHaveLength(1);
    const opened = new URL(tabs[0] as string);
    expect(tabs[0]?.split('?')[0]).toBe(`${EXTENSION_ORIGIN}persons.html`);
    expect([...opened.searchParams.keys()]).toEqual(['ask']);
    expect(opened.searchParams.get('ask')).toMatch(UUID);
    expect(tabs[0]).not.toMatch(/ana|acme/);
    const answer = await dispatch(
      { type: 'persons/kept-ask', input: { askId: opened.searchParams.get('ask') } },
      personPage,
    );
    expect(answer).toEqual({ ok: true, data: { opened: ANA } });
  });

  it('keeps the popup’s or the page’s ask and gives its id; an id it never gave reads as gone', async () => {
    const { dispatch } = setup();
    const kept = await dispatch({ type: 'persons/keep-ask', input: ANA }, personPage);
    expect(kept).toEqual({ ok: true, data: { askId: expect.stringMatching(UUID) } });
    const askId = (kept as { data: { askId: string } }).data.askId;
    expect(await dispatch({ type: 'persons/kept-ask', input: { askId } }, personPage)).toEqual({
      ok: true,
      data: { opened: ANA },
    });
    expect(
      await dispatch({ type: 'persons/kept-ask', input: { askId: crypto.randomUUID() } }, personPage),
    ).toEqual({ ok: true, data: { opened: null } });
  });

  it.each<[string, unknown, MessageSenderLike]>([
    [
      'from a content script',
      { type: 'persons/keep-ask', input: ANA },
      {
        id: EXTENSION_ID,
        url: `${US}/project/1/replay`,
        tab: { id: 5 },
        frameId: 0,
      },
    ],
    [
      'from another extension',
      { type: 'persons/kept-ask', input: { askId: crypto.randomUUID() } },
      {
        id: 'otherotherotherotherotherotherot',
        url: 'chrome-extension://otherotherotherotherotherotherot/persons.html',
      },
    ],
    [
      'from a web page',
      { type: 'persons/keep-ask', input: ANA },
      {
        id: EXTENSION_ID,
        url: 'https://evil.com/',
        tab: { id: 1 },
        frameId: 0,
      },
    ],
    [
      'with an id that is not one',
      { type: 'persons/kept-ask', input: { askId: 'ana@acme.com' } },
      personPage,
    ],
    ['with more than the ask', { type: 'persons/keep-ask', input: { ...ANA, note: 'x' } }, personPage],
    [
      'with an ask of an unknown kind',
      { type: 'persons/keep-ask', input: { ask: { by: 'sql', value: 'x' } } },
      personPage,
    ],
    [
      'with an ask over 200 characters',
      {
        type: 'persons/keep-ask',
        input: { ask: { by: 'search', value: 'x'.repeat(201) } },
      },
      personPage,
    ],
  ])('refuses a hand-over message %s, keeping nothing', async (_name, message, sender) => {
    const { dispatch } = setup();
    await expect(dispatch(message, sender)).resolves.toMatchObject({
      ok: false,
      error: { kind: 'bad-message' },
    });
    expect(await fakeBrowser.storage.session.get('personAsks')).toEqual({});
  });
});
