import { t } from '../lib/platform/i18n';
import type { PageLinksStore } from '../lib/stores/page-links';
import { CopyLinkRow } from './copy-link-row';

/** Under the header of a notebook or any other PostHog page: its own link, plain and as Markdown. */
export function PageLinksPanel(props: { store: PageLinksStore }) {
  const { store } = props;
  return (
    <section class="share-panel share-links" aria-labelledby="page-link-title">
      <h2 id="page-link-title">{t('shareLinksTitle')}</h2>
      <CopyLinkRow
        label={t('privateLinkLabel')}
        onCopy={() => store.copyLink(false)}
        onCopyMarkdown={() => store.copyLink(true)}
      >
        <p class="muted small">{t('privateLinkNote')}</p>
        <p class="muted small copy-row-url" title={store.url}>
          {store.url}
        </p>
      </CopyLinkRow>
    </section>
  );
}
