import { toAppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { PageContext } from '../../posthog/context';
import type { FlashKind } from '../toolbar/badge-flash';
import type { BulkAdd } from './bulk-add';
import { describeBulkAdd } from './bulk-add-report';
import { type CollectLinks, type LinkClick, recordingsFromLinks } from './link-collector';

export interface LinkedRecordingsDeps {
  collectLinks: CollectLinks;
  getAppOrigins: () => Promise<readonly string[]>;
  parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  bulkAdd: BulkAdd;
  flash: (tabId: number, kind: FlashKind, title: string) => Promise<void>;
  /** Answers No to a question still open from an earlier click (bulk-ask.ts `dropAll`). */
  dropQuestions?: () => void;
}

/**
 * The menu on a selection or a page: the recordings linked there go to the last-used collection,
 * and the toolbar button of that tab says how it went (✓ = !, the sentence in its title). Clicks
 * run one after another, so two quick clicks never send the same recordings at once.
 */
export function createLinkedRecordingsAdd(deps: LinkedRecordingsDeps) {
  let queue: Promise<unknown> = Promise.resolve();

  async function addLinked(click: LinkClick): Promise<{ kind: FlashKind; message: string }> {
    try {
      const { hrefs, readable } = await deps.collectLinks(click);
      if (!readable) return { kind: 'failed', message: t('bulkAddUnreadable') };
      const targets = recordingsFromLinks(hrefs, {
        appOrigins: await deps.getAppOrigins(),
        parsePageContext: deps.parsePageContext,
      });
      return describeBulkAdd(await deps.bulkAdd.add(targets));
    } catch (error) {
      return { kind: 'failed', message: toAppError(error).userMessage() };
    }
  }

  return function addLinkedRecordings(click: LinkClick): Promise<{ kind: FlashKind; message: string }> {
    // A click while an earlier one waits for its answer replaces that question rather than queue
    // behind it: the earlier one adds nothing.
    deps.dropQuestions?.();
    const run = queue.then(async () => {
      const report = await addLinked(click);
      await deps.flash(click.tabId, report.kind, report.message);
      return report;
    });
    queue = run.catch(() => undefined);
    return run;
  };
}
export type AddLinkedRecordings = ReturnType<typeof createLinkedRecordingsAdd>;
