/** The API path of one recording in a collection of project 1, as PostHog takes the add and the remove. */
export const recordingPath = (shortId: string, recordingId: string) =>
  `/api/projects/1/session_recording_playlists/${shortId}/recordings/${recordingId}/`;

/** The same route as a pattern for the local PostHog's faults (`shortId` may be a pattern itself). */
export const recordingRoute = (shortId: string, recordingId: string) =>
  new RegExp(`/session_recording_playlists/${shortId}/recordings/${recordingId}/?$`);
