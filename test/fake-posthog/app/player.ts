/**
 * The stand-in's `SessionRecordingPlayer`: PostHog's DOM (see `player-view.ts`) with the behaviour a reader
 * of the page meets: autoplay, a timestamp that advances once a second, seeking, the persisted timestamp
 * format, the narrow/wide label, and controls that hide 1.5 s after load unless the pointer is over it.
 * No video: the frame is empty.
 */
import { h, replaceChildren } from './dom';
import {
  controllerClass,
  playerMeta,
  playerRoot,
  playPauseButton,
  rightControls,
  type SeekbarParts,
  seekbar,
  seekSkip,
  timestampButton,
  timestampKey,
  timestampLabel,
} from './player-view';
import type { RecordingData } from './scene';
import { readTimestampFormat, writeTimestampFormat } from './settings';
import { TIMESTAMP_FORMATS, type TimestampFormat } from './time';

/** sessionRecordingPlayerLogic's default jump (`jumpTimeMs` at speed 1). */
const JUMP_SECONDS = 10;
/** `SessionRecordingPlayer`: `allowPlayerChromeToHide()` 1500 ms after a recording mounts. */
const CHROME_HIDE_MS = 1500;
/** `PlayerController`'s `useResizeBreakpoints({ 0: 'small', 600: 'normal' })`. */
const NORMAL_WIDTH = 600;

export interface PlayerOptions {
  id: string;
  /** `?pause`: PostHog's visual-test switch; the stand-in then never starts ticking. */
  paused: boolean;
  /** In a collection that pins it: PostHog's button reads "Remove from collection". */
  pinned: boolean;
}

