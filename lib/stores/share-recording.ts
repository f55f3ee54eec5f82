import type { RecordingContext } from '../context';
import { formatClock } from '../context-labels';
import { t } from '../i18n';
import { markdownLink, recordingLink } from '../links';
import type { PageHints } from '../messages';

export interface RecordingShareLinks {
  /** The second the link starts at: the player's, else the URL's `t`, else none. */
  second: number | undefined;
  url: string;
  markdown: string;
}

/** The recording's link at the playback second the page reported, plain and as Markdown. */
export function recordingShareLinks(context: RecordingContext, hints: PageHints): RecordingShareLinks {
  const second = hints.currentSecond ?? context.t;
  const url = recordingLink(context, second);
  const name = hints.title?.trim() || t('recordingUntitled');
  const label = second === undefined ? name : t('recordingAtClock', name, formatClock(second));
  return { second, url, markdown: markdownLink(label, url) };
}
