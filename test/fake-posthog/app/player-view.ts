/**
 * The player's DOM, part by part, as PostHog renders it (`scenes/session-recordings/player/…`).
 * Behaviour lives in `player.ts`; these functions only build elements.
 */
import { h, icon, lemonButton, skeleton } from './dom';
import type { RecordingData } from './scene';
import { relativeTexts, type TimestampFormat, wallClockText } from './time';

/** `notebooks/AddToNotebook/DraggableToNotebook.tsx` `DraggableToNotebook`'s wrapper. */
export const draggableToNotebook = (child: HTMLElement, draggable: boolean): HTMLElement =>
  h('span', { class: 'DraggableToNotebook', draggable: String(draggable) }, child);

/** `player-meta/PlayerMetaLinks.tsx` `PinToPlaylistButton` → `PlaylistPopoverButton` in `IconWithCount`. */
function addToCollectionButton(pinned: boolean): HTMLElement {
  const label = pinned ? 'Remove from collection' : 'Add to collection';
  return h(
    'span',
    { class: 'relative inline-flex' },
    lemonButton({
      size: 'xsmall',
      icon: icon(undefined, pinned ? 'minus' : 'plus'),
      tooltip: label,
      content: label,
    }),
  );
}

/** `player-meta/PlayerMetaLinks.tsx` `PlayerMetaLinks` (standard mode, not in a notebook). */
function metaLinks(pinned: boolean): HTMLElement {
  return h(
    'div',
    { class: 'flex' },
    h(
      'div',
      { class: 'flex items-center gap-0.5' },
      lemonButton({ size: 'xsmall', icon: icon(undefined, 'ellipsis') }),
    ),
    lemonButton({
      size: 'xsmall',
      icon: icon(),
      sideIcon: icon(),
      content: 'Share',
      dataAttr: 'session-recording-share-button',
    }),
    addToCollectionButton(pinned),
  );
}

/** `PlayerMeta.tsx` `URLOrScreen`: the page the user was on, as an external `Link`. */
function urlOrScreen(url: string): HTMLElement {
  return h(
    'span',
    { class: 'flex flex-row items-center gap-x-1 truncate' },
    h(
      'span',
      { class: 'flex flex-row items-center gap-x-1 truncate' },
      h('a', { class: 'Link truncate', href: url, target: '_blank', rel: 'noopener noreferrer' }, url),
    ),
  );
}

/**
 * `player-meta/PlayerPersonMeta.tsx` `PlayerPersonMeta`: the person's avatar at the end of the meta bar (a
 * `LemonSkeleton.Circle` until the recording's person is known). `PersonIcon` → `ProfilePicture` with
 * `user = {first_name: asDisplay(person), email}` draws a rounded `Lettermark` of `"<name> <email>"` (or the
 * name): its first letter, upper-cased. The name itself is not written in the bar. The Gravatar `<img>`
 * PostHog lays over it (and drops when gravatar.com has none) is left out: the stand-in fetches nothing.
 */
export function playerPersonMeta(recording: RecordingData | null): HTMLElement {
  let picture: HTMLElement;
  if (!recording) picture = skeleton('rounded-full shrink-0 w-8 h-8');
  else {
    const combined = recording.personEmail
      ? `${recording.person} <${recording.personEmail}>`
      : recording.person;
    const letter = combined ? String.fromCodePoint(combined.codePointAt(0) ?? 63).toLocaleUpperCase() : '?';
    const lettermark = h(
      'div',
      {
        class: `Lettermark Lettermark--medium Lettermark--rounded${letter === '?' ? ' Lettermark--unknown' : ''}`,
      },
      letter,
    );
    picture = h('span', { class: 'ProfilePicture md mr-0' }, lettermark);
  }
  return h('div', { class: 'PlayerMeta__top flex items-center gap-1 shrink-0 cursor-pointer' }, picture);
}

/**
 * `player-meta/PlayerMeta.tsx` `PlayerMeta`; returns the bar and its flexible spacer. While the
 * recording's meta loads (`recording` null) a LemonSkeleton stands where the window select and URL go.
 */
