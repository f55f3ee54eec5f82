import { computed, signal } from '@preact/signals';
import type { SendMessage, Status } from '../messaging/messages';
import type { OpenedAsk, PersonMatch, PersonRecording } from '../messaging/person-messages';
import { type SerializedError, serializeError } from '../platform/errors';
import { t, tCount } from '../platform/i18n';
import { recordingLink } from '../posthog/links';
import { isPersonAskId, type PersonAsk } from '../posthog/person-asks';
import type { CopyStore } from './share-copy';

/**
 * `blocked`: the key lacks a scope (known from the key check, nothing sent); `no-ask`: opened without
 * one; `gone`: opened for an ask no longer kept (the browser restarted, or 20 newer asks); `none`: nobody
 * matched; `choose`: several did; `person`: one is shown with their recordings.
 */
export type PersonPagePhase =
  | 'loading'
  | 'setup'
  | 'blocked'
  | 'no-ask'
  | 'gone'
  | 'none'
  | 'choose'
  | 'person'
  | 'error';

type RecordingsFrom = { after: string } | { offset: number };

export interface PersonPageDeps {
  send: SendMessage;
  copy: CopyStore;
  /**
   * The id of the ask the page was opened for (`persons.html?ask=<id>`), kept by the background in
   * `storage.session`: the address never says who is looked for.
   */
  askId: string | null;
  /** Opens the page for another ask, kept under this id (the page's own field). */
  openAsk: (askId: string) => void;
  /** Opens a PostHog page in a new tab. */
  openTab: (url: string) => Promise<void>;
  openOptions: () => Promise<void>;
  now?: () => number;
}

/** A failure, with when to try again where PostHog said how long to wait. */
export interface PageFailure {
  error: SerializedError;
  /** ms since the epoch; set after a 429 that named its wait. */
  retryAt: number | null;
}

/**
 * The person page: who the ask found (several → choose; none → one sentence saying what was searched
 * where), then their recordings of the last 30 days, 20 at a time. Keyboard first: the active row moves
 * with ↑ ↓; Enter opens it in PostHog, A adds it, C copies its link, Space selects it for an add of several.
 */
