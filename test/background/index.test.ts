import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BackgroundBrowser, createBackground } from '../../lib/background';
import { protocol } from '../../lib/messaging/messages';
import { installEnglishTranslator } from '../support/i18n';

/** No IndexedDB under Node: opening fails, as it would in a browser that refuses it. */
const noIndexedDb = {
  open: () => {
    throw new Error('no IndexedDB here');
  },
} as unknown as IDBFactory;

function compose() {
  return createBackground({
    browser: fakeBrowser as unknown as BackgroundBrowser,
    indexedDB: noIndexedDb,
    chromium: undefined,
    page: undefined,
  });
}

describe('the composers’ index', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    installEnglishTranslator();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Hogmark',
      version: '0.1.0',
      content_scripts: [{ matches: ['https://us.posthog.com/*'], js: ['content-scripts/content.js'] }],
    });
    // The storage move's failure is logged, by design; it must not throw out of the composition.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('answers every message the protocol sends to the background, and no other', () => {
    const toBackground = Object.entries(protocol)
      .filter(([, spec]) => spec.from !== 'background')
      .map(([type]) => type)
      .sort();
    expect(Object.keys(compose().handlers).sort()).toEqual(toBackground);
  });

  it('gives each browser event one listener body', () => {
    expect(Object.keys(compose().on).sort()).toEqual(
      [
        'accessChanged',
        'alarm',
        'command',
        'connect',
        'installed',
        'menuClicked',
        'message',
        'online',
        'tabRemoved',
        'tabUpdated',
      ].sort(),
    );
  });
});