export class Player {
  readonly element: HTMLElement;
  private second = 0;
  private recording: RecordingData | null = null;
  private playing = false;
  private ended = false;
  private format = readTimestampFormat();
  private small = false;
  private hovering = false;
  private forceChrome = true;
  private ticker: number | undefined;
  private readonly timers: number[] = [];
  private shownKey = '';
  private readonly controller: HTMLElement;
  private readonly row: HTMLElement;
  private readonly timestamp: HTMLElement;
  private readonly bar: SeekbarParts;
  private readonly playCell: HTMLElement;
  private readonly metaSlot: HTMLElement;
  private spacer: HTMLElement;
  private readonly resize: ResizeObserver;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') this.pause();
  };

  constructor(private readonly options: PlayerOptions) {
    const meta = playerMeta(null, options.pinned);
    this.spacer = meta.spacer;
    this.metaSlot = h('div', { class: 'relative' }, meta.bar);
    this.bar = seekbar();
    this.timestamp = timestampButton();
    this.playCell = h('div', { class: 'flex gap-0.5 items-center justify-center' });
    this.row = h(
      'div',
      { class: 'w-full px-2 py-1 relative flex items-center justify-between' },
      this.timestamp,
      this.playCell,
      rightControls(),
    );
    this.controller = h('div', { class: controllerClass(true) }, this.bar.root, this.row);
    this.element = playerRoot(this.metaSlot, this.controller);
    this.listen();
    this.resize = new ResizeObserver(() => this.measure());
    this.resize.observe(this.element);
    this.resize.observe(this.row);
    this.timers.push(
      window.setTimeout(() => {
        this.forceChrome = false;
        this.renderChrome();
      }, CHROME_HIDE_MS),
    );
    document.addEventListener('visibilitychange', this.onVisibility);
    this.render();
  }

  get recordingId(): string {
    return this.options.id;
  }

  /**
   * The recording's meta arrived: the meta bar fills in, the player goes to `?t=` (read once, in
   * `initializePlayerFromStart`) and `loadRecordingMetaSuccess` → `setPlay()` (autoPlay), unless `?pause`.
   */
  arrive(recording: RecordingData, startSecond: number): void {
    this.recording = recording;
    const meta = playerMeta(recording, this.options.pinned);
    this.spacer = meta.spacer;
    replaceChildren(this.metaSlot, meta.bar);
    this.second = clamp(startSecond, recording.durationSeconds);
    this.measure();
    if (this.options.paused) this.render();
    else this.play();
  }

  currentSecond(): number {
    return this.second;
  }

  play(): void {
    if (!this.recording) return;
    if (this.ended) {
      this.second = 0;
      this.ended = false;
    }
    this.playing = true;
    this.restartTicker();
    this.render();
  }

  pause(): void {
    this.playing = false;
    this.stopTicker();
    this.render();
  }

  seek(seconds: number): void {
    if (!this.recording) return;
    this.second = clamp(seconds, this.recording.durationSeconds);
    this.ended = false;
    // A seek restarts PostHog's animation loop: the next step comes a full second later.
    if (this.playing) this.restartTicker();
    this.render();
  }

  setFormat(format: TimestampFormat): void {
    writeTimestampFormat(format);
    this.format = format;
    this.render();
  }

  destroy(): void {
    this.stopTicker();
    for (const timer of this.timers) window.clearTimeout(timer);
    this.resize.disconnect();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private listen(): void {
    // `useIsHovering` on the player root.
    this.element.addEventListener('mouseenter', () => {
      this.hovering = true;
      this.forceChrome = false;
      this.renderChrome();
    });
    this.element.addEventListener('mouseleave', () => {
      this.hovering = false;
      this.renderChrome();
    });
    this.timestamp.addEventListener('click', () => {
      const next = TIMESTAMP_FORMATS[(TIMESTAMP_FORMATS.indexOf(this.format) + 1) % TIMESTAMP_FORMATS.length];
      if (next) this.setFormat(next);
    });
    this.playCell.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      const attr = button?.getAttribute('data-attr');
      if (attr === 'seek-skip-backward') this.seek(this.second - JUMP_SECONDS);
      else if (attr === 'seek-skip-forward') this.seek(this.second + JUMP_SECONDS);
      else if (attr === 'recording-pause') this.pause();
      else if (attr === 'recording-play' || attr === 'recording-rewind') this.play();
    });
    this.bar.slider.addEventListener('mousedown', (event) => {
      const box = this.bar.slider.getBoundingClientRect();
      if (box.width <= 0) return;
      const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
      this.seek(Math.round(fraction * (this.recording?.durationSeconds ?? 0)));
    });
  }

  private measure(): void {
    const width = this.element.getBoundingClientRect().width;
    const size = width >= 1500 ? 'wide' : width >= 1050 ? 'medium' : 'small';
    this.element.className = `SessionRecordingPlayer SessionRecordingPlayer--${size}`;
    // `PlayerMeta` has its own 600 px breakpoint for the spacer's minimum width.
    this.spacer.className = width >= NORMAL_WIDTH ? 'flex-1 min-w-[5rem]' : 'flex-1 min-w-[1rem]';
    const small = this.row.getBoundingClientRect().width < NORMAL_WIDTH;
    if (small !== this.small) {
      this.small = small;
      this.render();
    } else {
      this.renderSeekbar();
    }
  }

  private restartTicker(): void {
    this.stopTicker();
    this.ticker = window.setInterval(() => this.tick(), 1000);
  }

  private stopTicker(): void {
    if (this.ticker !== undefined) window.clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private tick(): void {
    const duration = this.recording?.durationSeconds ?? 0;
    this.second = Math.min(this.second + 1, duration);
    if (this.second >= duration) {
      // `setEndReached`: the player pauses and offers a restart.
      this.ended = true;
      this.playing = false;
      this.stopTicker();
    }
    this.render();
  }

  private render(): void {
    const state = {
      format: this.format,
      small: this.small,
      second: this.second,
      durationSeconds: this.recording?.durationSeconds ?? 0,
      startMs: this.recording?.startMs ?? null,
      nowMs: Date.now(),
    };
    const key = timestampKey(state);
    const content = this.timestamp.querySelector('.LemonButton__content');
    if (content && key !== this.shownKey) {
      this.shownKey = key;
      replaceChildren(content, timestampLabel(state));
    }
    const action = this.playing ? 'pause' : this.ended ? 'rewind' : 'play';
    if (this.playCell.children[1]?.getAttribute('data-attr') !== `recording-${action}`) {
      replaceChildren(
        this.playCell,
        seekSkip('backward', JUMP_SECONDS),
        playPauseButton(action),
        seekSkip('forward', JUMP_SECONDS),
      );
    }
    this.renderSeekbar();
    this.renderChrome();
  }

  private renderSeekbar(): void {
    const duration = this.recording?.durationSeconds ?? 0;
    const width = this.bar.slider.getBoundingClientRect().width;
    const left = duration > 0 ? (width * this.second) / duration : 0;
    this.bar.currentbar.style.width = `${Math.max(left, 0)}px`;
    this.bar.thumb.style.transform = `translateX(${left}px)`;
  }

  private renderChrome(): void {
    const wanted = controllerClass(this.hovering || this.forceChrome);
    if (this.controller.className !== wanted) this.controller.className = wanted;
  }
}

function clamp(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(Math.max(0, Math.floor(seconds)), duration);
}
