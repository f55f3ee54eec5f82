import { t } from '../lib/platform/i18n';
import { formatClock } from '../lib/posthog/context-labels';
import type { RecordingPanel } from '../lib/stores/share-panels';
import { CopyLinkRow } from './copy-link-row';

/** When the player's position cannot be read: say so, and let the user say where the link starts. */
function StartTimeField(props: { panel: RecordingPanel }) {
  const { panel } = props;
  return (
    <div class="start-time">
      <p id="recording-time-unknown" class="muted small">
        {t('recordingTimeUnknown')}
      </p>
      <label for="recording-start-at">{t('recordingStartAtLabel')}</label>
      <input
        id="recording-start-at"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellcheck={false}
        placeholder="mm:ss"
        value={panel.typedTime}
        aria-describedby={panel.typedTimeInvalid ? 'recording-start-at-error' : 'recording-time-unknown'}
        aria-invalid={panel.typedTimeInvalid ? 'true' : undefined}
        onInput={(event) => panel.setTypedTime(event.currentTarget.value)}
      />
      {panel.typedTimeInvalid ? (
        <p id="recording-start-at-error" class="field-error error" role="alert">
          {t('recordingStartAtInvalid')}
        </p>
      ) : null}
    </div>
  );
}

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
        {links.timeUnknown ? <StartTimeField panel={props.panel} /> : null}
        <p class="muted small copy-row-url">{links.url}</p>
      </CopyLinkRow>
    </section>
  );
}
