import { signal } from '@preact/signals';
import type { SendMessage, Status } from '../messaging/messages';
import { type SerializedError, serializeError } from '../platform/errors';
import type { RecordingContext } from '../posthog/context';
import { knownMissingScope } from './share-state';

/**
 * Where the popup stands on a recording's public link. `hidden`: not Hogmark's to read (another
 * PostHog than the key's, or no connection). The link itself starts at no second: the panel adds the
 * one its private link starts at.
 */
export type RecordingPublicState =
  | { phase: 'hidden' }
  | { phase: 'loading' }
  | {
      phase: 'enabled';
      baseUrl: string;
      passwordRequired: boolean;
      /** `unknown`: the organisation may have public links off; it is said beside the link. */
      publicSharing: 'allowed' | 'unknown';
    }
  | { phase: 'disabled' }
  /** Shared, but the organisation has public links off: the link opens for nobody and is not offered. */
  | { phase: 'org-off' }
  | { phase: 'missing-scope'; scope: string }
  | { phase: 'error'; error: SerializedError };

export interface RecordingPublicLinkDeps {
  send: SendMessage;
  context: RecordingContext;
  status: Status;
}

/** A recording's public link, read once when PostHog may give it (see `load`). */
export function createRecordingPublicLink(deps: RecordingPublicLinkDeps) {
  const { send, context, status } = deps;
  const projectId = context.projectId ?? status.projectId ?? null;
  const connected = status.origin === context.origin && projectId !== null;
  const state = signal<RecordingPublicState>({ phase: connected ? 'loading' : 'hidden' });

  return {
    state,

    async load(): Promise<void> {
      if (!connected || projectId === null) return;
      const missingScope = knownMissingScope(status.capabilities?.recordingLinks);
      if (missingScope) {
        // Known from the last key check: no request that can only be refused.
        state.value = { phase: 'missing-scope', scope: missingScope };
        return;
      }
      // Already loading on a first read: no change for a popup that is still painting.
      if (state.peek().phase !== 'loading') state.value = { phase: 'loading' };
      try {
        const answer = await send('recordings/share-link', { projectId, recordingId: context.recordingId });
        const sharing = answer.publicSharing ?? 'unknown';
        state.value = !answer.url
          ? { phase: 'disabled' }
          : sharing === 'off'
            ? { phase: 'org-off' }
            : {
                phase: 'enabled',
                baseUrl: answer.url,
                passwordRequired: answer.passwordRequired === true,
                publicSharing: sharing,
              };
      } catch (error) {
        const serialized = serializeError(error);
        state.value =
          serialized.kind === 'missing-scope' && serialized.scope
            ? { phase: 'missing-scope', scope: serialized.scope }
            : { phase: 'error', error: serialized };
      }
    },
  };
}
export type RecordingPublicLink = ReturnType<typeof createRecordingPublicLink>;
