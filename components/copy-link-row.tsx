import type { ComponentChildren } from 'preact';
import { t } from '../lib/platform/i18n';

export interface CopyLinkRowProps {
  /** Names the group, so "Copy link" says which link to assistive technology. */
  label: string;
  children?: ComponentChildren;
  onCopy: () => void;
  onCopyMarkdown: () => void;
}

/** One link Hogmark can copy: what it is, then plain and Markdown copy buttons. */
export function CopyLinkRow(props: CopyLinkRowProps) {
  return (
    <fieldset class="copy-row">
      <legend class="copy-row-label">{props.label}</legend>
      {props.children}
      <div class="copy-row-buttons">
        <button type="button" onClick={props.onCopy}>
          {t('copyLink')}
        </button>
        <button type="button" onClick={props.onCopyMarkdown}>
          {t('copyMarkdown')}
        </button>
      </div>
    </fieldset>
  );
}
