/**
 * The bounds of a review doc, shared by its messages' schemas and the popup's store (which must not
 * import the schemas: they would bring zod into the popup).
 */

/** Recordings a doc lists at most: PostHog's pages are read until then, and the doc says if more were left. */
export const MAX_REVIEW_RECORDINGS = 500;
/** Recordings whose notes one `recordings/notes` asks for. */
export const NOTES_BATCH = 10;
/** Notes kept of one recording (PostHog's five pages of 100), and characters of one note. */
export const MAX_RECORDING_NOTES = 500;
export const MAX_NOTE_LENGTH = 4000;
