import { createRequire } from 'node:module';
import { defineConfig } from 'wxt';
import { COMPILE_HINT } from './scripts/compile-hint';
import { moduleMarks } from './scripts/module-marks-plugin';
import { polyfillModulePlugin } from './scripts/polyfill-module-plugin';

/** WXT's own `browser` (`globalThis.browser` in Firefox, `chrome` in Chromium), without the polyfill. */
const unpolyfilledBrowser = createRequire(import.meta.url).resolve('wxt/browser');

/**
 * Where `browser` comes from, in the build and in the types alike (test/meta/browser-source.test.ts).
 * The background's core alone runs webextension-polyfill: the module's alias of `wxt/browser` for its
 * build, and it imports `browser` from '@wxt-dev/webextension-polyfill/browser', so it is typed as the
 * polyfill (a message listener may answer with a promise). Its wake script does not: it registers the
 * listeners with the browser's own `browser` and answers through `sendResponse`. Every other entrypoint imports `wxt/browser`,
 * aliased below to WXT's plain `browser` and typed as it (chrome-style: a listener answers through
 * `sendResponse`).
 */
const runsPolyfill = (entrypoint: { name: string }) => entrypoint.name === CORE_ENTRYPOINT;

/**
 * The background but for its wake script (entrypoints/background.ts, the worker's script itself):
 * Chromium's worker imports it on the first event; Firefox's background page loads it first.
 */
const CORE_ENTRYPOINT = 'background-core';

const isPopup = (entrypoint: { type: string }) => entrypoint.type === 'popup';

/**
 * Puts a page's built stylesheets into its HTML as `<style>`, and drops the files: a script waits for
 * the stylesheets before it runs, so a stylesheet file is one more load in the popup's way. (Extension
 * pages' content security policy limits scripts, not styles.)
 */
const inlineStylesheets = {
  name: 'hogmark:inline-stylesheets',
  transformIndexHtml: {
    order: 'post' as const,
    handler(html: string, { bundle }: { bundle?: Record<string, { type: string; source?: unknown }> }) {
      if (!bundle) return html;
      return html.replace(
        /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g,
        (tag, fileName: string) => {
          const asset = bundle[fileName];
          const css = asset?.type === 'asset' ? String(asset.source) : null;
          if (css === null || css.includes('</style')) return tag;
          delete bundle[fileName];
          return `<style>${css}</style>`;
        },
      );
    },
  },
};

/**
 * What Hogmark sends out of the browser, in the categories of Firefox's data consent (all to the
 * PostHog the user connected, never elsewhere; the README's permissions section says why each):
 * a person ask (often a customer's email or name), text and links read from a page (a selection, a
 * page's recording links, the player's second), the address (without query or fragment) of a page of
 * the user's own site the popup is opened over ("Recorded here"), and the user's sign-in or key.
 */
export const FIREFOX_DATA_COLLECTION = [
  'personallyIdentifyingInfo',
  'websiteContent',
  'browsingActivity',
  'authenticationInfo',
] as const;

const cloudHosts = ['https://us.posthog.com/*', 'https://eu.posthog.com/*', 'https://app.posthog.com/*'];

