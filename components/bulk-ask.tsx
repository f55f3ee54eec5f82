import { t, tCount } from '../lib/platform/i18n';
import type { BulkAskStore } from '../lib/stores/bulk-ask';

/** The question before a selection's recordings are added: how many, where, and whose project. */
export function BulkAsk(props: { store: BulkAskStore }) {
  const state = props.store.state.value;
  return (
    <section class="bulk-ask" aria-labelledby="bulk-ask-title">
      <h1 id="bulk-ask-title">{t('bulkAskTitle')}</h1>
      {state.phase === 'loading' && <p class="muted">{t('bulkAskLoading')}</p>}
      {state.phase === 'gone' && <p role="alert">{t('bulkAskGone')}</p>}
      {state.phase === 'adding' && <p role="status">{t('bulkAskAdding')}</p>}
      {state.phase === 'asking' && (
        <>
          <p>{tCount('bulkAskCount', state.question.count, state.question.playlistName)}</p>
          {state.question.otherProject && (
            <p class="bulk-ask-warning">
              {t(
                'bulkAskOtherProject',
                state.question.otherProject.named,
                state.question.otherProject.connected,
              )}
            </p>
          )}
          <div class="bulk-ask-actions">
            <button type="button" onClick={() => props.store.answer(false)}>
              {t('bulkAskCancel')}
            </button>
            <button type="button" class="primary" onClick={() => props.store.answer(true)}>
              {tCount('bulkAskAdd', state.question.count)}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
