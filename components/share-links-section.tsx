import { t } from '../lib/i18n';
import type { ShareState } from '../lib/stores/dashboard-page';
import { CopyLinkRow } from './copy-link-row';

export interface ShareLinksSectionProps {
  /** null: the public link is not Hogmark's to read here (a PostHog the key does not belong to). */
  share: ShareState | null;
  onCopyPublic: (markdown: boolean) => void;
  onCopyPrivate: (markdown: boolean) => void;
  onRetry: () => void;
}

/** The public link when PostHog shares the dashboard, why there is none otherwise, and the private link. */
export function ShareLinksSection(props: ShareLinksSectionProps) {
  const { share } = props;
  return (
    <section class="share-links" aria-labelledby="share-title">
      <h2 id="share-title">{t('shareLinksTitle')}</h2>
      {share?.phase === 'loading' ? <p class="muted">{t('shareChecking')}</p> : null}
      {share?.phase === 'enabled' ? (
        <CopyLinkRow
          label={t('publicLinkLabel')}
          onCopy={() => props.onCopyPublic(false)}
          onCopyMarkdown={() => props.onCopyPublic(true)}
        >
          <p class="muted small">{t('publicLinkNote')}</p>
        </CopyLinkRow>
      ) : null}
      {share?.phase === 'disabled' ? (
        <div class="share-off">
          <p>{t('sharingOff')}</p>
          <a class="button" href={share.settingsUrl} target="_blank" rel="noreferrer">
            {t('openSharingSettings')}
          </a>
        </div>
      ) : null}
      {share?.phase === 'error' ? (
        <div class="share-off">
          <p class="error">{share.error.message}</p>
          {share.error.retryable ? (
            <button type="button" onClick={props.onRetry}>
              {t('tryAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
      <CopyLinkRow
        label={t('privateLinkLabel')}
        onCopy={() => props.onCopyPrivate(false)}
        onCopyMarkdown={() => props.onCopyPrivate(true)}
      >
        <p class="muted small">{t('privateLinkNote')}</p>
      </CopyLinkRow>
    </section>
  );
}
