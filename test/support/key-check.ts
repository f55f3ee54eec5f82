import type { KeyCheck } from '../../lib/messaging/messages';

/**
 * A key check for the key ending `a1B2` of Ana Lima, who sees the projects Main (1) and Staging (2),
 * as test/support/fake-posthog-fetch serves them: at a self-hosted address, project 1 chosen, every
 * scope and every capability; `fields` override.
 */
export const keyCheck = (fields: Partial<KeyCheck> = {}): KeyCheck => ({
  maskedKey: 'phx_…a1B2',
  origin: 'https://posthog.example.com',
  projectId: 1,
  user: { name: 'Ana Lima', email: 'ana@example.com' },
  scopes: ['*'],
  projects: [
    { id: 1, name: 'Main' },
    { id: 2, name: 'Staging' },
  ],
  capabilities: { addToPlaylist: { ok: true }, pin: { ok: true }, shareLinks: { ok: true } },
  ...fields,
});
