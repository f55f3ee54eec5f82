import type { ComponentChildren } from 'preact';
import { t } from '../lib/platform/i18n';

export interface CopyLinkRowProps {
  /** Names the group, so "Copy link" says which link to assistive technology. */
  label: string;
  children?: ComponentChildren;
  onCopy: () => void;
  onCopyMarkdown: () => void;
}

/**
 * One link Hogmark can copy, on one line: what it is, then plain and Markdown copy buttons, short on
 * screen ("Copy", "Markdown") and named in full for assistive technology (the visible word inside).
 */
export function CopyLinkRow(props: CopyLinkRowProps) {
  return (
    <fieldset class="copy-row">
      <legend class="copy-row-label">{props.label}</legend>
      {props.children}
      <div class="copy-row-buttons">
        <button type="button" aria-label={t('copyLink')} title={t('copyLink')} onClick={props.onCopy}>
          {t('copyShort')}
        </button>
        <button
          type="button"
          aria-label={t('copyMarkdown')}
          title={t('copyMarkdown')}
          onClick={props.onCopyMarkdown}
        >
          {t('copyMarkdownShort')}
        </button>
      </div>
    </fieldset>
  );
}
