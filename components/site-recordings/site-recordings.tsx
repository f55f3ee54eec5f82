import { useEffect } from 'preact/hooks';
import { t, tCount } from '../../lib/platform/i18n';
import type { SiteRecordingsStore } from '../../lib/stores/site-recordings';
import { ErrorNotice } from '../error-notice';
import { MySessionPanel } from './my-session';
import { SiteProjectChoice } from './site-project-choice';
import { onSiteListKey, SiteRecordingRow } from './site-recording-row';

const BY = {
  token: 'siteProjectByToken',
  domain: 'siteProjectByDomain',
  choice: 'siteProjectByChoice',
} as const;

/** The two ranges and the two windows, as radio groups (arrow keys move within each). */
function Filters(props: { store: SiteRecordingsStore }) {
  const { store } = props;
  return (
    <div class="site-filters">
      <fieldset>
        <legend class="visually-hidden">{t('siteRange')}</legend>
        {(['page', 'below'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="site-range"
              checked={store.range.value === value}
              onChange={() => void store.setRange(value)}
            />
            {t(value === 'page' ? 'siteRangePage' : 'siteRangeBelow')}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend class="visually-hidden">{t('siteWindow')}</legend>
        {([7, 30] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="site-days"
              checked={store.days.value === value}
              onChange={() => void store.setDays(value)}
            />
            {tCount('siteDays', value)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function RecordingList(props: { store: SiteRecordingsStore }) {
  const { store } = props;
  const rows = store.recordings.value;
  const failure = store.listFailure.value;
  return (
    <>
      <p class="muted small" id="site-recordings-help" role="status">
        {store.listing.value && rows.length === 0
          ? t('siteLoadingRecordings')
          : rows.length > 0
            ? store.countLine.value
            : !failure && !store.listing.value
              ? tCount('siteEmpty', store.days.value)
              : ''}
      </p>
      {rows.length > 0 ? (
        <ul
          class="site-recording-list"
          aria-label={t('siteTitle')}
          aria-describedby="site-recordings-help"
          onKeyDown={(event) => onSiteListKey(store, event)}
        >
          {rows.map((recording, position) => (
            <SiteRecordingRow key={recording.id} store={store} recording={recording} position={position} />
          ))}
        </ul>
      ) : null}
      {failure ? (
        <>
          <ErrorNotice error={failure.error} onRetry={() => void store.retry()} />
          {store.retryText(failure) ? <p class="small">{store.retryText(failure)}</p> : null}
        </>
      ) : null}
      <div class="site-list-actions">
        {store.hasMore.value && !failure ? (
          <button
            type="button"
            aria-busy={store.listing.value || undefined}
            onClick={() => void store.more()}
          >
            {t('siteMore')}
          </button>
        ) : null}
        {store.openAll.value ? (
          <a href={store.openAll.value} target="_blank" rel="noreferrer">
            {t('siteOpenAll')}
          </a>
        ) : null}
      </div>
    </>
  );
}

/**
 * "Recorded here", self-contained: give it a store (`createSiteRecordingsStore`) over the popup's
 * tab; it asks what the tab's site is when it mounts, and everything else through the store.
 */
export function SiteRecordings(props: { store: SiteRecordingsStore }) {
  const { store } = props;
  useEffect(() => {
    void store.start();
  }, [store]);
  const look = store.look.value;
  const lookFailure = store.lookFailure.value;
  const notice = store.notice.value;
  return (
    <section class="site-recordings" aria-labelledby="site-recordings-title" aria-busy={!look || undefined}>
      <h2 id="site-recordings-title">{t('siteTitle')}</h2>
      {lookFailure ? <ErrorNotice error={lookFailure.error} onRetry={() => void store.retry()} /> : null}
      {!look && !lookFailure ? <p class="muted small">{t('siteLooking')}</p> : null}
      {look?.kind === 'unreadable' ? <p>{t('siteUnreadable')}</p> : null}
      {look?.kind === 'elsewhere' ? <p>{t('siteElsewhere', look.site.host)}</p> : null}
      {look?.kind === 'choose' ? <SiteProjectChoice store={store} look={look} /> : null}
      {look?.kind === 'found' ? (
        <>
          <p class="small site-project">
            {t(BY[look.by], look.project.name)}
            {look.by === 'token' ? null : (
              <button type="button" class="link" onClick={() => void store.choose(null)}>
                {t('siteChangeProject')}
              </button>
            )}
          </p>
          {look.session ? <MySessionPanel store={store} session={look.session} /> : null}
          <Filters store={store} />
          <RecordingList store={store} />
        </>
      ) : null}
      {notice ? (
        <p
          class={notice.kind === 'error' ? 'error' : 'ok'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}
