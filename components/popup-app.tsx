import type { ReadonlySignal } from '@preact/signals';
import type { Status } from '../lib/messaging/messages';
import { t } from '../lib/platform/i18n';
import { isSignInMask } from '../lib/posthog/key-format';
import type { PersonAsk } from '../lib/posthog/person-asks';
import type { CollectionPickerStore } from '../lib/stores/collection-picker';
import type { PendingStore } from '../lib/stores/pending-changes';
import { type PopupStore, postHogHomeLink } from '../lib/stores/popup';
import type { PopupHeader } from '../lib/stores/popup-header';
import type { SharePanels } from '../lib/stores/share-panels';
import type { SiteRecordingsStore } from '../lib/stores/site-recordings';
import { CollectionPicker } from './collection-picker';
import { ContextHeader } from './context-header';
import { ContextSkeleton } from './context-skeleton';
import { DashboardViewButton } from './dashboard-view-button';
import { EmptyState } from './empty-state';
import { ErrorNotice } from './error-notice';
import { PendingChanges } from './pending-list';
import { PersonFinder } from './person-finder';
import { ReviewDocStatus } from './review-doc-panel';
import { SetupPrompt } from './setup-prompt';
import { SharePopupSection } from './share-popup-section';
import type { SiteRecordings } from './site-recordings/site-recordings';

/** "Key phx_…a1B2", or for a sign-in (held as the key is) "signed in with PostHog". */
const credentialOf = (masked: string | undefined): string =>
  isSignInMask(masked) ? t('signedInLabel') : t('keyLabel', masked ?? '');

function projectOf(status: Status): string {
  if (status.projectName) return status.projectName;
  return status.projectId === undefined ? '' : t('projectUnnamed', status.projectId);
}

/**
 * The bar's last button: the options page. Where Hogmark is connected, with which project and key,
 * is its tooltip and its accessible description (the header names the page's own project).
 */
function SettingsButton(props: { status: Status; onOpen: () => void }) {
  const { status } = props;
  const connection = `${t('connectedTo', status.origin ?? '', projectOf(status))} · ${credentialOf(status.maskedKey)}`;
  return (
    <button
      type="button"
      class="popup-settings"
      aria-label={t('popupSettings')}
      aria-describedby="popup-connection"
      title={connection}
      onClick={props.onOpen}
    >
      <span aria-hidden="true">⚙</span>
      <span id="popup-connection" class="visually-hidden">
        {connection}
      </span>
    </button>
  );
}

/** "Recorded here", loaded on demand: its store and its view (components/site-recordings/). */
export interface SiteView {
  store: SiteRecordingsStore;
  View: typeof SiteRecordings;
}

/** Whether the site's own view replaces the empty state: it runs PostHog, or sends to a project. */
function siteFound(site: SiteRecordingsStore | null): boolean {
  const look = site?.look.value;
  if (!look) return false;
  return look.kind === 'found' || look.kind === 'elsewhere' || (look.kind === 'choose' && look.sawPostHog);
}

export function PopupApp(props: {
  store: PopupStore;
  playlists?: CollectionPickerStore;
  share?: SharePanels;
  pending?: PendingStore;
  /** What heads the ready popup (lib/stores/popup-header.ts): the tab's page, the picker's recording, or the empty state. */
  header: ReadonlySignal<PopupHeader | null>;
  /** "Recorded here" over a page of the user's own site (none of PostHog's), once its code is in. */
  site?: ReadonlySignal<SiteView | null>;
  /** "Find a person's recordings": opens Hogmark's person page for the ask. */
  onFindPerson?: (ask: PersonAsk) => void;
}) {
  const { store, share } = props;
  const state = store.state.value;
  const header = props.header.value;
  const site = props.site?.value ?? null;
  const SiteView = site?.View;
  // The project of the picker's collections: a row's "Copy as Markdown" reads it with the key.
  const pickerProject =
    props.playlists?.target.value &&
    (props.playlists.target.value.projectId ??
      (state.phase === 'ready' ? state.status.projectId : undefined));
  const copyFromPicker = (shortId: string) => {
    if (share && pickerProject) void share.reviewDoc.copy({ projectId: pickerProject, shortId });
  };
  return (
    <main class="popup" aria-busy={state.phase === 'loading'}>
      {state.phase === 'loading' ? <ContextSkeleton /> : null}
      {state.phase === 'setup' ? <SetupPrompt onOpenOptions={() => void store.openOptions()} /> : null}
      {state.phase === 'error' ? <ErrorNotice error={state.error} onRetry={() => void store.load()} /> : null}
      {state.phase === 'ready' ? (
        <>
          {header && header.kind !== 'empty' ? (
            <ContextHeader
              context={header.context}
              hints={header.hints}
              connectedOrigin={state.status.origin}
              connectedProject={{ id: state.status.projectId, name: state.status.projectName }}
              face={header.face}
              summary={header.kind === 'recording' ? t('contextSummaryPicked') : undefined}
            />
          ) : (
            <>
              {siteFound(site?.store ?? null) ? null : (
                <EmptyState postHogUrl={postHogHomeLink(state.status)} />
              )}
              {/* Kept mounted once asked; a page Hogmark cannot read (or PostHog's own) shows the empty state alone. */}
              {site && SiteView ? (
                <div hidden={site.store.look.value?.kind === 'unreadable'}>
                  <SiteView store={site.store} />
                </div>
              ) : null}
            </>
          )}
          {props.pending ? <PendingChanges store={props.pending} /> : null}
          {props.playlists ? (
            <CollectionPicker
              store={props.playlists}
              onCopyMarkdown={share && pickerProject ? (entry) => copyFromPicker(entry.shortId) : undefined}
            />
          ) : null}
          {share && pickerProject && state.context?.kind !== 'playlist' ? (
            <ReviewDocStatus store={share.reviewDoc} />
          ) : null}
          {props.share ? (
            <SharePopupSection
              share={props.share}
              context={state.context}
              status={state.status}
              hints={state.hints}
            />
          ) : null}
          {/* The slim bar at the bottom: every dashboard, a person's recordings, and the settings. */}
          <footer class="popup-footer popup-bar">
            {share ? <DashboardViewButton onOpen={() => void share.openDashboards()} /> : null}
            {props.onFindPerson ? (
              <PersonFinder id="popup-person-finder" onFind={props.onFindPerson} />
            ) : null}
            <SettingsButton status={state.status} onOpen={() => void store.openOptions()} />
          </footer>
        </>
      ) : null}
    </main>
  );
}