export function playerMeta(
  recording: RecordingData | null,
  pinned: boolean,
): { bar: HTMLElement; spacer: HTMLElement } {
  const spacer = h('div', { class: 'flex-1 min-w-[5rem]' });
  const windowSelect = lemonButton({
    size: 'xsmall',
    content: h('span', null, icon('text-secondary')),
    sideIcon: icon(),
    dataAttr: 'player-meta-window-select',
    disabled: true,
  });
  const loaded = recording ? [windowSelect, urlOrScreen(recording.url)] : [skeleton('w-1/3 h-4 my-1')];
  const meta = h(
    'div',
    { class: 'PlayerMeta relative' },
    h(
      'div',
      {
        class:
          'flex flex-row items-center justify-between gap-x-1 whitespace-nowrap overflow-hidden px-1 py-0.5 text-xs',
      },
      ...loaded,
      spacer,
      metaLinks(pinned),
      playerPersonMeta(recording),
    ),
  );
  // `DraggableToNotebook` (onlyWithModifierKey): a span around the bar; the recording's URL only goes into
  // the drag data, never into the DOM.
  return { bar: draggableToNotebook(meta, false), spacer };
}

export interface SeekbarParts {
  root: HTMLElement;
  slider: HTMLElement;
  currentbar: HTMLElement;
  thumb: HTMLElement;
}

/** `controller/Seekbar.tsx` `Seekbar`: plain divs, position only in inline styles. */
export function seekbar(): SeekbarParts {
  const currentbar = h('div', { class: 'PlayerSeekbar__currentbar', style: 'width: 0px;' });
  const thumb = h('div', { class: 'PlayerSeekbar__thumb', style: 'transform: translateX(0px);' });
  const slider = h(
    'div',
    { class: 'PlayerSeekbar__slider ph-no-rageclick' },
    h(
      'div',
      { class: 'PlayerSeekbar__segments' },
      h('div', {
        class: 'PlayerSeekbar__segments__item PlayerSeekbar__segments__item--active',
        title: 'Active period',
        style: 'width: 100%;',
      }),
    ),
    currentbar,
    h('div', { class: 'PlayerSeekbar__bufferbar', style: 'width: 100%;' }),
    thumb,
  );
  const root = h(
    'div',
    { class: 'flex flex-col items-end h-8 mx-4 mt-2', 'data-attr': 'rrweb-controller' },
    h('div', { class: 'PlayerSeekbar' }, slider),
  );
  return { root, slider, currentbar, thumb };
}

export interface TimestampState {
  format: TimestampFormat;
  small: boolean;
  second: number;
  /** 0 until the recording's meta arrives (PostHog then shows "00:00 / 00:00"). */
  durationSeconds: number;
  /** Epoch ms; null until the meta arrives (SimpleTimeLabel then shows zeros). */
  startMs: number | null;
  nowMs: number;
}

/** A key that changes exactly when the timestamp's text or shape changes (PostHog re-renders per second). */
export function timestampKey(state: TimestampState): string {
  return `${state.format}|${state.small}|${state.second}|${state.durationSeconds}|${state.startMs}`;
}

/** `controller/PlayerControllerTime.tsx` `Timestamp`'s label: RelativeTimestampLabel or SimpleTimeLabel. */
export function timestampLabel(state: TimestampState): HTMLElement {
  if (state.format === 'relative') {
    const [current, total] = relativeTexts(state.second, state.durationSeconds);
    if (state.small) return h('span', { class: 'text-muted text-xs' }, current);
    return h(
      'span',
      { class: 'text-muted text-xs' },
      h(
        'div',
        { class: 'flex gap-0.5' },
        h('span', null, current),
        h('span', null, '/'),
        h('span', null, total),
      ),
    );
  }
  const text =
    state.startMs === null
      ? wallClockText(null, state.format, state.small, state.nowMs)
      : wallClockText(state.startMs + state.second * 1000, state.format, state.small, state.nowMs);
  return h('div', { class: 'overflow-hidden text-ellipsis shrink-0 text-muted text-xs' }, text);
}

