import { formatClock } from '../lib/context-labels';
import { t } from '../lib/i18n';
import type { RecordingPanel } from '../lib/stores/share-panels';
import { CopyLinkRow } from './copy-link-row';

/** Under the header of a recording: its link at the second the player shows. */
export function ShareRecordingPanel(props: { panel: RecordingPanel }) {
  const { links } = props.panel;
  return (
    <section class="share-panel share-links" aria-labelledby="recording-link-title">
      <h2 id="recording-link-title">{t('shareLinksTitle')}</h2>
      <CopyLinkRow
        label={
          links.second === undefined
            ? t('recordingLinkLabel')
            : t('recordingLinkAtLabel', formatClock(links.second))
        }
        onCopy={() => void props.panel.copyLink()}
        onCopyMarkdown={() => void props.panel.copyMarkdown()}
      >
        <p class="muted small copy-row-url">{links.url}</p>
      </CopyLinkRow>
    </section>
  );
}
