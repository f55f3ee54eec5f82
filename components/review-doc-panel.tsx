import { t } from '../lib/platform/i18n';
import type { ReviewDocStore, ReviewDocTarget } from '../lib/stores/review-doc';
import { ErrorNotice } from './error-notice';

const sameTarget = (a: ReviewDocTarget | null, b: ReviewDocTarget) =>
  a !== null && a.projectId === b.projectId && a.shortId === b.shortId;

/**
 * How the last review doc went: the progress line while reading, then what it lacks, or why none was
 * copied (with Try again when PostHog may get over it). The live region is always there, so each
 * change is announced.
 */
export function ReviewDocStatus(props: { store: ReviewDocStore }) {
  const { store } = props;
  const error = store.error.value;
  return (
    <>
      <div class="review-doc-status muted small" role="status">
        {store.busy.value ? <p>{store.progressText.value}</p> : null}
        {store.caveats.value.map((caveat) => (
          <p key={caveat}>{caveat}</p>
        ))}
      </div>
      {error ? (
        <ErrorNotice error={error} onRetry={error.retryable ? () => void store.retry() : undefined} />
      ) : null}
    </>
  );
}

/** On a collection's page: the collection as a review doc, copied as Markdown on the user's click. */
export function ReviewDocPanel(props: { store: ReviewDocStore; target: ReviewDocTarget }) {
  const { store, target } = props;
  const busy = store.busy.value;
  // Busy only while a doc the user asked for is being read, never at first paint.
  const mine = sameTarget(store.target.value, target);
  return (
    <section class="share-panel review-doc" aria-labelledby="review-doc-title" aria-busy={mine && busy}>
      <h2 id="review-doc-title">{t('reviewDocTitle')}</h2>
      <p class="muted small">{t('reviewDocNote')}</p>
      <div>
        <button type="button" onClick={() => void store.copy(target)} disabled={busy}>
          {t('copyMarkdown')}
        </button>
      </div>
      {mine ? <ReviewDocStatus store={store} /> : <div class="review-doc-status" role="status" />}
    </section>
  );
}
