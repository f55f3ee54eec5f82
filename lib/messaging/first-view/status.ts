import type { Capabilities, Status } from '../message-schemas';

export const CLOUD_ORIGINS = ['https://us.posthog.com', 'https://eu.posthog.com'] as const;

/** The part of the stored settings the status and the tab's context are made from. */
export interface SettingsView {
  origin: string;
  projectId?: number;
  projectName?: string;
}

/** The part of the last key check the status shows (without the key). */
export interface KeyCheckView {
  check: { origin: string; capabilities: Capabilities } | null;
}

/**
 * What the popup shows of the connection: the settings, with what the last check of the key learnt
 * for this origin. `maskedKey` null: no key is saved.
 */
export function statusOf(maskedKey: string | null, settings: SettingsView, cache: KeyCheckView): Status {
  if (maskedKey === null) return { configured: false };
  const capabilities = cache.check?.origin === settings.origin ? cache.check.capabilities : undefined;
  return {
    configured: true,
    origin: settings.origin,
    maskedKey,
    ...(settings.projectId === undefined ? {} : { projectId: settings.projectId }),
    ...(settings.projectName === undefined ? {} : { projectName: settings.projectName }),
    ...(capabilities ? { capabilities } : {}),
  };
}

/** Origins the content script may run on, and whose pages Hogmark reads: the clouds plus the user's own. */
export function appOriginsOf(origin: string): string[] {
  return CLOUD_ORIGINS.includes(origin as (typeof CLOUD_ORIGINS)[number])
    ? [...CLOUD_ORIGINS]
    : [...CLOUD_ORIGINS, origin];
}

/**
 * The PostHog and project API calls go to: only with a key saved for the settings' own origin, and
 * a project chosen (whether the key may go there is asked apart: it needs the browser).
 */
export function connectedProject(
  settings: SettingsView,
  key: { saved: boolean; origin: string | null },
): { origin: string; projectId: number } | null {
  if (!key.saved || key.origin !== settings.origin || settings.projectId === undefined) return null;
  return { origin: settings.origin, projectId: settings.projectId };
}
