import { computed } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { CollectionEntry } from '../lib/messaging/collection-entries';
import { t, tCount } from '../lib/platform/i18n';
import {
  type CollectionPickerStore,
  CREATE_OPTION,
  type PickerOption,
} from '../lib/stores/collection-picker';
import { CollectionNotice } from './collection-notice';
import { ErrorNotice } from './error-notice';
import { NoteField } from './note-field';

const optionDomId = (index: number) => `playlist-option-${index}`;

function OptionRow(props: {
  option: PickerOption;
  index: number;
  selected: boolean;
  busy: boolean;
  query: string;
  /** What Enter does to this row, shown on the active row only. */
  action: 'add' | 'add-with-note';
}) {
  const { option, selected, busy } = props;
  // The active row says what Enter (or a click) will do; inside the option, so it is in its name.
  const action =
    selected && option.enabled && !busy && (option.holding !== 'in' || props.action === 'add-with-note')
      ? t(props.action === 'add' ? 'playlistActionAdd' : 'playlistActionAddWithNote')
      : '';
  const entry = option.row?.entry;
  const status = busy
    ? t('playlistWorking')
    : !option.enabled && entry
      ? t(entry.kind === 'filters' ? 'playlistIsSavedFilterShort' : 'playlistIsSyntheticShort')
      : option.holding === 'in'
        ? t('playlistHolds')
        : '';
  return (
    <div
      id={optionDomId(props.index)}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      aria-disabled={!option.enabled}
      class={`playlist-option${selected ? ' is-selected' : ''}${option.holding === 'in' ? ' is-member' : ''}`}
    >
      <span class="playlist-option-name">
        {entry ? entry.name || t('playlistUntitled') : t('playlistCreate', props.query.trim())}
      </span>
      {option.lastUsed ? <span class="playlist-badge">{t('playlistLastUsed')}</span> : null}
      {entry?.pinned ? <span class="playlist-badge">{t('playlistPinned')}</span> : null}
      {status ? <span class="playlist-option-status">{status}</span> : null}
      {action ? <span class="playlist-option-action">{action}</span> : null}
    </div>
  );
}

/** The collection of an option that can be copied as a review doc (one that holds recordings). */
const copyableEntry = (option: PickerOption | undefined): CollectionEntry | null =>
  option?.row?.entry.kind === 'collection' ? option.row.entry : null;

/**
 * "Copy “Checkout bugs” as Markdown (Alt+Enter)" for the selected collection: a button of its own
 * under the list (a control inside an option would nest interactive elements, and a click meant for
 * the row could land on it).
 */
function CopySelected(props: {
  store: CollectionPickerStore;
  onCopyMarkdown?: (entry: CollectionEntry) => void;
}) {
  const entry = copyableEntry(
    props.store.options.value.find((option) => option.id === props.store.selected.value),
  );
  const copy = props.onCopyMarkdown;
  if (!entry || !copy) return null;
  return (
    <button type="button" class="playlist-copy-markdown" onClick={() => copy(entry)}>
      {t('reviewDocCopySelected', entry.name || t('playlistUntitled'))}
    </button>
  );
}

const selectedIndexOf = (store: CollectionPickerStore) =>
  store.options.value.findIndex((option) => option.id === store.selected.value);

/**
 * The options, read here and not in the picker, so a keystroke renders the list alone. Rows are keyed
 * by position, so new matches patch the rows in place; a row holds no state of its own (and never
 * the focus, which stays in the search box), so nothing of one collection shows on the next.
 */
function CollectionOptions(props: {
  store: CollectionPickerStore;
  onKeyDown: (event: KeyboardEvent) => void;
  onCopyMarkdown?: (entry: CollectionEntry) => void;
}) {
  const { store } = props;
  const options = store.options.value;
  const selected = store.selected.value;
  const busy = store.busy.value;
  const query = store.query.value;
  const action = store.action.value;
  const selectedIndex = selectedIndexOf(store);
  useEffect(() => {
    if (selectedIndex >= 0)
      document.getElementById(optionDomId(selectedIndex))?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);

  const onListClick = (event: MouseEvent) => {
    const item = (event.target as Element).closest('[role="option"]');
    const index = item ? Number(item.id.replace('playlist-option-', '')) : -1;
    const option = options[index];
    if (option?.enabled) void store.choose(option.id);
  };
  const hidden = store.hiddenCount.value;
  return (
    <>
      {store.phase.value === 'ready' && options.length === 0 ? (
        <p class="muted">{t('playlistNone')}</p>
      ) : null}
      {/* Clicks are on the list so 10,000 rows never mean 10,000 handlers; mousedown keeps focus in the input. */}
      <div
        id="playlist-options"
        class="playlist-options"
        role="listbox"
        aria-label={t('playlistListLabel')}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onListClick}
        onKeyDown={props.onKeyDown}
      >
        {options.map((option, index) => (
          <OptionRow
            key={index}
            option={option}
            index={index}
            selected={option.id === selected}
            busy={busy.has(option.id === CREATE_OPTION ? CREATE_OPTION : option.id)}
            query={query}
            action={action}
          />
        ))}
      </div>
      {hidden > 0 ? <p class="muted playlist-more">{tCount('playlistMore', hidden)}</p> : null}
    </>
  );
}

