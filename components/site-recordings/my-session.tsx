import type { MySession } from '../../lib/messaging/site-messages';
import { t } from '../../lib/platform/i18n';
import { localTime } from '../../lib/platform/local-time';
import type { SiteRecordingsStore } from '../../lib/stores/site-recordings';

/** On the user's clock, 12:05 (no Intl formatter on the popup's first paint: lib/platform/local-time.ts). */
const time = (ms: number) => localTime(ms) ?? '';

/**
 * "Your session": who posthog-js says the user is on this site and when the session started; its
 * link at a few seconds before now, and an add with a note at that second, before PostHog has it.
 */
export function MySessionPanel(props: { store: SiteRecordingsStore; session: MySession }) {
  const { store, session } = props;
  const who = session.person ?? t('siteAnonymous');
  return (
    <section class="site-session" aria-labelledby="site-session-title">
      <h3 id="site-session-title">{t('siteMySession')}</h3>
      <p class="small">
        {session.live
          ? t('siteMySessionLive', who, time(session.startMs))
          : t('siteMySessionEnded', time(session.lastActivityMs))}
      </p>
      <div class="site-session-actions">
        <button type="button" onClick={() => void store.copySessionNow()}>
          {t('siteCopyNow')}
        </button>
      </div>
      <label class="site-session-note">
        <span>{t('siteNoteLabel')}</span>
        <input
          type="text"
          maxLength={2000}
          value={store.note.value}
          onInput={(event) => {
            store.note.value = (event.target as HTMLInputElement).value;
          }}
        />
      </label>
      <button
        type="button"
        aria-busy={store.adding.value.has(session.id) || undefined}
        onClick={() => void store.addSession()}
      >
        {t('siteAddSession')}
      </button>
      <p class="muted small">{t('siteSessionIngest')}</p>
    </section>
  );
}
