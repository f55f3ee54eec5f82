import type { MessageKey } from '../platform/i18n';

/**
 * The scopes "Sign in with PostHog" asks for, each with what Hogmark does with it (shown before the
 * user leaves for PostHog's consent page, where each can be lowered). `x:write` gives `x:read` too
 * (`posthog/scopes.py`). The same needs as the personal key's (lib/background/settings/capabilities.ts).
 */
export const SIGN_IN_SCOPES: ReadonlyArray<{ scope: string; purpose: MessageKey }> = [
  { scope: 'user:read', purpose: 'signInScopeUser' },
  { scope: 'project:read', purpose: 'signInScopeProject' },
  { scope: 'organization:read', purpose: 'signInScopeOrganization' },
  { scope: 'session_recording_playlist:write', purpose: 'signInScopeCollections' },
  { scope: 'session_recording:read', purpose: 'signInScopeRecordings' },
  { scope: 'person:read', purpose: 'signInScopePersons' },
  { scope: 'comment:write', purpose: 'signInScopeNotes' },
  { scope: 'dashboard:write', purpose: 'signInScopeDashboards' },
  { scope: 'insight:read', purpose: 'signInScopeInsights' },
  { scope: 'notebook:read', purpose: 'signInScopeNotebooks' },
  { scope: 'sharing_configuration:read', purpose: 'signInScopeSharing' },
];

export const SIGN_IN_SCOPE_STRING = SIGN_IN_SCOPES.map(({ scope }) => scope).join(' ');