/** The popup's collection picker: an ARIA combobox over a listbox of collections (keyboard first). */
export function CollectionPicker(props: {
  store: CollectionPickerStore;
  /** Alt+Enter on a collection: copy it as a review doc. */
  onCopyMarkdown?: (entry: CollectionEntry) => void;
}) {
  const { store } = props;
  const target = store.target.value;
  const phase = store.phase.value;
  const busy = store.busy.value;
  const notice = store.notice.value;
  // Bound to the input as signals: typing changes them without rendering the picker.
  const activeDescendant = useMemo(
    () =>
      computed(() => {
        const index = selectedIndexOf(store);
        return index >= 0 ? optionDomId(index) : undefined;
      }),
    [store],
  );

  const input = useRef<HTMLInputElement>(null);
  const hasTarget = target !== null;
  // Typing works as soon as the popup opens: the search box takes the focus once there is a recording.
  useEffect(() => {
    if (hasTarget) input.current?.focus();
  }, [hasTarget]);

  const noticeView = (
    <CollectionNotice
      notice={notice}
      failure={store.failure.value}
      waiting={store.waiting.value}
      busy={notice ? busy.has(notice.shortId) : false}
      postHogUrl={store.postHogUrl.value}
      onUndo={() => void store.undo()}
      onRemove={(shortId) => void store.remove(shortId)}
      onDiscard={() => void store.discardPending()}
    />
  );
  // Not on a recording: the last action only when it was made from this page (a recording link's
  // menu; the background decides), so it can be undone where it was made.
  if (!target) return notice ? <section class="playlist-picker">{noticeView}</section> : null;

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    const delta = moves[event.key];
    if (delta !== undefined) {
      event.preventDefault();
      store.move(delta);
    } else if (event.key === 'Enter' && event.altKey && props.onCopyMarkdown) {
      event.preventDefault();
      const entry = copyableEntry(store.options.value.find((option) => option.id === store.selected.value));
      if (entry) props.onCopyMarkdown(entry);
    } else if (event.key === 'Enter') {
      // Ctrl/⌘+Enter too: any add carries the note the field holds.
      event.preventDefault();
      void store.choose();
    } else if (event.key === 'Escape' && store.query.value !== '') {
      event.preventDefault();
      store.setQuery('');
    }
  };
  const membership = store.membership.value;

  return (
    <section class="playlist-picker" aria-labelledby="playlist-picker-title">
      <div class="playlist-picker-head">
        <h2 id="playlist-picker-title">{t('playlistPickerTitle')}</h2>
        {store.refreshing.value && phase === 'ready' ? (
          <span class="muted">{t('playlistUpdating')}</span>
        ) : null}
      </div>
      {noticeView}
      {phase === 'error' && store.listError.value ? (
        <ErrorNotice error={store.listError.value} onRetry={() => void store.reload()} />
      ) : (
        <>
          <label class="visually-hidden" for="playlist-search">
            {t('playlistSearchLabel')}
          </label>
          <input
            id="playlist-search"
            class="playlist-search"
            type="text"
            role="combobox"
            autoComplete="off"
            spellcheck={false}
            aria-expanded={true}
            aria-controls="playlist-options"
            aria-autocomplete="list"
            aria-activedescendant={activeDescendant}
            placeholder={t('playlistSearchPlaceholder')}
            value={store.query}
            ref={input}
            onInput={(event) => store.setQuery((event.currentTarget as HTMLInputElement).value)}
            onKeyDown={onKeyDown}
          />
          {phase === 'loading' ? <p class="muted playlist-loading">{t('playlistLoading')}</p> : null}
          <CollectionOptions store={store} onKeyDown={onKeyDown} onCopyMarkdown={props.onCopyMarkdown} />
          <NoteField store={store} />
          <CopySelected store={store} onCopyMarkdown={props.onCopyMarkdown} />
          {store.listError.value ? (
            <ErrorNotice error={store.listError.value} onRetry={() => void store.reload()} />
          ) : null}
          {phase === 'ready' && !store.refreshing.value && !membership.complete ? (
            <p class="muted playlist-membership-note">{t('playlistMembershipUnknown')}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
