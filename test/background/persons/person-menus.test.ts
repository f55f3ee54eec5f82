import { beforeEach, describe, expect, it } from 'vitest';
import {
  createPersonMenus,
  MENU_FIND_PERSON_LINK,
  MENU_FIND_SELECTION,
} from '../../../lib/background/persons/person-menus';
import type { OpenedAsk } from '../../../lib/messaging/person-messages';
import { installEnglishTranslator } from '../../support/i18n';

beforeEach(() => installEnglishTranslator());

const US = 'https://us.posthog.com';

function setup(connected: string | null = US) {
  const created: Array<{ id: string; title: string; contexts: string[]; targetUrlPatterns?: string[] }> = [];
  const opened: Array<{ opened: OpenedAsk; tab?: { id?: number; index?: number } }> = [];
  const flashes: string[] = [];
  const menus = createPersonMenus({
    menus: {
      remove: async () => undefined,
      create: (properties) => created.push(properties),
    },
    getAppOrigins: async () => [US, 'https://eu.posthog.com'],
    connectedOrigin: async () => connected,
    openPersonPage: async (ask, tab) => {
      opened.push({ opened: ask, ...(tab ? { tab } : {}) });
    },
    flash: async (tabId, kind, title) => {
      flashes.push(`${tabId} ${kind} ${title}`);
    },
  });
  return { menus, created, opened, flashes };
}

describe('the person menus', () => {
  it('names the selection in the item (the browser fills %s) and offers the link item on person links', async () => {
    const { menus, created } = setup();
    await menus.sync();
    expect(created[0]).toEqual({
      id: MENU_FIND_SELECTION,
      title: 'Find recordings of “%s” in PostHog',
      contexts: ['selection'],
    });
    expect(created[1]?.targetUrlPatterns).toContain('https://us.posthog.com/project/*/person/*');
    expect(created[1]?.targetUrlPatterns).toContain('https://eu.posthog.com/persons/*');
  });

  it('opens the person page next to the tab for the selected text only', async () => {
    const { menus, opened } = setup();
    await menus.onClicked(
      { menuItemId: MENU_FIND_SELECTION, selectionText: ' <ana@acme.com>. ' },
      { id: 7, index: 3 },
    );
    expect(opened).toEqual([
      { opened: { ask: { by: 'email', value: 'ana@acme.com' } }, tab: { id: 7, index: 3 } },
    ]);
  });

  it('says why nothing opens when the selection is not an address or an id', async () => {
    const { menus, opened, flashes } = setup();
    await menus.onClicked({ menuItemId: MENU_FIND_SELECTION, selectionText: 'two\nlines' }, { id: 7 });
    expect(opened).toEqual([]);
    expect(flashes).toEqual([
      '7 failed Select an email address or a distinct id, on one line, to find a person’s recordings.',
    ]);
  });

  it.each([
    [`${US}/project/2/person/user%2042`, { ask: { by: 'distinct-id', value: 'user 42' }, projectId: 2 }],
    [
      `${US}/persons/0190a3b2-0000-7000-8000-000000000001`,
      { ask: { by: 'uuid', value: '0190a3b2-0000-7000-8000-000000000001' } },
    ],
  ] satisfies Array<[string, OpenedAsk]>)(
    'looks up the person a link points at: %s',
    async (linkUrl, ask) => {
      const { menus, opened } = setup();
      await menus.onClicked({ menuItemId: MENU_FIND_PERSON_LINK, linkUrl }, { id: 1 });
      expect(opened.map((open) => open.opened)).toEqual([ask]);
    },
  );

  it('does not look a person of another PostHog up on the connected one', async () => {
    const { menus, opened, flashes } = setup();
    await menus.onClicked(
      { menuItemId: MENU_FIND_PERSON_LINK, linkUrl: 'https://eu.posthog.com/person/u1' },
      { id: 1 },
    );
    expect(opened).toEqual([]);
    expect(flashes[0]).toMatch(/^1 failed .*eu\.posthog\.com/);
  });
});
