import { type MessageKey, t } from '../lib/platform/i18n';
import type { ShareState } from '../lib/stores/share-state';
import { CopyLinkRow } from './copy-link-row';
import { ShareStatus } from './share-status';

/** What PostHog shares here: the sentences that name it differ, the links and buttons do not. */
export type ShareSubject = 'dashboard' | 'insight';

const SUBJECT_TEXTS: Readonly<
  Record<ShareSubject, Record<'checking' | 'publicNote' | 'orgOff' | 'sharingOff', MessageKey>>
> = {
  dashboard: {
    checking: 'shareChecking',
    publicNote: 'publicLinkNote',
    orgOff: 'publicLinkOrgOff',
    sharingOff: 'sharingOff',
  },
  insight: {
    checking: 'insightShareChecking',
    publicNote: 'insightPublicLinkNote',
    orgOff: 'insightPublicLinkOrgOff',
    sharingOff: 'insightSharingOff',
  },
};

export interface ShareLinksSectionProps {
  /** null: the public link is not Hogmark's to read here (a PostHog the key does not belong to). */
  share: ShareState | null;
  /** Default `dashboard`. */
  subject?: ShareSubject;
  onCopyPublic: (markdown: boolean) => unknown;
  onCopyPrivate: (markdown: boolean) => unknown;
  onRetry: () => void;
}

/** The public link when PostHog shares the dashboard or insight, why there is none otherwise, and the private link. */
export function ShareLinksSection(props: ShareLinksSectionProps) {
  const { share } = props;
  const texts = SUBJECT_TEXTS[props.subject ?? 'dashboard'];
  return (
    <section class="share-links" aria-labelledby="share-title">
      <h2 id="share-title">{t('shareLinksTitle')}</h2>
      {share?.phase === 'loading' ? <p class="muted">{t(texts.checking)}</p> : null}
      {share?.phase === 'enabled' ? (
        <CopyLinkRow
          label={t(share.passwordRequired ? 'publicLinkPasswordLabel' : 'publicLinkLabel')}
          onCopy={() => props.onCopyPublic(false)}
          onCopyMarkdown={() => props.onCopyPublic(true)}
        >
          <p class="muted small">
            {share.passwordRequired ? t('publicLinkPasswordNote') : t(texts.publicNote)}
          </p>
          {share.publicSharing === 'unknown' ? <p class="muted small">{t('publicLinkOrgNote')}</p> : null}
        </CopyLinkRow>
      ) : null}
      {share?.phase === 'org-off' ? (
        <div class="share-off">
          <p>{t(texts.orgOff)}</p>
        </div>
      ) : null}
      {share?.phase === 'disabled' ? (
        <div class="share-off">
          <p>{t(texts.sharingOff)}</p>
          <a class="button" href={share.settingsUrl} target="_blank" rel="noreferrer">
            {t('openSharingSettings')}
          </a>
        </div>
      ) : null}
      <ShareStatus error={share?.phase === 'error' ? share.error : null} onRetry={props.onRetry} />
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
