import { t } from '../lib/platform/i18n';
import type { CollaboratorsState } from '../lib/stores/dashboard-page';

/** Who was invited to edit a restricted dashboard; read-only (invitations are managed in PostHog). */
export function DashboardCollaborators(props: { state: CollaboratorsState }) {
  const { state } = props;
  if (state.phase === 'hidden') return null;
  return (
    <section class="dashboard-collaborators" aria-labelledby="collaborators-title">
      <h2 id="collaborators-title">{t('collaboratorsTitle')}</h2>
      <p class="muted small">{t('collaboratorsNote')}</p>
      {state.phase === 'loading' ? <p class="muted">{t('loading')}</p> : null}
      {state.phase === 'unavailable' ? <p class="muted">{t('collaboratorsUnavailable')}</p> : null}
      {state.phase === 'error' ? <p class="error">{state.error.message}</p> : null}
      {state.phase === 'ready' && state.collaborators.length === 0 ? (
        <p class="muted">{t('collaboratorsNone')}</p>
      ) : null}
      {state.phase === 'ready' && state.collaborators.length > 0 ? (
        <ul class="collaborator-list">
          {state.collaborators.map((person) => (
            <li key={`${person.email}|${person.name}`}>
              <span class="collaborator-name">{person.name}</span>
              {person.email && person.email !== person.name ? (
                <span class="muted small"> {person.email}</span>
              ) : null}
              <span class="collaborator-level muted small">
                {person.level >= 37 ? t('collaboratorCanEdit') : t('collaboratorCanView')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
