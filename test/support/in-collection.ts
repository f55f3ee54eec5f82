import { DEMO } from '../fake-posthog/demo-ids';

/** What a recording action takes: the recording (the demo's loose one unless told) in a collection of project 1. */
export const inCollection = (shortId: string, recordingId: string = DEMO.recordings.loose) => ({
  projectId: 1,
  shortId,
  recordingId,
});
