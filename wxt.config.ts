import { createRequire } from 'node:module';
import { defineConfig } from 'wxt';

/** WXT's own `browser` (`globalThis.browser` in Firefox, `chrome` in Chromium), without the polyfill. */
const unpolyfilledBrowser = createRequire(import.meta.url).resolve('wxt/browser');

const cloudHosts = ['https://us.posthog.com/*', 'https://eu.posthog.com/*', 'https://app.posthog.com/*'];

export default defineConfig({
  // HOGMARK_OUT_DIR lets parallel test runs build into separate folders.
  outDir: process.env.HOGMARK_OUT_DIR ?? '.output',
  imports: false,
  modules: ['@wxt-dev/webextension-polyfill'],
  hooks: {
    'vite:build:extendConfig': (entrypoints, config) => {
      // webextension-polyfill stays where it earns its bytes: the background, whose message
      // listeners answer by returning promises. Extension pages and the content script only call
      // APIs that return promises natively in MV3 Chromium and in Firefox (the content script answers
      // messages with sendResponse), so they use WXT's plain `browser` and stay within their budgets.
      if (entrypoints.some((entrypoint) => entrypoint.type === 'background')) return;
      if (entrypoints.some((entrypoint) => entrypoint.type === 'popup')) {
        // Every browser Hogmark supports has modulepreload: Vite's polyfill for it is dead weight in
        // every extension page. (The chunks are left as rolldown cuts them: their CSS files follow
        // the chunks, and the pages' styles rely on theme.css coming first.)
        config.build = { ...config.build, modulePreload: { polyfill: false } };
      }
      const current = config.resolve?.alias ?? [];
      const aliases = Array.isArray(current)
        ? current
        : Object.entries(current).map(([find, replacement]) => ({ find, replacement }));
      config.resolve = {
        ...config.resolve,
        alias: [{ find: /^wxt\/browser$/, replacement: unpolyfilledBrowser }, ...aliases],
      };
    },
  },
  vite: () => ({
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  }),
  // Test builds (`--mode test`, in .output/*-test) may reach the local PostHog on 127.0.0.1;
  // production builds never do.
  manifest: ({ browser, mode }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: [
      'storage',
      'activeTab',
      'contextMenus',
      'scripting',
      // Copying from the shortcut or a menu item, with no Hogmark page open and so no click to allow
      // it: Chromium's service worker has no DOM, so an offscreen document copies; Firefox's
      // background page copies by itself.
      'clipboardWrite',
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    host_permissions: mode === 'test' ? [...cloudHosts, 'http://127.0.0.1/*'] : cloudHosts,
    // A self-hosted PostHog is asked for on the Save click; plain http only on the user's own machine.
    optional_host_permissions: [
      'https://*/*',
      'http://localhost/*',
      ...(mode === 'test' ? [] : ['http://127.0.0.1/*']),
    ],
    // WXT fills `icons` from public/icon/<size>.png; the toolbar button names its own sizes.
    action: {
      default_title: '__MSG_extName__',
      default_icon: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png' },
    },
    commands: {
      'add-to-last-playlist': {
        suggested_key: { default: 'Alt+Shift+P' },
        description: '__MSG_commandAddToLastPlaylist__',
      },
      'copy-link': {
        suggested_key: { default: 'Alt+Shift+C' },
        description: '__MSG_commandCopyLink__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'hogmark@hogmark.dev',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
