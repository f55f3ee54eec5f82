import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createQuickAdd } from '../../../lib/background/recordings/quick-add';
import type { RecordingActionsDeps } from '../../../lib/background/recordings/recording-actions';
import { parsePageContext } from '../../../lib/posthog/context';
import { DEMO } from '../../fake-posthog/demo-ids';
import { actionsNotingKeptFor } from '../../support/collections-background';
import { installEnglishTranslator } from '../../support/i18n';
import { useLocalPostHog } from '../../support/local-posthog';

beforeAll(installEnglishTranslator);

const { onboarding } = DEMO.playlists;
const { loose } = DEMO.recordings;

/**
 * A change asked now from a PostHog tab in a Firefox container goes through a session of that
 * container (the user PostHog shows there), as a change kept for later does; asked from elsewhere,
 * or in Chromium, through the user's most recent PostHog tab as before.
 */
describe('a change asked from a PostHog tab in a Firefox container', () => {
  const server = useLocalPostHog({ flavor: 'posthog', seed: 'demo' });

  const setup = (askedIn?: RecordingActionsDeps['askedIn']) => actionsNotingKeptFor(server, { askedIn });
  const input = { projectId: 1, shortId: onboarding, recordingId: loose };

  it('is made through a tab of that container, and so is its Undo', async () => {
    const tabsAsked: Array<[number, string]> = [];
    const { actions, asked } = setup(async (tabId, origin) => {
      tabsAsked.push([tabId, origin]);
      return tabId === 7 ? { container: 'firefox-container-3' } : {};
    });
    const added = await actions.add({ ...input, tabId: 7 });
    expect(added).toMatchObject({ outcome: 'added', via: 'session' });
    expect(tabsAsked).toEqual([[7, server.url]]);
    expect(asked).toEqual([{ container: 'firefox-container-3' }]);
    // The popup's Undo names no tab: it goes the way the add went.
    expect(await actions.recentAction()).toMatchObject({ container: 'firefox-container-3' });
    await actions.undo(added.actionId ?? '');
    expect(asked).toEqual([{ container: 'firefox-container-3' }, { container: 'firefox-container-3' }]);
  });

  it('a removal and a new collection’s add from the popup go the same way', async () => {
    const { actions, asked } = setup(async (tabId) =>
      tabId === 7 ? { container: 'firefox-container-3' } : {},
    );
    const created = await actions.createAndAdd({
      projectId: 1,
      name: 'Container review',
      recordingId: loose,
      tabId: 7,
    });
    expect(created.change).toMatchObject({ outcome: 'added', via: 'session' });
    await actions.remove({ projectId: 1, shortId: created.playlist.shortId, recordingId: loose, tabId: 7 });
    expect(asked).toEqual([{ container: 'firefox-container-3' }, { container: 'firefox-container-3' }]);
  });

  it('goes as before when the tab is not a PostHog page, in Chromium, or with no tab', async () => {
    const { actions, asked } = setup(async () => ({}));
    const added = await actions.add({ ...input, tabId: 7 });
    await actions.undo(added.actionId ?? '');
    const again = await actions.add(input);
    await actions.remove(input);
    expect(asked).toEqual([undefined, undefined, undefined, undefined]);
    expect(await actions.recentAction()).not.toHaveProperty('container');
    expect(again).toMatchObject({ outcome: 'added' });
  });

  it('goes as before when the tab cannot be read (it closed meanwhile)', async () => {
    const { actions, asked } = setup(async () => Promise.reject(new Error('Invalid tab ID: 7')));
    const added = await actions.add({ ...input, tabId: 7 });
    expect(added).toMatchObject({ outcome: 'added' });
    await actions.undo(added.actionId ?? '');
    expect(asked).toEqual([undefined, undefined]);
  });

  it('a change kept for later keeps its own user and container, whatever the tab', async () => {
    let consulted = false;
    const { actions, asked } = setup(async () => {
      consulted = true;
      return { container: 'firefox-container-3' };
    });
    const keptFor = { user: '01900000-0000-7000-8000-000000000a1a', container: 'firefox-container-9' };
    await actions.add({ ...input, tabId: 7 }, undefined, keptFor);
    await actions.remove(input, keptFor);
    expect(consulted).toBe(false);
    expect(asked).toEqual([keptFor, keptFor]);
  });

  it('the shortcut’s and the in-page button’s add take the tab they were used in', async () => {
    const { actions, asked, playlists } = setup(async (tabId) =>
      tabId === 4 ? { container: 'firefox-container-5' } : {},
    );
    const scope = await playlists.scopeOf(1);
    await playlists.markUsed(scope, onboarding);
    const quickAdd = createQuickAdd({
      actions,
      playlists,
      tabContext: async () => ({
        context: parsePageContext(`${server.url}/project/1/replay/${loose}`, [server.url]),
      }),
      flash: async () => {},
      session: fakeBrowser.storage.session,
      openPopup: async () => {},
      openPickerWindow: async () => {},
    });
    expect(await quickAdd.forTab(4)).toMatchObject({ outcome: 'added' });
    expect(asked).toEqual([{ container: 'firefox-container-5' }]);
    await actions.undo((await actions.recentAction())?.id ?? '');
    expect(asked).toEqual([{ container: 'firefox-container-5' }, { container: 'firefox-container-5' }]);
  });

  it('asked in a private window, goes only through a private session, and so does its Undo', async () => {
    const { actions, asked } = setup(async (tabId) => (tabId === 7 ? { private: true } : {}));
    const added = await actions.add({ ...input, tabId: 7 });
    expect(await actions.recentAction()).toMatchObject({ private: true });
    await actions.undo(added.actionId ?? '');
    expect(asked).toEqual([{ private: true }, { private: true }]);
  });

  it('a kept change never joins the same add in flight for another container: it waits, then finds it made', async () => {
    const { actions, asked } = setup();
    const forOne = actions.add(input, undefined, { user: 'u-1', container: 'firefox-container-1' });
    const same = actions.add(input, undefined, { user: 'u-1', container: 'firefox-container-1' });
    expect(same).toBe(forOne);
    const forTwo = actions.add(input, undefined, { user: 'u-1', container: 'firefox-container-2' });
    expect(await forOne).toMatchObject({ outcome: 'added' });
    expect(await forTwo).toMatchObject({ outcome: 'already' });
    expect(asked).toEqual([{ user: 'u-1', container: 'firefox-container-1' }]);
  });
});
