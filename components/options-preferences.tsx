import type { ProjectSummary } from '../lib/messaging/messages';
import { t } from '../lib/platform/i18n';
import { describedBy, FieldMessages } from './field-messages';

/** The default project (from the last key check) and the in-page button switch. */
export function OptionsPreferences(props: {
  projects: readonly ProjectSummary[];
  projectId?: number;
  projectError?: string;
  inPageButton: boolean;
  onProject: (projectId: number) => void;
  onInPageButton: (on: boolean) => void;
}) {
  const none = props.projects.length === 0;
  return (
    <>
      <div class="field project">
        <label for="project">{t('optionsProjectLabel')}</label>
        <select
          id="project"
          disabled={none}
          value={props.projectId === undefined ? '' : String(props.projectId)}
          onChange={(event) => props.onProject(Number(event.currentTarget.value))}
          aria-invalid={props.projectError ? 'true' : undefined}
          aria-describedby={describedBy('project', !none, !!props.projectError)}
        >
          {none ? <option value="">{t('optionsProjectNone')}</option> : null}
          {props.projects.map((project) => (
            <option key={project.id} value={String(project.id)}>
              {t('optionsProjectOption', project.name, project.id)}
            </option>
          ))}
        </select>
        <FieldMessages
          id="project"
          hint={none ? undefined : t('optionsProjectHint')}
          error={props.projectError}
        />
      </div>
      <div class="field checkbox">
        <input
          type="checkbox"
          id="in-page-button"
          checked={props.inPageButton}
          onChange={(event) => props.onInPageButton(event.currentTarget.checked)}
          aria-describedby="in-page-button-hint"
        />
        <label for="in-page-button">{t('optionsInPageButton')}</label>
        <p id="in-page-button-hint" class="hint muted">
          {t('optionsInPageButtonHint')}
        </p>
      </div>
    </>
  );
}