export default defineConfig({
  // HOGMARK_OUT_DIR lets parallel test runs build into separate folders.
  outDir: process.env.HOGMARK_OUT_DIR ?? '.output',
  // The sources archive (for Firefox's reviewers) builds the extension and keeps the docs the README
  // links to; the screenshots build nothing.
  zip: { excludeSources: ['docs/screenshots/**'] },
  // Manifest V3 in every browser, also for `wxt -b firefox` (WXT's default for Firefox is V2).
  manifestVersion: 3,
  imports: false,
  modules: ['@wxt-dev/webextension-polyfill'],
  hooks: {
    'build:manifestGenerated': (_wxt, manifest) => {
      // Firefox's background page loads the core first, then the wake script that hands it the events.
      const background = manifest.background as { scripts?: string[] } | undefined;
      if (background?.scripts) background.scripts = [`${CORE_ENTRYPOINT}.js`, ...background.scripts];
    },
    'entrypoints:grouped': (_wxt, groups) => {
      // The popup is built on its own, so its page loads one script and no chunk shared with the
      // other pages (its styles are inlined, below). Every file an extension page loads is a round
      // trip to the browser process before the page can run, and the popup is the page opened most,
      // expected at once. The other pages keep sharing their chunks.
      const index = groups.findIndex(
        (group) => Array.isArray(group) && group.length > 1 && group.some(isPopup),
      );
      const pages = groups[index];
      if (!Array.isArray(pages)) return;
      groups.splice(
        index,
        1,
        pages.filter((entrypoint) => !isPopup(entrypoint)),
        pages.filter(isPopup),
      );
    },
    'vite:build:extendConfig': (entrypoints, config) => {
      // webextension-polyfill stays where it earns its bytes: the background's core, whose message
      // handlers answer by returning a promise. The wake script, extension pages, the offscreen document and the
      // content script only call APIs that return promises natively in MV3 Chromium and in Firefox
      // (their message listeners answer with sendResponse), so they use WXT's plain `browser` and
      // stay within their budgets.
      if (entrypoints.some(runsPolyfill)) {
        // The polyfill's export as it is, not copied by the bundler's CommonJS interop at every start.
        config.plugins = [...(config.plugins ?? []), polyfillModulePlugin];
        // Test builds only: each module of the background records when its body begins, for the
        // bench's time per module group after a stopped worker starts (scripts/module-marks-plugin.ts).
        if (config.mode === 'test')
          config.plugins = [...(config.plugins ?? []), moduleMarks(config.root ?? process.cwd())];
        return;
      }
      if (entrypoints.every((entrypoint) => entrypoint.inputPath.endsWith('.html'))) {
        // Every browser Hogmark supports has modulepreload: Vite's polyfill for it is dead weight in
        // every extension page.
        config.build = { ...config.build, modulePreload: { polyfill: false } };
      }
      if (entrypoints.length === 1 && entrypoints.every(isPopup)) {
        config.plugins = [...(config.plugins ?? []), inlineStylesheets];
        // The popup's script compiled whole (scripts/compile-hint.ts), said after minification, which
        // would drop it as a comment.
        const output = config.build?.rollupOptions?.output;
        if (output && !Array.isArray(output))
          output.postBanner = (chunk: { isEntry: boolean }) => (chunk.isEntry ? COMPILE_HINT : '');
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
  vite: ({ mode }) => ({
    // Preact's JSX as users get it in every build but `wxt` (the dev server): the test build, which the
    // browser tests and `npm run bench` load, would otherwise take the development transform (WXT
    // sets NODE_ENV to the mode), which gives every element its source position: 15 KB more of
    // popup script, and an object more per element drawn, that no user runs.
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: mode === 'development' } },
    // HOGMARK_SOURCEMAP=1 (scripts/bundle-composition.ts): which sources the bytes come from.
    ...(process.env.HOGMARK_SOURCEMAP === '1' ? { build: { sourcemap: true } } : {}),
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
      // Waking the service worker for the next try of a change PostHog could not take yet, and to
      // take what PostHog said of people out of storage.session when it expires.
      'alarms',
      // Copying from the shortcut or a menu item, with no Hogmark page open and so no click to allow
      // it: Chromium's service worker has no DOM, so an offscreen document copies; Firefox's
      // background page copies by itself.
      'clipboardWrite',
      // "Sign in with PostHog": PostHog's sign-in and consent page in the browser's own sign-in window,
      // which hands the answer back to Hogmark alone (identity.launchWebAuthFlow).
      'identity',
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
          // 140 (142 on Android): the first versions that know `data_collection_permissions`, which
          // addons.mozilla.org requires of new add-ons.
          browser_specific_settings: {
            gecko: {
              id: 'hogmark@hogmark.dev',
              strict_min_version: '140.0',
              data_collection_permissions: { required: [...FIREFOX_DATA_COLLECTION] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : // 120: the first Chromium with `URL.canParse`, which reading every page address relies on.
        { minimum_chrome_version: '120' }),
  }),
});
