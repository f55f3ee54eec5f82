import type { PageHints, Status } from '../lib/messaging/messages';
import type { PageContext } from '../lib/posthog/context';
import type { SharePanels } from '../lib/stores/share-panels';
import { CopyToast } from './copy-toast';
import { DashboardPanel } from './dashboard-panel';
import { InsightPanel } from './insight-panel';
import { PageLinksPanel } from './page-links-panel';
import { ReviewDocPanel } from './review-doc-panel';
import { ShareRecordingPanel } from './share-recording-panel';

export interface SharePopupSectionProps {
  share: SharePanels;
  context: PageContext | null;
  status: Status;
  hints: PageHints;
}

/** The popup's dashboard and link part: what fits the page in the tab (dashboard, recording, insight, collection, notebook or other page), and the toast. */
export function SharePopupSection(props: SharePopupSectionProps) {
  const { share, context } = props;
  // A collection of the connected PostHog, in a known project: the key can read it.
  const collectionProject =
    context?.kind === 'playlist' ? (context.projectId ?? props.status.projectId) : undefined;
  const collection =
    context?.kind === 'playlist' && context.origin === props.status.origin && collectionProject
      ? { projectId: collectionProject, shortId: context.shortId }
      : null;
  return (
    <>
      {context?.kind === 'dashboard' ? (
        <DashboardPanel store={share.dashboardFor(context, props.status, props.hints)} />
      ) : null}
      {context?.kind === 'recording' ? (
        <ShareRecordingPanel panel={share.recordingFor(context, props.hints, props.status)} />
      ) : null}
      {context?.kind === 'insight' ? (
        <InsightPanel store={share.insightFor(context, props.status, props.hints)} />
      ) : null}
      {collection ? <ReviewDocPanel store={share.reviewDoc} target={collection} /> : null}
      {context?.kind === 'notebook' || context?.kind === 'page' ? (
        <PageLinksPanel store={share.pageFor(context, props.status, props.hints)} />
      ) : null}
      <CopyToast toast={share.copy.toast.value} onDismiss={() => share.copy.dismiss()} />
    </>
  );
}
