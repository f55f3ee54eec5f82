import { t } from '../lib/platform/i18n';

/** Holds the header's place while the background answers, so nothing jumps when it arrives. */
export function ContextSkeleton() {
  return (
    <div class="context-header context-skeleton">
      <span class="skeleton context-kind" aria-hidden="true" />
      <span class="skeleton context-name" aria-hidden="true" />
      <span class="skeleton context-meta" aria-hidden="true" />
      <p class="visually-hidden" role="status">
        {t('loading')}
      </p>
    </div>
  );
}