/** `Timestamp`'s LemonButton `data-attr`, the one handle on the position PostHog's page has. */
const TIMESTAMP_ATTR = 'recording-timestamp';
/** What the test control below renames it to. */
const RENAMED_TIMESTAMP_ATTR = 'recording-time';
let timestampRenamed = false;

/**
 * A test control, not PostHog (`window.fakePostHog.renameTimestamp()`): the timestamp of the player
 * shown, and of every player this page draws afterwards, carries another `data-attr`, as after a
 * PostHog release that renamed it. The label itself still advances.
 */
export function renameTimestamps(doc: Document): void {
  timestampRenamed = true;
  for (const element of doc.querySelectorAll(`[data-attr="${TIMESTAMP_ATTR}"]`)) {
    element.setAttribute('data-attr', RENAMED_TIMESTAMP_ATTR);
  }
}

export function timestampButton(): HTMLElement {
  return lemonButton({
    dataAttr: timestampRenamed ? RENAMED_TIMESTAMP_ATTR : TIMESTAMP_ATTR,
    className: 'text-center whitespace-nowrap font-mono text-xs inline',
    content: ' ',
  });
}

/** `PlayerControllerTime.tsx` `SeekSkip`. */
export function seekSkip(direction: 'backward' | 'forward', seconds: number): HTMLElement {
  const iconClass =
    direction === 'forward'
      ? 'text-2xl PlayerControlSeekIcon__icon PlayerControlSeekIcon__icon--forward'
      : 'text-2xl PlayerControlSeekIcon__icon';
  return lemonButton({
    dataAttr: `seek-skip-${direction}`,
    size: 'xsmall',
    noPadding: true,
    className: 'ph-no-rageclick',
    content: h(
      'div',
      { class: 'PlayerControlSeekIcon' },
      h('span', { class: 'PlayerControlSeekIcon__seconds' }, String(seconds)),
      icon(iconClass),
    ),
  });
}

/** `PlayerController.tsx` `PlayPauseButton`: its data-attr says the state. */
export function playPauseButton(state: 'play' | 'pause' | 'rewind'): HTMLElement {
  return lemonButton({
    size: 'large',
    noPadding: true,
    dataAttr: `recording-${state}`,
    content: icon('text-3xl', state === 'play' ? 'play' : state),
  });
}

/** The right-hand controls of `PlayerController` in standard mode (cinema and full screen). */
export function rightControls(): HTMLElement {
  return h(
    'div',
    { class: 'flex justify-end items-center' },
    lemonButton({ size: 'xsmall', icon: icon('text-xl'), dataAttr: 'cinema-mode' }),
    lemonButton({ size: 'xsmall', icon: icon('text-xl'), dataAttr: 'full-screen' }),
  );
}

/** `PlayerController`'s wrapper classes: hover mode, shown or hidden (a class toggle, never an unmount). */
export function controllerClass(shown: boolean): string {
  const base =
    'flex flex-col select-none absolute bottom-0 left-0 right-0 transition-all duration-25 ease-in-out';
  return shown
    ? `${base} opacity-100 bg-surface-primary pointer-events-auto`
    : `${base} opacity-0 pointer-events-none`;
}

/** `SessionRecordingPlayer`'s frame of divs around the meta bar, the (empty) replay frame and the controller. */
export function playerRoot(meta: HTMLElement, controller: HTMLElement): HTMLElement {
  return h(
    'div',
    { class: 'SessionRecordingPlayer SessionRecordingPlayer--wide' },
    h(
      'div',
      { class: 'SessionRecordingPlayer__main flex flex-col h-full w-full' },
      h(
        'div',
        { class: 'flex w-full h-full' },
        h(
          'div',
          { class: 'flex flex-col flex-1 w-full relative' },
          meta,
          h('div', { class: 'SessionRecordingPlayer__body' }, h('div', { class: 'PlayerFrame' })),
          controller,
        ),
      ),
    ),
  );
}
