import { computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import type { Membership } from '../messaging/collection-entries';
import { type Holding, holdingOf } from '../messaging/collection-holding';
import type { CollectionList } from '../messaging/collection-messages';
import type { PopupOpen, SendMessage } from '../messaging/messages';
import { sameRecording } from '../messaging/picker-recording';
import { type SerializedError, serializeError } from '../platform/errors';
import { t } from '../platform/i18n';
import { recordingLink } from '../posthog/links';
import { CREATE_OPTION, createCollectionChanges, type PickerTarget } from './collection-changes';
import {
  filterRows,
  moveSelection,
  orderCollections,
  type PickerRow,
  type PickerScope,
  toRows,
  WINDOW_SIZE,
} from './collection-picker-model';
import { afterNextPaint } from './first-draw';
import { createPickerNote } from './picker-note';

export type { Failure, Notice, PickerTarget } from './collection-changes';
export type { PickerScope };
export { CREATE_OPTION };

export interface PickerOption {
  id: string;
  row: PickerRow | null;
  enabled: boolean;
  holding: Holding;
  /** The collection "add to the last-used" goes to (the shortcut, the in-page button, the link menu). */
  lastUsed: boolean;
}

const EMPTY_MEMBERSHIP: Membership = { complete: false, holds: [], lacks: [] };

/**
 * The popup's "add this recording to a playlist": list (cache first, then revalidated), filter,
 * keyboard selection, add/remove/undo/create with one request per (collection, recording) in flight.
 */
export function createCollectionPickerStore(deps: {
  send: SendMessage;
  scope: ReadonlySignal<PickerScope | null>;
  /** The second the tab's player shows for `recordingId`, where a note goes (else where the user types). */
  playerSecond?: ReadonlySignal<{ recordingId: string; second: number } | null>;
  /** The tab the popup is over, or the picker window was opened from. */
  askedFrom?: () => Promise<number | undefined>;
}) {
  const { send } = deps;
  const pick = signal<{ projectId: number; recordingId: string } | null>(null);
  const target = computed<PickerTarget | null>(() => {
    const scope = deps.scope.value;
    const recording = pick.value ?? scope?.recording;
    return scope && recording ? { origin: scope.origin, ...recording } : null;
  });
  const phase = signal<'idle' | 'loading' | 'ready' | 'error'>('idle');
  const listError = signal<SerializedError | null>(null);
  const refreshing = signal(false);
  const projectId = signal<number | null>(null);
  const rows = signal<PickerRow[]>([]);
  const membership = signal<Membership>(EMPTY_MEMBERSHIP);
  const query = signal('');
  const selected = signal<string | null>(null);
  const lastUsed = signal<string | undefined>(undefined);
  /** A note to write with the next add, at the player's second or the one typed. */
  const note = createPickerNote<{ id: string; query: string }>({
    recordingId: computed(() => target.value?.recordingId),
    ...(deps.playerSecond ? { playerSecond: deps.playerSecond } : {}),
  });

  const filtered = computed(() => filterRows(rows.value, query.value, WINDOW_SIZE));
  const options = computed<PickerOption[]>(() => {
    const list: PickerOption[] = filtered.value.shown.map((row) => ({
      id: row.entry.shortId,
      row,
      enabled: row.enabled,
      holding: holdingOf(membership.value, row.entry.shortId),
      lastUsed: row.entry.shortId === lastUsed.value,
    }));
    if (query.value.trim() !== '' && !filtered.value.exact) {
      list.push({ id: CREATE_OPTION, row: null, enabled: true, holding: 'unknown', lastUsed: false });
    }
    return list;
  });
  /** Where "Open in PostHog" goes when PostHog needs a signed-in tab. */
  const postHogUrl = computed(() => {
    const current = target.value;
    return current
      ? recordingLink({
          origin: current.origin,
          projectId: projectId.value,
          recordingId: current.recordingId,
        })
      : null;
  });
  const hiddenCount = computed(() => filtered.value.total - filtered.value.shown.length);

  const nameOf = (shortId: string, fallback = '') =>
    rows.value.find((row) => row.entry.shortId === shortId)?.entry.name || fallback || t('playlistUntitled');

  function keepSelection(): void {
    const current = options.value.find((option) => option.id === selected.value);
    if (!current?.enabled) selected.value = moveSelection(options.value, null, 1);
  }

  function apply(list: CollectionList): void {
    projectId.value = list.projectId;
    lastUsed.value = list.lastUsed;
    rows.value = toRows(orderCollections(list.playlists, list), t('playlistUntitled'));
    if (list.membership) membership.value = list.membership;
    keepSelection();
  }

  const changes = createCollectionChanges({
    send,
    target,
    projectId,
    membership,
    nameOf,
    reload: () => load(true),
    ...(deps.askedFrom ? { askedFrom: deps.askedFrom } : {}),
    onCreated(created) {
      rows.value = [
        ...toRows([created], t('playlistUntitled')),
        ...rows.value.filter((row) => row.entry.shortId !== created.shortId),
      ];
      query.value = '';
      selected.value = created.shortId;
    },
  });
  const { notice, failure } = changes;

  let opened: PopupOpen['playlists'] = null;
  /** The list `popup/open` answered, once, and only for the recording it was read for. */
  function takeOpened(current: PickerTarget): CollectionList | null {
    const answer = opened;
    opened = null;
    const recording = { recordingId: current.recordingId, projectId: current.projectId };
    return answer && sameRecording(answer.recording, recording) ? answer.list : null;
  }

  let loadNumber = 0;
  /** Paints the cached list, then revalidates; `force` refetches even a list fetched just now. */
  async function load(force = false): Promise<void> {
    const current = target.value;
    const load = ++loadNumber;
    if (!current) {
      phase.value = 'idle';
      return;
    }
    const input = {
      ...(current.projectId === undefined ? {} : { projectId: current.projectId }),
      recordingId: current.recordingId,
    };
    listError.value = null;
    failure.value = null;
    try {
      // `popup/open` brought the cached list of this recording: the first paint needs no message.
      const cached = takeOpened(current) ?? (await send('playlists/list', { ...input, source: 'cache' }));
      if (load !== loadNumber) return;
      const warm = cached.fetchedAt !== null;
      if (warm) {
        apply(cached);
        phase.value = 'ready';
      } else {
        phase.value = 'loading';
        projectId.value = cached.projectId;
      }
      refreshing.value = true;
      if (warm) {
        // A warm popup paints its cached list before it asks PostHog anything.
        await afterNextPaint();
        if (load !== loadNumber) return;
      }
      const fresh = await send('playlists/list', { ...input, source: force ? 'server' : 'fresh' });
      if (load !== loadNumber) return;
      apply(fresh);
      phase.value = 'ready';
    } catch (error) {
      if (load !== loadNumber) return;
      listError.value = serializeError(error);
      // A cached list stays usable; without one there is nothing to pick from.
      if (phase.value !== 'ready') phase.value = 'error';
    } finally {
      if (load === loadNumber) refreshing.value = false;
    }
  }

  /**
   * Enter or a click on an option (or on "Create …"): while the note field holds text, the note goes
   * with the add, at the player's second or the one typed; with no second, nothing is sent yet: the
   * note field asks for the time, and the add goes if the player shows its second first. Adding where it already is says so and sends nothing, unless there
   * is a note to write.
   */
  async function choose(id: string | null = selected.value): Promise<void> {
    if (id === null) return;
    const option = id === CREATE_OPTION ? null : options.value.find((item) => item.id === id);
    if (id !== CREATE_OPTION && !option?.enabled) return;
    const written = note.toSend({ id, query: query.value });
    if (written === 'no-time') return;
    let sent: boolean;
    if (id === CREATE_OPTION) sent = await changes.createAndAdd(query.value, written);
    else {
      selected.value = id;
      if (option?.holding === 'in' && !written) return changes.already(id);
      sent = await changes.change('add', id, written);
    }
    // An add makes its collection the last used, as the background keeps it.
    if (sent && notice.value?.kind === 'added') lastUsed.value = notice.value.shortId;
    // Written (or at least sent with the add): the field is cleared; on a failure it keeps the text.
    if (sent && written && notice.value?.note?.saved) note.clear();
  }

  /**
   * Once the popup's `popup/open` is answered, before the popup turns ready: a recording the context
   * menu asked for, the last action, and the cached list the first load paints from.
   */
  function open(answer: Pick<PopupOpen, 'session' | 'playlists'>): void {
    const { pick: picked, lastAction } = answer.session;
    opened = answer.playlists;
    if (picked) pick.value = picked;
    if (lastAction && !notice.value) {
      const { shortId, playlistName, change: kind, via, id } = lastAction;
      notice.value = { kind, shortId, name: playlistName || t('playlistUntitled'), via, actionId: id };
    }
  }

  // A new collection's name is the search: it goes only with the name the user asked for.
  const resume = note.resumeOnceTimed((add) => {
    if (add.id !== CREATE_OPTION || add.query === query.value) void choose(add.id);
  });

  let lastKey = '';
  const stop = effect(() => {
    const current = target.value;
    const key = current ? `${current.origin}|${current.projectId ?? ''}|${current.recordingId}` : '';
    if (key === lastKey) return;
    lastKey = key;
    note.forgetTime();
    void load();
  });

  return {
    target,
    phase,
    listError,
    refreshing,
    query,
    selected,
    options,
    hiddenCount,
    postHogUrl,
    membership,
    note,
    busy: changes.busy,
    notice,
    failure,
    waiting: changes.waiting,
    open,
    reload: () => load(true),
    choose,
    remove: (shortId: string) => changes.change('remove', shortId),
    undo: changes.undo,
    discardPending: changes.discardPending,
    /** What Enter (or a click) does to the active row: add, or add with the note the field holds. */
    action: computed(() => (note.text.value.trim() === '' ? 'add' : 'add-with-note')),
    setQuery(value: string): void {
      // A new search is a new task: the notice of an earlier action no longer offers its Undo.
      const shown = notice.value;
      if (value !== query.value && shown?.actionId) {
        const { actionId: _spent, ...rest } = shown;
        notice.value = rest;
      }
      query.value = value;
      selected.value = moveSelection(options.value, null, 1);
    },
    move(delta: number): void {
      selected.value = moveSelection(options.value, selected.value, delta);
    },
    dismiss(): void {
      failure.value = null;
    },
    dispose(): void {
      stop();
      resume();
    },
  };
}
export type CollectionPickerStore = ReturnType<typeof createCollectionPickerStore>;
