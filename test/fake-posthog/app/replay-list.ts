/**
 * `/replay/home` and a collection page: PostHog's `Playlist` (recordings list) with the player beside it
 * (`playlist/Playlist.tsx`, `SessionRecordingsPlaylist.tsx`, `SessionRecordingPreview.tsx`).
 * The active recording is `?sessionRecordingId=` or, with autoPlay, the first one (the URL then names none).
 */
import { h, replaceChildren, skeleton } from './dom';
import { Player } from './player';
import { draggableToNotebook } from './player-view';
import type { RecordingData } from './scene';
import { colonDelimitedDuration } from './time';

export interface ListContext {
  recordings: RecordingData[] | null;
  /** A collection: its recordings are pinned, so the player's button reads "Remove from collection". */
  collection: boolean;
  /** kea-router `push` with `?sessionRecordingId=` (sessionRecordingsPlaylistLogic actionToUrl, replace: false). */
  select(id: string): void;
}

/** `SessionRecordingPreview` `RecordingDuration`: "MM:SS", with the hours in front of them when there are some. */
function duration(seconds: number): HTMLElement {
  const [hours, minutes, rest] = colonDelimitedDuration(seconds).split(':');
  return h(
    'div',
    { class: 'flex text-secondary text-xs' },
    hours !== '00' && h('span', null, `${hours}:`),
    h('span', null, `${minutes}:${rest}`),
  );
}

function preview(recording: RecordingData, active: boolean): HTMLElement {
  const path = recording.url.replace(/https?:\/\//g, '').split(/[?|#]/)[0] ?? '';
  return h(
    'div',
    {
      class: `SessionRecordingPreview flex overflow-hidden cursor-pointer py-0.5 px-1 text-xs${
        active ? ' SessionRecordingPreview--active' : ''
      }`,
    },
    h(
      'div',
      { class: 'grow overflow-hidden deprecated-space-y-1 ml-1' },
      h(
        'div',
        { class: 'flex items-center justify-between gap-x-0.5' },
        h(
          'div',
          { class: 'flex overflow-hidden font-medium ph-no-capture' },
          h('span', { class: 'truncate' }, recording.person),
        ),
      ),
      h(
        'div',
        { class: 'flex justify-between items-center gap-x-0.5' },
        h('div', { class: 'flex deprecated-space-x-2 text-secondary text-sm' }),
        duration(recording.durationSeconds),
      ),
      h(
        'span',
        { class: 'flex overflow-hidden text-secondary text-xs' },
        h('span', { title: `First URL: ${recording.url}`, class: 'truncate' }, path),
      ),
    ),
  );
}

function loadingState(): HTMLElement[] {
  return Array.from({ length: 5 }, () =>
    h('div', { class: 'p-4 deprecated-space-y-2' }, skeleton('w-1/2 h-4'), skeleton('w-1/3 h-4')),
  );
}

function emptyState(collection: boolean): HTMLElement {
  if (!collection) return h('div', { class: 'p-3 text-sm text-secondary' });
  return h(
    'div',
    { class: 'p-3 text-sm text-secondary' },
    h(
      'div',
      { class: 'flex flex-col gap-2' },
      h('h3', { class: 'title text-secondary mb-0' }, 'No recordings in this collection'),
    ),
  );
}

/** `Playlist`'s content when no item is active (`EmptyMessage`). */
const noRecordingSelected = (): HTMLElement =>
  h(
    'div',
    { class: 'mt-20' },
    h('h2', null, 'No recording selected'),
    h('p', null, 'Please select a recording from the list on the left'),
  );

export class ReplayList {
  readonly element: HTMLElement;
  private readonly items: HTMLElement;
  private readonly main: HTMLElement;
  private current: Player | null = null;
  /** Which recording a row shows (PostHog binds an onClick per row; no attribute in the DOM). */
  private readonly rowIds = new WeakMap<Element, string>();

  constructor(private readonly context: ListContext) {
    this.items = h('div', { class: 'overflow-y-auto flex-1' });
    this.main = h('div', { class: 'Playlist__main h-full' });
    this.element = h(
      'div',
      { class: 'flex flex-col w-full gap-2 h-full xl:flex-row' },
      h(
        'div',
        { class: 'flex flex-col xl:max-w-80' },
        h(
          'div',
          { class: 'Playlist w-full min-w-60 min-h-96', 'data-attr': 'session-recordings-playlist' },
          h(
            'div',
            { class: 'Playlist__list flex flex-col relative overflow-hidden h-full w-full' },
            h(
              'div',
              { class: 'flex flex-col relative w-full bg-bg-light overflow-hidden h-full Playlist__list' },
              this.items,
            ),
          ),
        ),
      ),
      h(
        'div',
        { class: 'Playlist h-full min-h-96 w-full min-w-96 lg:min-w-[560px] order-first xl:order-none' },
        this.main,
      ),
    );
    this.items.addEventListener('click', (event) => {
      const row = event.target instanceof Element ? event.target.closest('.border-b') : null;
      const id = row ? this.rowIds.get(row) : undefined;
      if (id) this.context.select(id);
    });
  }

  get player(): Player | null {
    return this.current;
  }

  /** Draws the list and the active recording's player for `selectedId` (from the URL). */
  show(selectedId: string | null, startSecond: number, paused: boolean): void {
    const { recordings, collection } = this.context;
    if (!recordings) {
      replaceChildren(this.items, ...loadingState());
      replaceChildren(this.main, noRecordingSelected());
      return;
    }
    const active = selectedId ? recordings.find((r) => r.id === selectedId) : recordings[0];
    const rows = recordings.map((recording) => {
      const row = h(
        'div',
        { class: 'border-b' },
        draggableToNotebook(preview(recording, recording === active), true),
      );
      this.rowIds.set(row, recording.id);
      return row;
    });
    replaceChildren(this.items, ...(rows.length ? rows : [emptyState(collection)]));
    if (this.current?.recordingId === active?.id) return;
    this.current?.destroy();
    this.current = null;
    if (!active) {
      replaceChildren(this.main, noRecordingSelected());
      return;
    }
    const player = new Player({ id: active.id, paused, pinned: collection });
    this.current = player;
    replaceChildren(this.main, player.element);
    player.arrive(active, startSecond);
  }

  destroy(): void {
    this.current?.destroy();
  }
}
