import { computed, signal } from '@preact/signals';
import type { SendMessage } from '../messaging/messages';
import type { SiteLook, SiteRecording } from '../messaging/site-messages';
import { type SerializedError, serializeError } from '../platform/errors';
import { t, tCount } from '../platform/i18n';
import { formatClock } from '../posthog/context-labels';
import { recordingLink } from '../posthog/links';
import { type PageRange, type RecordedWithin, sessionNowUrl } from '../posthog/visited-page';
import type { CopyStore } from './share-copy';

type RecordingsFrom = { after: string } | { offset: number };

export interface SiteRecordingsDeps {
  send: SendMessage;
  copy: CopyStore;
  /** The tab the popup is over: the background reads its address and storage, never the view. */
  tabId: number;
  /** Opens a PostHog page in a new tab. */
  openTab: (url: string) => Promise<void>;
  now?: () => number;
}

/** A failure, with when to try again where PostHog said how long to wait. */
export interface SiteFailure {
  error: SerializedError;
  retryAt: number | null;
}

type Found = Extract<SiteLook, { kind: 'found' }>;

/**
 * "Recorded here": what the tab's site is (`site/look`, asked once per open), the recordings that
 * visited its page (`site/recordings`, 20 at a time; this page or this path and below; 7 or 30 days),
 * adding one, and the user's own session now. Keyboard first: ↑ ↓ move the active row, Enter opens
 * it, A adds it, C copies its link.
 */