export function createPersonPageStore(deps: PersonPageDeps) {
  const { send } = deps;
  const now = deps.now ?? Date.now;
  const phase = signal<PersonPagePhase>('loading');
  const opened = signal<OpenedAsk | null>(null);
  const status = signal<Status | null>(null);
  const blockedBy = signal<string | null>(null);
  const failure = signal<PageFailure | null>(null);
  const where = signal<{ origin: string; projectId: number } | null>(null);
  const persons = signal<PersonMatch[]>([]);
  /** The persons were found by their email ignoring case: no one's was the one asked, exactly. */
  const foundAnyCase = signal(false);
  const person = signal<PersonMatch | null>(null);
  const recordings = signal<PersonRecording[]>([]);
  const next = signal<RecordingsFrom | null>(null);
  const destination = signal<string | null>(null);
  const listing = signal(false);
  const listFailure = signal<PageFailure | null>(null);
  const active = signal(0);
  const selected = signal<ReadonlySet<string>>(new Set());
  const adding = signal<ReadonlySet<string>>(new Set());
  const notice = signal<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const failureOf = (thrown: unknown): PageFailure => {
    const error = serializeError(thrown);
    const wait = error.kind === 'rate-limited' ? error.retryAfterSeconds : undefined;
    return { error, retryAt: wait === undefined ? null : now() + wait * 1000 };
  };

  /** Where the recordings are: the project's name when it is the configured one, and the host. */
  const place = computed(() => {
    const current = where.value;
    const configured = status.value;
    if (!current) return '';
    const host = URL.canParse(current.origin) ? new URL(current.origin).host : current.origin;
    const project =
      configured?.projectId === current.projectId && configured.projectName
        ? configured.projectName
        : t('projectUnnamed', current.projectId);
    return t('personsWhere', project, host);
  });

  const linkOf = (recordingId: string): string =>
    recordingLink({
      origin: where.value?.origin ?? '',
      projectId: where.value?.projectId ?? null,
      recordingId,
    });

  async function loadRecordings(from?: RecordingsFrom): Promise<void> {
    const current = person.value;
    const scope = where.value;
    if (!current || !scope || listing.value) return;
    listing.value = true;
    listFailure.value = null;
    try {
      const page = await send('persons/recordings', {
        projectId: scope.projectId,
        personUuid: current.uuid,
        ...(from ? { from } : {}),
      });
      if (person.value !== current) return;
      const known = new Set(from ? recordings.value.map((recording) => recording.id) : []);
      const fresh = page.recordings.filter((recording) => !known.has(recording.id));
      recordings.value = from ? [...recordings.value, ...fresh] : fresh;
      next.value = page.next;
      if (page.lastUsedName !== undefined) destination.value = page.lastUsedName;
    } catch (thrown) {
      listFailure.value = failureOf(thrown);
    } finally {
      listing.value = false;
    }
  }

  function show(chosen: PersonMatch): void {
    person.value = chosen;
    recordings.value = [];
    next.value = null;
    selected.value = new Set();
    active.value = 0;
    phase.value = 'person';
    void loadRecordings();
  }

  async function keptAsk(askId: string): Promise<OpenedAsk | null> {
    // Not an id Hogmark makes: nothing to ask the background for.
    if (!isPersonAskId(askId)) return null;
    return (await send('persons/kept-ask', { askId })).opened;
  }

  async function load(): Promise<void> {
    phase.value = 'loading';
    failure.value = null;
    try {
      const current = await send('status/get', {});
      status.value = current;
      if (!current.configured) {
        phase.value = 'setup';
        return;
      }
      const capability = current.capabilities?.personRecordings;
      if (capability && !capability.ok) {
        // Known from the key check: no request that can only be refused.
        blockedBy.value = capability.fix ?? t('errorMissingScope', capability.missingScope ?? 'person:read');
        phase.value = 'blocked';
        return;
      }
      if (deps.askId === null) {
        phase.value = 'no-ask';
        return;
      }
      const ask = opened.value ?? (await keptAsk(deps.askId));
      if (!ask) {
        phase.value = 'gone';
        return;
      }
      opened.value = ask;
      const found = await send('persons/find', {
        ask: ask.ask,
        ...(ask.projectId === undefined ? {} : { projectId: ask.projectId }),
      });
      where.value = { origin: found.origin, projectId: found.projectId };
      foundAnyCase.value = found.matchedBy === 'email-any-case';
      persons.value = found.persons;
      const [only] = found.persons;
      if (found.persons.length === 1 && only) show(only);
      else phase.value = found.persons.length === 0 ? 'none' : 'choose';
    } catch (thrown) {
      failure.value = failureOf(thrown);
      phase.value = 'error';
    }
  }

  const recordingAt = (position: number) => recordings.value[position] ?? null;

  async function add(recordingIds: readonly string[], choose = false): Promise<void> {
    const scope = where.value;
    if (!scope || recordingIds.length === 0) return;
    const ids = recordingIds.filter((id) => !adding.value.has(id));
    if (ids.length === 0) return;
    adding.value = new Set([...adding.value, ...ids]);
    notice.value = null;
    try {
      const result = await send('persons/add', {
        projectId: scope.projectId,
        recordingIds: ids,
        ...(choose ? { choose: true } : {}),
      });
      notice.value = { kind: result.outcome === 'failed' ? 'error' : 'ok', text: result.message };
      if (result.lastUsedName !== undefined) destination.value = result.lastUsedName;
      if (result.outcome === 'done' || result.outcome === 'same') {
        selected.value = new Set([...selected.value].filter((id) => !ids.includes(id)));
      }
    } catch (thrown) {
      notice.value = { kind: 'error', text: serializeError(thrown).message };
    } finally {
      const left = new Set(adding.value);
      for (const id of ids) left.delete(id);
      adding.value = left;
    }
  }

  return {
    phase,
    status,
    /** Where A adds: the last-used collection's name; null before one was used. */
    destination,
    blockedBy,
    failure,
    where,
    place,
    ask: computed(() => opened.value?.ask ?? null),
    persons,
    foundAnyCase,
    person,
    recordings,
    hasMore: computed(() => next.value !== null),
    listing,
    listFailure,
    active,
    selected,
    adding,
    notice,
    load,
    openOptions: () => deps.openOptions(),
    /** The page's field: the ask is kept by the background, and the page opens for its id. */
    async find(ask: PersonAsk): Promise<void> {
      notice.value = null;
      try {
        deps.openAsk((await send('persons/keep-ask', { ask })).askId);
      } catch (thrown) {
        notice.value = { kind: 'error', text: serializeError(thrown).message };
      }
    },
    choosePerson: show,
    /** Back to the persons that matched, when there were several. */
    backToPersons(): void {
      if (persons.value.length > 1) {
        person.value = null;
        phase.value = 'choose';
      }
    },
    more: () => (next.value ? loadRecordings(next.value) : Promise.resolve()),
    retryList: () => loadRecordings(recordings.value.length > 0 && next.value ? next.value : undefined),
    linkOf,
    setActive(position: number): void {
      active.value = Math.max(0, Math.min(recordings.value.length - 1, position));
    },
    move(delta: number): void {
      active.value = Math.max(0, Math.min(recordings.value.length - 1, active.value + delta));
    },
    toggle(recordingId: string): void {
      const next = new Set(selected.value);
      if (next.has(recordingId)) next.delete(recordingId);
      else next.add(recordingId);
      selected.value = next;
    },
    clearSelection(): void {
      selected.value = new Set();
    },
    /** A: the recording to the last-used collection (the picker when none was used yet). */
    add: (recordingId: string) => add([recordingId]),
    /** The picker for one recording. */
    choose: (recordingId: string) => add([recordingId], true),
    /** The selected recordings at once (PostHog's `bulk_add` where it has one). */
    addSelected: () =>
      add(recordings.value.filter((recording) => selected.value.has(recording.id)).map((r) => r.id)),
    copyLink: (recordingId: string) => deps.copy.copy(linkOf(recordingId), t('copiedRecordingLink')),
    open: (recordingId: string) => deps.openTab(linkOf(recordingId)),
    recordingAt,
    /** "Try again at 10:42:05" after PostHog said how long to wait; else the error's own sentence. */
    retryText(failed: PageFailure): string | null {
      if (failed.retryAt === null) return null;
      const at = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(failed.retryAt);
      return t('personsRetryAt', at);
    },
    countLine: computed(() => tCount('personsShown', recordings.value.length)),
  };
}
export type PersonPageStore = ReturnType<typeof createPersonPageStore>;
