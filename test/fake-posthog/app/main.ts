/**
 * The stand-in's app: draws PostHog's scenes into `#root`, sets the document title the way
 * breadcrumbsLogic does, routes in-app links like kea-router (pushState), follows the user's theme,
 * and exposes `window.fakePostHog`, the stand-in's control surface for tests (not part of PostHog).
 */

import { renameTimestamps } from './player-view';
import type { AppOptions, SceneData } from './scene';
import { SCENE_HEADER } from './scene';
import { createView, type SceneView } from './scenes';
import { writeTimestampFormat } from './settings';
import { TIMESTAMP_FORMATS, type TimestampFormat } from './time';
import { sceneTitle } from './titles';

export interface FakePostHogControl {
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  currentSecond(): number | null;
  setTimestampFormat(format: TimestampFormat): void;
  navigate(path: string): void;
  /** With `sceneLoadMs: null`: lets the current scene's data arrive. */
  finishLoading(): void;
  /** From now on the timestamp's `data-attr` is another one, as if PostHog had renamed it. */
  renameTimestamp(): void;
  /** The user's theme setting (PostHog saves it on the user, `updateUser({ theme_mode })`). */
  setThemeMode(mode: ThemeMode): void;
}

declare global {
  interface Window {
    fakePostHog?: FakePostHogControl;
  }
}

/** `userLogic` → `themeMode`: the user's own setting (`theme_mode` on the user), not the system's. */
export type ThemeMode = 'light' | 'dark' | 'system';
const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

/**
 * useThemedHtml: `body[theme]` from themeLogic.isDarkModeOn: the user's theme mode, and the system's
 * scheme (live) only while that mode is "system", the stand-in's default. Returns the mode's setter.
 */
function followTheme(): (mode: ThemeMode) => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  let mode: ThemeMode = 'system';
  const apply = () => {
    const dark = mode === 'system' ? media.matches : mode === 'dark';
    document.body.setAttribute('theme', dark ? 'dark' : 'light');
  };
  apply();
  media.addEventListener('change', apply);
  return (next) => {
    mode = next;
    apply();
  };
}

export function boot(first: SceneData, options: AppOptions): void {
  const root = document.getElementById('root');
  if (!root) return;
  let view: SceneView | null = null;
  let scene: SceneData = first;
  let pending: (() => void) | null = null;
  let timer: number | undefined;
  let generation = 0;
  let shownPath = '';

  const show = (next: SceneData, url: URL) => {
    view?.destroy();
    window.clearTimeout(timer);
    scene = next;
    shownPath = url.pathname;
    view = createView(next, url, { selectRecording });
    root.replaceChildren(view.element);
    document.title = sceneTitle(next, false);
    const current = view;
    const arrive = () => {
      pending = null;
      if (view !== current) return;
      current.arrive();
      document.title = sceneTitle(next, true);
    };
    pending = arrive;
    if (options.sceneLoadMs !== null) timer = window.setTimeout(arrive, options.sceneLoadMs);
  };

  const route = async (url: URL) => {
    const mine = ++generation;
    try {
      const response = await fetch(url.pathname + url.search, { headers: { [SCENE_HEADER]: '1' } });
      if (!response.ok || mine !== generation) return;
      show((await response.json()) as SceneData, url);
    } catch {
      // A failed load leaves the last scene drawn, as a kea loader failure leaves the previous values.
    }
  };

  const here = () => new URL(window.location.href);

  function selectRecording(id: string): void {
    const url = here();
    url.searchParams.set('sessionRecordingId', id);
    history.pushState({}, '', url);
    view?.update(url);
  }

  const navigate = (path: string) => {
    const url = new URL(path, window.location.href);
    history.pushState({}, '', url);
    void route(url);
  };

  window.addEventListener('popstate', () => {
    const url = here();
    // kea's urlToAction: a changed `?sessionRecordingId=` on the same list scene only reselects.
    const list = scene.kind === 'replay-home' || scene.kind === 'collection';
    if (list && url.pathname === shownPath) view?.update(url);
    else void route(url);
  });

  // kea-router's Link: same-origin, plain left clicks on `<a href>` without a target become pushState.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });

  const setThemeMode = followTheme();
  window.fakePostHog = {
    play: () => view?.player()?.play(),
    pause: () => view?.player()?.pause(),
    seek: (seconds) => view?.player()?.seek(seconds),
    currentSecond: () => view?.player()?.currentSecond() ?? null,
    setTimestampFormat: (format) => {
      if (!TIMESTAMP_FORMATS.includes(format)) throw new Error(`Unknown timestamp format: ${format}`);
      const player = view?.player();
      if (player) player.setFormat(format);
      else writeTimestampFormat(format);
    },
    navigate,
    finishLoading: () => pending?.(),
    renameTimestamp: () => renameTimestamps(document),
    setThemeMode: (mode) => {
      if (!THEME_MODES.includes(mode)) throw new Error(`Unknown theme mode: ${mode}`);
      setThemeMode(mode);
    },
  };
  show(first, here());
}
