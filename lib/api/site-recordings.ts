import { type ProjectRef, projectPath } from './paths';
import type { RecordingsFrom } from './persons';
import { type RecordingList, RecordingListSchema } from './schema/person';
import type { SearchParams, Transport } from './transport';

/**
 * `GET session_recordings/` with a query of the caller's making (lib/posthog/visited-page.ts: the
 * `visited_page` filter in the form the server knows), a page at a time: PostHog's cursor where it
 * gave one, else an offset (`session_recording_api.py` `list_recordings_response`).
 */
export function createSiteRecordingsApi(transport: Transport, project: ProjectRef) {
  return {
    list(search: SearchParams, from?: RecordingsFrom): Promise<RecordingList> {
      return transport.request({
        method: 'GET',
        path: projectPath(project, 'session_recordings'),
        searchParams: {
          ...search,
          ...(from && 'after' in from ? { after: from.after } : {}),
          ...(from && 'offset' in from && from.offset > 0 ? { offset: from.offset } : {}),
        },
        schema: RecordingListSchema,
      });
    },
  };
}
export type SiteRecordingsApi = ReturnType<typeof createSiteRecordingsApi>;
