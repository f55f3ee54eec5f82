import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../lib/platform/i18n';

/** How long a button says "Copied ✓" after its copy was written. */
export const COPIED_MS = 2_000;

export interface CopyLinkRowProps {
  /** Names the group, so "Copy link" says which link to assistive technology. */
  label: string;
  children?: ComponentChildren;
  /** Copies; a `true` (or a promise of it) means the clipboard took it: the button says "Copied ✓". */
  onCopy: () => unknown;
  onCopyMarkdown: () => unknown;
}

type Which = 'link' | 'markdown';

/** Which of the row's buttons says "Copied ✓" now, once its copy is written, for COPIED_MS. */
function useCopied(): [Which | null, (which: Which, copy: () => unknown) => void] {
  const [copied, setCopied] = useState<Which | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = (which: Which, copy: () => unknown) => {
    void Promise.resolve(copy()).then((result) => {
      if (result !== true) return;
      clearTimeout(timer.current);
      setCopied(which);
      timer.current = setTimeout(() => setCopied(null), COPIED_MS);
    });
  };
  return [copied, run];
}

/**
 * One link Hogmark can copy, on one line: what it is, then plain and Markdown copy buttons, short on
 * screen ("Copy", "Markdown") and named in full for assistive technology (the visible word inside).
 * A button whose copy was written says "Copied ✓" for two seconds (its name too, so what is seen is what
 * is heard); the toast says what was copied.
 */
export function CopyLinkRow(props: CopyLinkRowProps) {
  const [copied, run] = useCopied();
  return (
    <fieldset class="copy-row">
      <legend class="copy-row-label">{props.label}</legend>
      {props.children}
      <div class="copy-row-buttons">
        <button
          type="button"
          aria-label={copied === 'link' ? `${t('copyLink')} · ${t('copiedShort')}` : t('copyLink')}
          title={t('copyLink')}
          onClick={() => run('link', props.onCopy)}
        >
          {copied === 'link' ? t('copiedShort') : t('copyShort')}
        </button>
        <button
          type="button"
          aria-label={
            copied === 'markdown' ? `${t('copyMarkdown')} · ${t('copiedShort')}` : t('copyMarkdown')
          }
          title={t('copyMarkdown')}
          onClick={() => run('markdown', props.onCopyMarkdown)}
        >
          {copied === 'markdown' ? t('copiedShort') : t('copyMarkdownShort')}
        </button>
      </div>
    </fieldset>
  );
}
