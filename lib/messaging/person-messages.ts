import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { ASK_MAX_LENGTH, isPersonAskId, PERSON_ASK_KINDS } from '../posthog/person-asks';
import { MAX_PERSON_TEXT, MAX_START_URL } from '../posthog/visitor-text';
import { RecordingIdSchema } from './collection-messages';
import { ProjectId } from './message-schemas';

/**
 * The person page's messages (the protocol map is messages.ts): who an ask found, their recordings a
 * page at a time, and adding some of them to a collection.
 */

/** Recordings added at once from the person page at most (one page of the list). */
export const PERSON_ADD_LIMIT = 20;

/** How a person is looked for (lib/posthog/person-asks.ts). */
export const PersonAskSchema = lazily(() =>
  z.object({
    by: z.enum(PERSON_ASK_KINDS),
    value: z.string().check(z.minLength(1), z.maxLength(ASK_MAX_LENGTH)),
  }),
);

/** What a person page is opened for: the ask, and a person link's project. */
export const OpenedAskSchema = lazily(() =>
  z.strictObject({ ask: PersonAskSchema, projectId: z.optional(ProjectId) }),
);
export type OpenedAsk = z.infer<typeof OpenedAskSchema>;

/** The id an ask is kept under for its page (`persons.html?ask=<id>`): `crypto.randomUUID()`'s form. */
export const PersonAskIdSchema = lazily(() =>
  z.strictObject({ askId: z.string().check(z.refine(isPersonAskId, 'not an ask id')) }),
);

const Text = (max: number) => z.string().check(z.maxLength(max));
const PersonUuid = lazily(() => z.string().check(z.minLength(1), z.maxLength(64)));

/** A person as the page lists them: recorded from the user's own site, so shown as text only. */
export const PersonMatchSchema = lazily(() =>
  z.object({
    uuid: PersonUuid,
    name: Text(MAX_PERSON_TEXT),
    email: z.nullable(Text(MAX_PERSON_TEXT)),
    /** The first few of the person's distinct ids, and how many there are. */
    distinctIds: z.array(Text(200)).check(z.maxLength(3)),
    distinctIdCount: z.int().check(z.nonnegative()),
    createdAt: z.nullable(Text(64)),
    lastSeenAt: z.nullable(Text(64)),
  }),
);
export type PersonMatch = z.infer<typeof PersonMatchSchema>;

/** A recording of the person's list: when, how long, how active, where it started, errors, watched. */
export const PersonRecordingSchema = lazily(() =>
  z.object({
    id: RecordingIdSchema,
    startTime: z.nullable(Text(64)),
    durationSeconds: z.nullable(z.int().check(z.nonnegative())),
    activeSeconds: z.nullable(z.int().check(z.nonnegative())),
    startUrl: z.nullable(Text(MAX_START_URL)),
    errors: z.nullable(z.int().check(z.nonnegative())),
    /** By the key's owner (PostHog's `viewed`); null where PostHog did not say. */
    viewed: z.nullable(z.boolean()),
  }),
);
export type PersonRecording = z.infer<typeof PersonRecordingSchema>;

/** Where the next page starts: PostHog's cursor where it gave one, else an offset. */
export const RecordingsFromSchema = lazily(() =>
  z.union([
    z.object({ after: Text(500) }),
    z.object({ offset: z.int().check(z.nonnegative(), z.lte(10_000)) }),
  ]),
);

/** The person page's messages, spread into the protocol (messages.ts): one factory per message. */
export const personProtocol = {
  /**
   * Keep an ask for the person page it opens (the popup's and the page's field; the menus keep theirs in
   * the background): the page's address then carries only the id, never the email or id asked for.
   */
  'persons/keep-ask': () => ({
    from: 'extension-page',
    input: OpenedAskSchema,
    output: PersonAskIdSchema,
  }),
  /** The ask a person page was opened for; null once the browser forgot it (a restart) or never kept it. */
  'persons/kept-ask': () => ({
    from: 'extension-page',
    input: PersonAskIdSchema,
    output: z.object({ opened: z.nullable(OpenedAskSchema) }),
  }),
  /** Who the ask finds, on the configured PostHog and project (one lookup, kept a few minutes). */
  'persons/find': () => ({
    from: 'extension-page',
    // `projectId`: a person link's project; the configured one otherwise.
    input: z.object({ ask: PersonAskSchema, projectId: z.optional(ProjectId) }),
    output: z.object({
      origin: z.string(),
      projectId: ProjectId,
      persons: z.array(PersonMatchSchema).check(z.maxLength(20)),
      /** How they were found, where not as asked: an email that matched no one exactly, ignoring its case. */
      matchedBy: z.optional(z.literal('email-any-case')),
    }),
  }),
  /** One page of a person's recordings of the last 30 days, newest first (one list, kept a few minutes). */
  'persons/recordings': () => ({
    from: 'extension-page',
    input: z.object({
      projectId: ProjectId,
      personUuid: PersonUuid,
      from: z.optional(RecordingsFromSchema),
    }),
    output: z.object({
      recordings: z.array(PersonRecordingSchema).check(z.maxLength(100)),
      next: z.nullable(RecordingsFromSchema),
      /** Where A adds: the project's last-used collection's name (null before one was used). */
      lastUsedName: z.optional(z.nullable(Text(200))),
    }),
  }),
  /**
   * Recordings of the person page to the last-used collection (several: PostHog's `bulk_add` where it
   * has one), or, with `choose`, the picker for one of them.
   */
  'persons/add': () => ({
    from: 'extension-page',
    input: z.object({
      projectId: ProjectId,
      recordingIds: z.array(RecordingIdSchema).check(z.minLength(1), z.maxLength(PERSON_ADD_LIMIT)),
      choose: z.optional(z.boolean()),
    }),
    output: z.object({
      /** `choose`: the picker was opened (no collection used yet, or asked for). */
      outcome: z.enum(['done', 'same', 'pending', 'failed', 'choose']),
      message: Text(1000),
      /** Where A adds now (as with `persons/recordings`). */
      lastUsedName: z.optional(z.nullable(Text(200))),
    }),
  }),
} satisfies Record<string, () => { from: 'extension-page'; input: z.ZodMiniType; output: z.ZodMiniType }>;
