import { useState } from 'preact/hooks';
import type { SiteLook } from '../../lib/messaging/site-messages';
import { t } from '../../lib/platform/i18n';
import type { SiteRecordingsStore } from '../../lib/stores/site-recordings';

/** The page names no project: which one it records to, asked once and remembered for the site. */
export function SiteProjectChoice(props: {
  store: SiteRecordingsStore;
  look: Extract<SiteLook, { kind: 'choose' }>;
}) {
  const { store, look } = props;
  const [picked, setPicked] = useState<number | null>(look.projects[0]?.id ?? null);
  return (
    <form
      class="site-choose"
      onSubmit={(event) => {
        event.preventDefault();
        if (picked !== null) void store.choose(picked);
      }}
    >
      <p>{t(look.sawPostHog ? 'siteChooseNoToken' : 'siteChooseNoPostHog', look.site.host)}</p>
      <label>
        <span>{t('siteChooseLabel')}</span>
        <select
          value={picked === null ? '' : String(picked)}
          onChange={(event) => setPicked(Number((event.target as HTMLSelectElement).value))}
        >
          {look.projects.map((project) => (
            <option key={project.id} value={String(project.id)}>
              {project.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="primary" disabled={picked === null}>
        {t('siteChooseSubmit')}
      </button>
    </form>
  );
}
