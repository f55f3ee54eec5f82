import { useEffect, useRef } from 'preact/hooks';
import type { PersonMatch } from '../lib/messaging/person-messages';
import { t, tCount } from '../lib/platform/i18n';
import { localDate, localDateTime } from '../lib/platform/local-time';
import type { PersonAsk } from '../lib/posthog/person-asks';
import type { PersonPageStore } from '../lib/stores/person-page';
import type { CopyStore } from '../lib/stores/share-copy';
import { CopyToast } from './copy-toast';
import { PersonFinder } from './person-finder';
import { PersonRecordings } from './person-recordings';
import { SetupPrompt } from './setup-prompt';

/** The one sentence that says what was searched, and where, when nobody matched. */
function noneSentence(ask: PersonAsk, place: string): string {
  switch (ask.by) {
    case 'email':
      return t('personsNoneEmail', place, ask.value);
    case 'distinct-id':
      return t('personsNoneDistinctId', place, ask.value);
    case 'uuid':
      return t('personsNoneUuid', place, ask.value);
    default:
      return t('personsNoneSearch', place, ask.value);
  }
}

/** "Last seen 2025-03-01 12:05": only for a time PostHog gave and that parses. */
const seen = (key: 'personsLastSeen' | 'personsFirstSeen', when: string | null | undefined) =>
  when ? t(key, when) : null;

function personLine(person: PersonMatch): string {
  const parts = [
    person.email && person.email !== person.name ? person.email : null,
    person.distinctIdCount > 0
      ? tCount('personsDistinctIds', person.distinctIdCount, person.distinctIds[0] ?? '')
      : null,
    seen('personsLastSeen', person.lastSeenAt && localDateTime(person.lastSeenAt)),
    seen('personsFirstSeen', person.createdAt && localDate(person.createdAt)),
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}

/** Several persons matched: each is one button (the list's own order: PostHog's, newest first). */
function PersonChoice(props: { store: PersonPageStore }) {
  const { store } = props;
  const persons = store.persons.value;
  const first = useRef<HTMLButtonElement>(null);
  // The first is where the keyboard starts.
  useEffect(() => first.current?.focus(), []);
  return (
    <section aria-labelledby="choose-title">
      <h2 id="choose-title">{tCount('personsMatch', persons.length, store.ask.value?.value ?? '')}</h2>
      <ul class="person-choices">
        {persons.map((person, index) => (
          <li key={person.uuid}>
            <button
              type="button"
              class="person-choice"
              ref={index === 0 ? first : undefined}
              onClick={() => store.choosePerson(person)}
            >
              <span class="person-choice-name">{person.name}</span>
              <span class="muted small">{personLine(person)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Hogmark's person page: who matched, then their recordings; a field for the next ask below. */
export function PersonPage(props: { store: PersonPageStore; copy: CopyStore }) {
  const { store, copy } = props;
  const ask = store.ask.value;
  const phase = store.phase.value;
  const person = store.person.value;
  const failure = store.failure.value;
  const heading = person
    ? t('personsHeading', person.name)
    : ask
      ? t('personsHeading', ask.value)
      : t('personsTitle');
  return (
    <main class="person-page" aria-busy={phase === 'loading'}>
      <header class="person-header">
        <h1>{heading}</h1>
        <p class="muted small">
          {person
            ? [store.place.value, person.email !== person.name ? person.email : null]
                .filter(Boolean)
                .join(' · ')
            : store.place.value}
        </p>
        {store.foundAnyCase.value && ask && (phase === 'person' || phase === 'choose') ? (
          <p class="muted small">{t('personsFoundAnyCase', ask.value)}</p>
        ) : null}
        {person && store.persons.value.length > 1 ? (
          <button type="button" class="link-button" onClick={() => store.backToPersons()}>
            {tCount('personsBack', store.persons.value.length)}
          </button>
        ) : null}
      </header>
      {phase === 'loading' ? <p class="muted">{ask ? t('personsLooking', ask.value) : ''}</p> : null}
      {phase === 'setup' ? <SetupPrompt onOpenOptions={() => void store.openOptions()} /> : null}
      {phase === 'blocked' ? (
        <div class="error-notice" role="alert">
          <p class="error">{store.blockedBy.value}</p>
          <button type="button" onClick={() => void store.openOptions()}>
            {t('setupOpenOptions')}
          </button>
        </div>
      ) : null}
      {phase === 'no-ask' ? <p>{t('personsNoAsk')}</p> : null}
      {phase === 'gone' ? <p role="status">{t('personsAskGone')}</p> : null}
      {phase === 'error' && failure ? (
        <div class="error-notice" role="alert">
          <p class="error">{failure.error.message}</p>
          {store.retryText(failure) ? <p>{store.retryText(failure)}</p> : null}
          <button type="button" onClick={() => void store.load()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {phase === 'none' && ask ? <p role="status">{noneSentence(ask, store.place.value)}</p> : null}
      {phase === 'choose' ? <PersonChoice store={store} /> : null}
      {phase === 'person' ? <PersonRecordings store={store} /> : null}
      <div role="status">
        {store.notice.value ? (
          <p class={store.notice.value.kind === 'error' ? 'error' : 'success'}>{store.notice.value.text}</p>
        ) : null}
      </div>
      {phase !== 'setup' && phase !== 'blocked' ? (
        <PersonFinder id="person-finder" onFind={(next) => void store.find(next)} />
      ) : null}
      <CopyToast toast={copy.toast.value} onDismiss={() => copy.dismiss()} />
    </main>
  );
}
