import { t } from '../lib/platform/i18n';
import { formatClock } from '../lib/posthog/context-labels';
import type { RecordingPanel } from '../lib/stores/share-panels';
import { CopyLinkRow } from './copy-link-row';
import { ShareStatus } from './share-status';
import { TypedTimeField } from './typed-time-field';

/** When the player's position cannot be read: say so, and let the user say where the link starts. */
function StartTimeField(props: { panel: RecordingPanel }) {
  const { panel } = props;
  return (
    <TypedTimeField
      id="recording-start-at"
      class="start-time"
      whyId="recording-time-unknown"
      why={t('recordingTimeUnknown')}
      label={t('recordingStartAtLabel')}
      value={panel.typedTime}
      error={panel.typedTimeInvalid ? t('recordingStartAtInvalid') : null}
      onInput={(value) => panel.setTypedTime(value)}
    />
  );
}

/** The recording's public link at the private link's second, or one sentence on why there is none. */
function RecordingPublicLink(props: { panel: RecordingPanel }) {
  const { panel } = props;
  const state = panel.publicLink;
  const second = panel.links.second;
  switch (state.phase) {
    case 'hidden':
      return null;
    case 'loading':
      return <p class="muted small recording-public-note">{t('recordingPublicChecking')}</p>;
    case 'disabled':
      return <p class="muted small recording-public-note">{t('recordingSharingOff')}</p>;
    case 'org-off':
      return <p class="muted small recording-public-note">{t('recordingPublicLinkOrgOff')}</p>;
    case 'missing-scope':
      return <p class="muted small recording-public-note">{t('recordingPublicLinkScope', state.scope)}</p>;
    case 'error':
      return null;
    case 'enabled': {
      const password = state.passwordRequired;
      const label =
        second === undefined
          ? t(password ? 'publicLinkPasswordLabel' : 'publicLinkLabel')
          : t(password ? 'publicLinkPasswordAtLabel' : 'publicLinkAtLabel', formatClock(second));
      return (
        <CopyLinkRow
          label={label}
          onCopy={() => panel.copyPublicLink()}
          onCopyMarkdown={() => panel.copyPublicMarkdown()}
        >
          <p class="muted small">{t(password ? 'publicLinkPasswordNote' : 'recordingPublicLinkNote')}</p>
          {state.publicSharing === 'unknown' ? <p class="muted small">{t('publicLinkOrgNote')}</p> : null}
        </CopyLinkRow>
      );
    }
  }
}

/** Under the header of a recording: its link at the second the player shows, and its public link. */
export function ShareRecordingPanel(props: { panel: RecordingPanel }) {
  const { links, publicLink } = props.panel;
  return (
    <section
      class="share-panel share-links"
      aria-labelledby="recording-link-title"
      aria-busy={publicLink.phase === 'loading'}
    >
      <h2 id="recording-link-title">{t('shareLinksTitle')}</h2>
      <CopyLinkRow
        label={
          links.second === undefined
            ? t('recordingLinkLabel')
            : t('recordingLinkAtLabel', formatClock(links.second))
        }
        onCopy={() => props.panel.copyLink()}
        onCopyMarkdown={() => props.panel.copyMarkdown()}
      >
        {links.timeUnknown ? <StartTimeField panel={props.panel} /> : null}
        <p class="muted small copy-row-url">{links.url}</p>
      </CopyLinkRow>
      {publicLink.phase === 'hidden' ? null : (
        <div class="recording-public">
          <RecordingPublicLink panel={props.panel} />
          <ShareStatus
            error={publicLink.phase === 'error' ? publicLink.error : null}
            onRetry={() => void props.panel.retryPublicLink()}
          />
        </div>
      )}
    </section>
  );
}
