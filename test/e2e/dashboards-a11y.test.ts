import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { findAccessibilityViolations } from './axe';
import { popupOver } from './dashboards-harness';
import { useExtension } from './fixtures';

describe.each(['light', 'dark'] as const)(
  'accessibility of the dashboard screens, %s mode (axe-core)',
  (scheme) => {
    const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

    async function inScheme(page: Page): Promise<Page> {
      await page.emulateMedia({ colorScheme: scheme });
      return page;
    }

    it.each([
      ['shared and pinned', DEMO.dashboards.productKpis],
      ['read-only and restricted, sharing off', DEMO.dashboards.finance],
    ])('finds no violations in the popup over a dashboard (%s)', async (_label, id) => {
      const { page, tabId } = await env.session.openTab(`${env.server.url}/project/1/dashboard/${id}`);
      const popup = await inScheme(await popupOver(env.session, tabId));
      await popup.locator('.dashboard-pin').waitFor();
      await popup
        .getByRole('group', { name: 'Private link' })
        .getByRole('button', { name: 'Copy link' })
        .click();
      await popup.locator('.copy-toast').waitFor();
      expect(await findAccessibilityViolations(popup)).toEqual([]);
      await Promise.all([popup.close(), page.close()]);
    });

    it('finds no violations in the dashboards view, with a search and an active row', async () => {
      const view = await inScheme(await env.session.context.newPage());
      await view.goto(`chrome-extension://${env.session.extensionId}/dashboards.html`);
      await view.getByLabel('Search dashboards').fill('a');
      await view.getByLabel('Search dashboards').press('ArrowDown');
      await view.locator('li.dashboard-row.active').waitFor();
      expect(await findAccessibilityViolations(view)).toEqual([]);
      await view.close();
    });
  },
);
