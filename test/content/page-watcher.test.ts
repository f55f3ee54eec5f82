import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DocumentLike, type WindowLike, watchPage } from '../../lib/content/page-watcher';
import type { ElementLike } from '../../lib/content/player-time';
import type { MessageInput } from '../../lib/messaging/messages';

const BASE = 'https://us.posthog.com/project/1';

/** A page as the content script sees it: a URL, a title, a player position and the events between. */
function fakePage(url: string, title: string) {
  const win = Object.assign(new EventTarget(), { location: { href: url }, navigation: new EventTarget() });
  let playerSecond: number | undefined;
  let timestampRenamed = false;
  const clock = (second: number) =>
    `${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
  // PostHog's Relative timestamp: "00:12" "/" "05:00" in separate spans.
  const timestamp: ElementLike = {
    querySelector: () => null,
    get textContent() {
      return `${clock(playerSecond ?? 0)}/05:00`;
    },
  };
  const player: ElementLike = {
    querySelector: (selector) =>
      selector === '[data-attr="recording-timestamp"]' && !timestampRenamed ? timestamp : null,
    textContent: '',
  };
  const doc = Object.assign(new EventTarget(), {
    title,
    visibilityState: 'visible',
    head: {},
    querySelector: (selector: string) =>
      selector === '.SessionRecordingPlayer' && playerSecond !== undefined ? player : null,
  });
  const observers: Array<() => void> = [];
  return {
    win: win as WindowLike,
    doc: doc as DocumentLike,
    createObserver: (callback: () => void) => {
      observers.push(callback);
      return { observe: () => undefined, disconnect: () => observers.splice(observers.indexOf(callback), 1) };
    },
    /** What the app does on an in-app link: the URL first, the title afterwards. */
    pushState(next: string, nextTitle?: string) {
      win.navigation.dispatchEvent(new Event('navigate'));
      win.location.href = next;
      if (nextTitle !== undefined) this.retitle(nextTitle);
    },
    retitle(next: string) {
      doc.title = next;
      for (const callback of observers) callback();
    },
    setHidden(hidden: boolean) {
      doc.visibilityState = hidden ? 'hidden' : 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    setSecond(second: number | undefined) {
      playerSecond = second;
    },
    /** What a PostHog release that renames the timestamp's data-attr looks like to the reader. */
    renameTimestamp() {
      timestampRenamed = true;
    },
    observers,
  };
}

let sent: Array<Omit<MessageInput<'context/hint'>, 'url'>>;
let urls: Array<string | undefined>;
let controller: AbortController;
const send = async ({ url, ...hints }: MessageInput<'context/hint'>) => {
  urls.push(url);
  sent.push(hints);
};

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  urls = [];
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  vi.useRealTimers();
});

function start(page: ReturnType<typeof fakePage>) {
  watchPage({
    window: page.win,
    document: page.doc,
    createObserver: page.createObserver,
    send,
    signal: controller.signal,
    now: () => Date.now(),
  });
}

describe('page watcher', () => {
  it('sends the player second of the recording it starts on, never its title (the session id)', () => {
    const page = fakePage(`${BASE}/replay/aaaa`, 'aaaa • Replay • PostHog');
    page.setSecond(12);
    start(page);
    expect(sent).toEqual([{ currentSecond: 12 }]);
  });

  it('follows an in-app navigation and the title the app sets after it', async () => {
    const page = fakePage(`${BASE}/replay/playlists/Abc123`, 'Checkout bugs • Collections • PostHog');
    start(page);
    page.pushState(`${BASE}/dashboard/7`, '... • Dashboards • PostHog');
    await vi.advanceTimersByTimeAsync(150);
    page.retitle('Product KPIs • Dashboards • PostHog');
    await vi.advanceTimersByTimeAsync(150);
    expect(sent).toEqual([{ title: 'Checkout bugs' }, { title: 'Product KPIs' }]);
    expect(urls).toEqual([`${BASE}/replay/playlists/Abc123`, `${BASE}/dashboard/7`]);
  });

  it('notices a hash change and a title change without any navigation event', async () => {
    const page = fakePage(`${BASE}/dashboard/7`, 'PostHog');
    start(page);
    page.retitle('Product KPIs • Dashboards • PostHog');
    await vi.advanceTimersByTimeAsync(150);
    page.win.location.href = `${BASE}/dashboard/7#sessionRecordingId=aaaa`;
    page.setSecond(3);
    page.win.dispatchEvent(new Event('hashchange'));
    await vi.advanceTimersByTimeAsync(150);
    expect(sent).toEqual([{ title: 'Product KPIs' }, { currentSecond: 3 }]);
  });

  it('polls the player while the tab is visible and stops while it is hidden', async () => {
    const page = fakePage(`${BASE}/replay/aaaa`, 'PostHog');
    page.setSecond(0);
    start(page);
    page.setSecond(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.at(-1)).toEqual({ currentSecond: 1 });
    page.setHidden(true);
    page.setSecond(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.at(-1)).toEqual({ currentSecond: 1 });
    page.setHidden(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(sent.at(-1)).toEqual({ currentSecond: 2 });
  });

  it('catches a pushState it was not told about on the next poll', async () => {
    const page = fakePage(`${BASE}/replay/aaaa`, 'Checkout flow • Recording • PostHog');
    start(page);
    page.win.location.href = `${BASE}/replay/bbbb`;
    page.setSecond(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.at(-1)).toEqual({ currentSecond: 0 });
  });

  it("lets a recording URL's t stand until the page has had time to show a player, then says unknown", async () => {
    const page = fakePage(`${BASE}/replay/aaaa?t=30`, 'aaaa • Replay • PostHog');
    start(page);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toEqual([{ currentSecond: null }]);
    page.setSecond(31);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.at(-1)).toEqual({ currentSecond: 31 });
  });

  it('says the time is unknown on the next look once the timestamp it read is gone', async () => {
    const page = fakePage(`${BASE}/replay/aaaa?t=30`, 'aaaa • Replay • PostHog');
    page.setSecond(30);
    start(page);
    expect(sent).toEqual([{ currentSecond: 30 }]);
    page.renameTimestamp();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([{ currentSecond: 30 }, { currentSecond: null }]);
  });

  it('stops listening, polling and observing once the content script is invalidated', async () => {
    const page = fakePage(`${BASE}/replay/aaaa`, 'PostHog');
    start(page);
    controller.abort();
    expect(page.observers).toHaveLength(0);
    page.setSecond(5);
    page.retitle('Checkout flow • Recording • PostHog');
    page.win.dispatchEvent(new Event('popstate'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([]);
  });

  it('keeps going when the background refuses a hint', async () => {
    const page = fakePage(`${BASE}/replay/aaaa`, 'PostHog');
    const refusing = vi.fn(async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    page.setSecond(1);
    watchPage({ window: page.win, document: page.doc, send: refusing, signal: controller.signal });
    page.setSecond(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(refusing).toHaveBeenCalledTimes(2);
  });
});
