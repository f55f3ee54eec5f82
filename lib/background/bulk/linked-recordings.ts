import { toAppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { PageContext } from '../../posthog/context';
import { type FaceName, recordingName } from '../../posthog/recording-names';
import type { LinkClick } from '../recordings/recording-menus';
import type { FlashKind } from '../toolbar/badge-flash';
import type { BulkAdd, BulkAddResult } from './bulk-add';
import { describeBulkAdd, NAMED_FAILURES } from './bulk-add-report';
import { type CollectLinks, recordingsFromLinks } from './link-collector';

export interface LinkedRecordingsDeps {
  collectLinks: CollectLinks;
  getAppOrigins: () => Promise<readonly string[]>;
  parsePageContext: (url: string, appOrigins?: readonly string[]) => PageContext | null;
  bulkAdd: BulkAdd;
  flash: (tabId: number, kind: FlashKind, title: string) => Promise<void>;
  /** Who a recording is, when already known (never a request): names the recordings not added. */
  cachedFace?: (ref: { projectId: number; recordingId: string }) => Promise<FaceName | null>;
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

  /** The recordings the report names (the first failures), by who they are where that is known. */
  async function namesOf(result: BulkAddResult): Promise<Map<string, string>> {
    const { projectId } = result;
    const names = new Map<string, string>();
    if (projectId === undefined || !deps.cachedFace) return names;
    const cachedFace = deps.cachedFace;
    await Promise.all(
      result.failed.slice(0, NAMED_FAILURES).map(async ({ recordingId }) => {
        const face = await cachedFace({ projectId, recordingId }).catch(() => null);
        if (face) names.set(recordingId, recordingName(face, recordingId));
      }),
    );
    return names;
  }

  async function addLinked(click: LinkClick): Promise<{ kind: FlashKind; message: string }> {
    try {
      const { hrefs, readable } = await deps.collectLinks(click);
      if (!readable) return { kind: 'failed', message: t('bulkAddUnreadable') };
      const targets = recordingsFromLinks(hrefs, {
        appOrigins: await deps.getAppOrigins(),
        parsePageContext: deps.parsePageContext,
      });
      const result = await deps.bulkAdd.add(targets);
      return describeBulkAdd(result, await namesOf(result));
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
