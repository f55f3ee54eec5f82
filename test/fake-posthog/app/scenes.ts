/**
 * One view per PostHog scene. A view is drawn at once in its loading state; `arrive()` is called when
 * its data "arrives" (what the scene logic's loaders would fetch), `update(url)` on a URL change that
 * stays in the scene (kea `urlToAction`).
 */
import { h, replaceChildren, skeleton } from './dom';
import { Player } from './player';
import { ReplayList } from './replay-list';
import type { DashboardTileData, SceneData } from './scene';

export interface SceneView {
  readonly element: HTMLElement;
  arrive(): void;
  update(url: URL): void;
  player(): Player | null;
  destroy(): void;
}

export interface SceneHooks {
  /** kea-router push of the same path with `?sessionRecordingId=<id>` (other parameters kept). */
  selectRecording(id: string): void;
}

/** `?t=` seconds, read once when a player initialises (`initializePlayerFromStart`). */
export function startSecond(url: URL): number {
  const t = Number(url.searchParams.get('t'));
  return Number.isFinite(t) && t > 0 ? t : 0;
}

/** PostHog's visual-test `?pause` parameter (any value). */
const pausedBy = (url: URL): boolean => url.searchParams.has('pause');

/** `lib/components/NotFound`: "<object> not found". */
const notFound = (object: string): HTMLElement =>
  h('div', { class: 'text-center' }, h('div', { class: 'NotFound' }, h('h1', null, `${object} not found`)));

function recordingView(scene: Extract<SceneData, { kind: 'recording' }>, url: URL): SceneView {
  const player = new Player({ id: scene.id, paused: pausedBy(url), pinned: false });
  const slot = h('div', { class: 'mt-4 flex-1' }, player.element);
  let current: Player | null = player;
  return {
    element: h('div', { class: 'SessionRecordingScene' }, slot),
    arrive() {
      if (scene.recording) {
        player.arrive(scene.recording, startSecond(url));
        return;
      }
      // `SessionRecordingPlayer` renders RecordingNotFound once the data logic reports `isNotFound`.
      player.destroy();
      current = null;
      replaceChildren(slot, notFound('Recording'));
    },
    update() {},
    player: () => current,
    destroy: () => current?.destroy(),
  };
}

function listView(
  scene: Extract<SceneData, { kind: 'replay-home' | 'collection' }>,
  initial: URL,
  hooks: SceneHooks,
): SceneView {
  let url = initial;
  let loaded = false;
  const list = new ReplayList({
    get recordings() {
      return loaded ? scene.recordings : null;
    },
    collection: scene.kind === 'collection',
    select: (id) => hooks.selectRecording(id),
  });
  const draw = () => list.show(url.searchParams.get('sessionRecordingId'), startSecond(url), pausedBy(url));
  draw();
  return {
    element: h('div', null, list.element),
    arrive() {
      loaded = true;
      draw();
    },
    update(next) {
      url = next;
      draw();
    },
    player: () => list.player,
    destroy: () => list.destroy(),
  };
}

/** `lib/lemon-ui/Link`: an in-app `<a href>` (kea-router handles its clicks). */
const link = (href: string, text: string): HTMLElement => h('a', { class: 'Link', href }, text);

function linksView(load: () => HTMLElement[]): SceneView {
  const body = h('div', null, skeleton('w-1/3 h-4 my-1'));
  return {
    element: body,
    arrive: () => replaceChildren(body, ...load()),
    update() {},
    player: () => null,
    destroy() {},
  };
}

/** Dashboard tiles: `InsightCard` (`lib/components/Cards/InsightCard`), one per insight tile. */
const tiles = (list: DashboardTileData[]): HTMLElement[] =>
  list.map((tile) =>
    h('div', { class: 'InsightCard border', 'data-attr': 'insight-card' }, h('h4', null, tile.name)),
  );

export function createView(scene: SceneData, url: URL, hooks: SceneHooks): SceneView {
  const project = (path: string) => `/project/${'projectId' in scene ? scene.projectId : 1}${path}`;
  switch (scene.kind) {
    case 'recording':
      return recordingView(scene, url);
    case 'replay-home':
    case 'collection':
      return listView(scene, url, hooks);
    case 'collections':
      return linksView(() =>
        scene.collections.map((c) =>
          h('div', null, link(project(`/replay/playlists/${encodeURIComponent(c.shortId)}`), c.name)),
        ),
      );
    case 'dashboards':
      return linksView(() =>
        scene.dashboards.map((d) => h('div', null, link(project(`/dashboard/${d.id}`), d.name))),
      );
    case 'dashboard':
      return linksView(() => (scene.found ? tiles(scene.tiles) : [notFound('Dashboard')]));
    case 'shared':
      return linksView(() => tiles(scene.tiles));
    case 'insight':
      // InsightScene: the insight once loaded, else `<NotFound object="insight" />`.
      return linksView(() => (scene.found ? [] : [notFound('Insight')]));
    case 'notebook':
      // Notebook: `<NotFound object="notebook" />` when none loaded.
      return linksView(() => (scene.found ? [] : [notFound('Notebook')]));
    case 'feature-flags':
      return linksView(() =>
        scene.flags.map((f) => h('div', null, link(project(`/feature_flags/${f.id}`), f.key))),
      );
    case 'feature-flag':
      // FeatureFlag: `<NotFound object="feature flag" />` when `featureFlagMissing`.
      return linksView(() => (scene.found ? [] : [notFound('Feature flag')]));
    case 'other':
      return linksView(() => []);
  }
}