export function createSiteRecordingsStore(deps: SiteRecordingsDeps) {
  const { send, tabId } = deps;
  const now = deps.now ?? Date.now;
  const look = signal<SiteLook | null>(null);
  const lookFailure = signal<SiteFailure | null>(null);
  const range = signal<PageRange>('page');
  const days = signal<RecordedWithin>(7);
  const recordings = signal<SiteRecording[]>([]);
  const next = signal<RecordingsFrom | null>(null);
  const openAll = signal<string | null>(null);
  const lastUsedName = signal<string | null>(null);
  const listing = signal(false);
  const listFailure = signal<SiteFailure | null>(null);
  const active = signal(0);
  const adding = signal<ReadonlySet<string>>(new Set());
  const notice = signal<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const note = signal('');
  /** Which list the rows are of: an answer to an older ask is dropped. */
  let asked = 0;

  const found = computed<Found | null>(() => (look.value?.kind === 'found' ? look.value : null));
  const failureOf = (thrown: unknown): SiteFailure => {
    const error = serializeError(thrown);
    const wait = error.kind === 'rate-limited' ? error.retryAfterSeconds : undefined;
    return { error, retryAt: wait === undefined ? null : now() + wait * 1000 };
  };

  async function load(from?: RecordingsFrom): Promise<void> {
    const place = found.value;
    if (!place) return;
    const ask = from ? asked : ++asked;
    listing.value = true;
    listFailure.value = null;
    if (!from) {
      recordings.value = [];
      next.value = null;
      active.value = 0;
    }
    try {
      const page = await send('site/recordings', {
        tabId,
        projectId: place.project.id,
        range: range.value,
        days: days.value,
        ...(from ? { from } : {}),
      });
      if (ask !== asked) return;
      const known = new Set(from ? recordings.value.map((row) => row.id) : []);
      recordings.value = [
        ...(from ? recordings.value : []),
        ...page.recordings.filter((row) => !known.has(row.id)),
      ];
      next.value = page.next;
      openAll.value = page.openAllUrl;
      lastUsedName.value = page.lastUsedName;
    } catch (thrown) {
      if (ask === asked) listFailure.value = failureOf(thrown);
    } finally {
      if (ask === asked) listing.value = false;
    }
  }

  async function showLook(answer: Promise<SiteLook>): Promise<void> {
    lookFailure.value = null;
    try {
      look.value = await answer;
      if (look.value.kind === 'found') await load();
    } catch (thrown) {
      lookFailure.value = failureOf(thrown);
    }
  }

  const linkOf = (recordingId: string): string => {
    const place = found.value;
    return place ? recordingLink({ origin: place.origin, projectId: place.project.id, recordingId }) : '';
  };

  async function add(recordingId: string, options: { choose?: boolean; withNote?: boolean } = {}) {
    const place = found.value;
    if (!place || adding.value.has(recordingId)) return;
    adding.value = new Set([...adding.value, recordingId]);
    notice.value = null;
    const session = place.session;
    const text = note.value.trim();
    const second =
      options.withNote && session
        ? sessionNowUrl(place.origin, place.project.id, session, now()).second
        : null;
    try {
      const result = await send('site/add', {
        projectId: place.project.id,
        recordingId,
        ...(options.choose ? { choose: true } : {}),
        ...(second !== null && session && text
          ? { note: { text, second, startedAt: new Date(session.startMs).toISOString() } }
          : {}),
      });
      notice.value = { kind: result.outcome === 'failed' ? 'error' : 'ok', text: result.message };
      if (second !== null && result.outcome === 'done') note.value = '';
    } catch (thrown) {
      notice.value = { kind: 'error', text: serializeError(thrown).message };
    } finally {
      const left = new Set(adding.value);
      left.delete(recordingId);
      adding.value = left;
    }
  }

  return {
    look,
    lookFailure,
    found,
    range,
    days,
    recordings,
    listing,
    listFailure,
    openAll,
    lastUsedName,
    active,
    adding,
    notice,
    note,
    hasMore: computed(() => next.value !== null),
    /** "20+" where PostHog has more: it never counts them. */
    countLine: computed(() =>
      next.value !== null
        ? t('siteCountMore', recordings.value.length)
        : tCount('siteCount', recordings.value.length),
    ),
    /** The user's own session in the list, marked "You". */
    isMine: (recordingId: string) => found.value?.session?.id === recordingId,
    linkOf,
    /** Asks once what the tab's site is, then its recordings. */
    start: () => showLook(send('site/look', { tabId })),
    choose: (projectId: number | null) => showLook(send('site/choose', { tabId, projectId })),
    setRange(value: PageRange): Promise<void> {
      if (range.value === value) return Promise.resolve();
      range.value = value;
      return load();
    },
    setDays(value: RecordedWithin): Promise<void> {
      if (days.value === value) return Promise.resolve();
      days.value = value;
      return load();
    },
    more: () => (next.value && !listing.value ? load(next.value) : Promise.resolve()),
    retry: () => (found.value ? load() : showLook(send('site/look', { tabId }))),
    move(step: 1 | -1): void {
      const last = recordings.value.length - 1;
      active.value = Math.min(Math.max(active.value + step, 0), Math.max(last, 0));
    },
    setActive: (position: number) => {
      active.value = position;
    },
    add: (recordingId: string) => add(recordingId),
    chooseCollection: (recordingId: string) => add(recordingId, { choose: true }),
    copyLink: (recordingId: string) => deps.copy.copy(linkOf(recordingId), t('copiedRecordingLink')),
    open: (recordingId: string) => deps.openTab(linkOf(recordingId)),
    /** The user's session at ten seconds before now, with the numeric project id. */
    async copySessionNow(): Promise<void> {
      const place = found.value;
      if (!place?.session) return;
      const link = sessionNowUrl(place.origin, place.project.id, place.session, now());
      await deps.copy.copy(link.url, t('siteCopiedNow', formatClock(link.second)));
    },
    addSession: () =>
      found.value?.session ? add(found.value.session.id, { withNote: true }) : Promise.resolve(),
    retryText(failed: SiteFailure): string | null {
      if (failed.retryAt === null) return null;
      const at = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(failed.retryAt);
      return t('personsRetryAt', at);
    },
  };
}
export type SiteRecordingsStore = ReturnType<typeof createSiteRecordingsStore>;
