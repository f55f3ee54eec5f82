import type { Page } from 'playwright-core';
import { MOVED_MARK, STORED, TRUSTED_COPY } from '../../lib/messaging/first-view/stored-names';
import type { ExtensionSession } from './harness';

/** The options page as a user drives it: by labels and button names, with the keyboard where it matters. */
export class OptionsPage {
  private constructor(readonly page: Page) {}

  /** The options page on the key path: "Use a personal API key instead" is chosen when it is offered. */
  static async open(session: ExtensionSession): Promise<OptionsPage> {
    const options = new OptionsPage(await session.openOptions());
    await options.onKeyPath();
    return options;
  }

  /** Reloads, and takes the key path again if the page offers "Sign in with PostHog" first. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.onKeyPath();
  }

  private async onKeyPath(): Promise<void> {
    const { page } = this;
    const useKey = page.getByRole('button', { name: 'Use a personal API key instead' });
    const save = page.getByRole('button', { name: 'Check and save' });
    await useKey.or(save).first().waitFor();
    if (await useKey.isVisible()) await useKey.click();
    await save.waitFor();
  }

  /** The options page as a new user finds it: "Sign in with PostHog" first. */
  static async openForSignIn(session: ExtensionSession): Promise<OptionsPage> {
    const page = await session.openOptions();
    await page
      .getByRole('button', { name: /^(Sign in with PostHog|Sign out)$/ })
      .first()
      .waitFor();
    return new OptionsPage(page);
  }

  get keyField() {
    return this.page.getByLabel('Personal API key');
  }
  get addressField() {
    return this.page.getByLabel('Address of your PostHog');
  }
  get projectPicker() {
    return this.page.getByLabel('Default project');
  }
  get saveButton() {
    return this.page.getByRole('button', { name: /^(Check and save|Checking…)$/ });
  }
  get report() {
    return this.page.getByRole('region', { name: /^What this (key|sign-in) can do$/ });
  }
  get notice() {
    return this.page.getByRole('status');
  }

  async chooseSelfHosted(address: string): Promise<void> {
    await this.page.getByLabel('Self-hosted').check();
    await this.addressField.fill(address);
  }

  async pasteKey(key: string): Promise<void> {
    await this.keyField.fill(key);
  }

  /** Clicks "Check and save" and waits until the page is no longer busy. */
  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Check and save' }).click();
    await this.page.getByRole('button', { name: 'Check and save' }).waitFor();
    await this.page.waitForFunction(
      () => document.querySelector('main')?.getAttribute('aria-busy') === 'false',
    );
  }

  /** The text of a row of the capability table ("Pin dashboards", …). */
  capability(feature: string) {
    return this.report.getByRole('row', { name: new RegExp(feature) });
  }

  /** The error sentence shown under a field. */
  async fieldError(fieldId: 'api-key' | 'address' | 'where' | 'project'): Promise<string | null> {
    const error = this.page.locator(`#${fieldId}-error`);
    return (await error.count()) > 0 ? error.textContent() : null;
  }
}

/** Sends one message the way the extension's own pages do, from an extension page, and returns the raw answer. */
export function sendFromExtensionPage(page: Page, type: string, input: object = {}): Promise<unknown> {
  return page.evaluate(
    ({ type, input }) => {
      const api = (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
      ).chrome;
      return api.runtime.sendMessage({ type, input });
    },
    { type, input },
  );
}

/**
 * Saves a connection (address, key, project 1) from an extension page with the message the options
 * form sends, and fails unless the background accepted it.
 */
export async function saveConnection(
  session: ExtensionSession,
  origin: string,
  apiKey: string,
): Promise<void> {
  const options = await session.openOptions();
  try {
    const saved = await sendFromExtensionPage(options, 'settings/save', { origin, apiKey, projectId: 1 });
    if ((saved as { ok?: unknown } | null)?.ok !== true) {
      throw new Error(`The background did not save the connection: ${JSON.stringify(saved)}`);
    }
  } finally {
    await options.close();
  }
}

/**
 * `storage.session` once "Forget key" is done: only the popup's copy of the trusted area, which then
 * holds what IndexedDB keeps after forgetting (the address and the button switch, no waiting change,
 * nothing the key learnt) and no key.
 */
export const sessionAfterForget = (origin: string) => ({
  [TRUSTED_COPY.mark]: 1,
  [TRUSTED_COPY.key]: {
    version: TRUSTED_COPY.version,
    snapshot: {
      key: { saved: false, masked: null, origin: null },
      items: {
        [MOVED_MARK]: 1,
        [STORED.settings.key]: { version: STORED.settings.version, origin, inPageButton: true },
        [STORED.pending.key]: { version: STORED.pending.version, changes: [], notices: [] },
      },
    },
  },
});
