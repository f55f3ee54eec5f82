import type { Capabilities } from '../lib/messaging/messages';
import { type MessageKey, t } from '../lib/platform/i18n';
import type { KeyReport } from '../lib/stores/options';

const FEATURES: ReadonlyArray<readonly [keyof Capabilities, MessageKey]> = [
  ['addToPlaylist', 'capabilityAddToPlaylist'],
  ['createCollection', 'capabilityCreateCollection'],
  ['pin', 'capabilityPin'],
  ['shareLinks', 'capabilityShareLinks'],
  ['insightLinks', 'capabilityInsightLinks'],
  ['recordingLinks', 'capabilityRecordingLinks'],
  ['notebookNames', 'capabilityNotebookNames'],
  ['recordingFaces', 'capabilityRecordingFaces'],
  ['recordingNotes', 'capabilityRecordingNotes'],
  ['personRecordings', 'capabilityPersonRecordings'],
];

/** Who the key belongs to, its scopes, the projects it reaches and what works with it. */
export function OptionsReport(props: {
  report: KeyReport;
  checking: boolean;
  onRecheck: () => void;
  /** A sign-in with PostHog's grant rather than a key. */
  signedIn?: boolean;
}) {
  const { report } = props;
  const { name, email } = report.user;
  return (
    <section class="report" aria-labelledby="report-title">
      <h2 id="report-title">{t(props.signedIn ? 'optionsReportTitleSignIn' : 'optionsReportTitle')}</h2>
      <p class="muted">{t('optionsCheckedAt', new Date(report.checkedAt).toLocaleString())}</p>
      <dl>
        <dt>{t('optionsUserLabel')}</dt>
        <dd>{name && email && name !== email ? `${name} <${email}>` : name || email}</dd>
        <dt>{t('optionsScopesLabel')}</dt>
        <dd>
          {report.scopes.includes('*') ? (
            t('optionsAllScopes')
          ) : (
            <ul class="scopes">
              {report.scopes.map((scope) => (
                <li key={scope}>
                  <code>{scope}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t('optionsProjectsLabel')}</dt>
        <dd>
          <ul class="projects">
            {report.projects.map((project) => (
              <li key={project.id}>{t('optionsProjectOption', project.name, project.id)}</li>
            ))}
          </ul>
        </dd>
      </dl>
      <table class="capabilities">
        <caption class="visually-hidden">{t('optionsReportTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('optionsFeature')}</th>
            <th scope="col">{t('optionsFeatureStatus')}</th>
            <th scope="col">{t('optionsFeatureFix')}</th>
          </tr>
        </thead>
        <tbody>
          {FEATURES.map(([feature, label]) => {
            const capability = report.capabilities[feature];
            // A key check stored before this row existed: "Check again" fills it in.
            if (!capability) return null;
            return (
              <tr key={feature} data-feature={feature} data-ok={String(capability.ok)}>
                <th scope="row">{t(label)}</th>
                <td class={capability.ok ? 'success' : 'error'}>
                  <span aria-hidden="true">{capability.ok ? '✓ ' : '✗ '}</span>
                  {capability.ok
                    ? t('capabilityWorks')
                    : t('capabilityMissing', capability.missingScope ?? '?')}
                </td>
                <td>{capability.fix ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class="muted">{t('optionsSessionNote')}</p>
      <button type="button" onClick={props.onRecheck} aria-disabled={props.checking ? 'true' : undefined}>
        {props.checking ? t('optionsChecking') : t('optionsCheckAgain')}
      </button>
    </section>
  );
}
