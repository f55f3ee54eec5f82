import { z } from 'zod/mini';
import { lazily } from '../platform/lazy';
import { MAX_PERSON_TEXT } from '../posthog/visitor-text';
import { NoteInputSchema, RecordingIdSchema } from './collection-messages';
import { ProjectId, TabRef } from './message-schemas';
import { PersonRecordingSchema, RecordingsFromSchema } from './person-messages';

/**
 * "Recorded here": the messages of the view over a customer's site (the protocol map is
 * messages.ts). Each names the tab, never its address: the background reads the address and the
 * page's posthog-js storage itself, on the popup's click (activeTab), and sends PostHog only a
 * pattern of the address without its query or fragment.
 */

const Text = (max: number) => z.string().check(z.maxLength(max));

/** The site as the view names it: its origin and host (never its path or query). */
export const SiteRefSchema = lazily(() => z.object({ origin: Text(2048), host: Text(300) }));

export const SiteProjectSchema = lazily(() => z.object({ id: ProjectId, name: Text(400) }));
export type SiteProject = z.infer<typeof SiteProjectSchema>;

/** The user's own session on the site, as posthog-js keeps it. */
export const MySessionSchema = lazily(() =>
  z.object({
    id: RecordingIdSchema,
    /** ms since the epoch; the site's clock wrote them. */
    startMs: z.number().check(z.nonnegative()),
    lastActivityMs: z.number().check(z.nonnegative()),
    /** Active within posthog-js's timeout and under 24 hours old. */
    live: z.boolean(),
    /** The identified distinct id (an email, often); null while anonymous. */
    person: z.nullable(Text(MAX_PERSON_TEXT)),
  }),
);
export type MySession = z.infer<typeof MySessionSchema>;

/**
 * What the site is: `found` (the project, and how: the page's token, its domain in the project's
 * `recording_domains` / `app_urls`, or the user's choice for this site); `elsewhere` (a token no
 * project the credential reaches has); `choose` (no token, no domain: which project, asked once);
 * `unreadable` (a browser page, or one the click's grant does not reach).
 */
export const SiteLookSchema = lazily(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('found'),
      site: SiteRefSchema,
      origin: Text(2048),
      project: SiteProjectSchema,
      by: z.enum(['token', 'domain', 'choice']),
      session: z.nullable(MySessionSchema),
    }),
    z.object({ kind: z.literal('elsewhere'), site: SiteRefSchema }),
    z.object({
      kind: z.literal('choose'),
      site: SiteRefSchema,
      /** Whether the page had any posthog-js entry at all (one without a token in its name). */
      sawPostHog: z.boolean(),
      projects: z.array(SiteProjectSchema).check(z.maxLength(500)),
    }),
    z.object({ kind: z.literal('unreadable') }),
  ]),
);
export type SiteLook = z.infer<typeof SiteLookSchema>;

export const PageRangeSchema = lazily(() => z.enum(['page', 'below']));
export const RecordedWithinSchema = lazily(() => z.union([z.literal(7), z.literal(30)]));

/** A recording of the list: the person page's face plus who it is. */
export const SiteRecordingSchema = lazily(() =>
  z.extend(PersonRecordingSchema, { person: z.nullable(Text(MAX_PERSON_TEXT)) }),
);
export type SiteRecording = z.infer<typeof SiteRecordingSchema>;

export const SiteRecordingsInputSchema = lazily(() =>
  z.object({
    tabId: z.int().check(z.nonnegative()),
    projectId: ProjectId,
    range: PageRangeSchema,
    days: RecordedWithinSchema,
    from: z.optional(RecordingsFromSchema),
  }),
);
export type SiteRecordingsInput = z.infer<typeof SiteRecordingsInputSchema>;

export const SiteRecordingsSchema = lazily(() =>
  z.object({
    recordings: z.array(SiteRecordingSchema).check(z.maxLength(100)),
    next: z.nullable(RecordingsFromSchema),
    /** PostHog's replay list with the same filter. */
    openAllUrl: Text(8192),
    /** Where "Add" goes: the project's last-used collection's name (null before one was used). */
    lastUsedName: z.nullable(Text(200)),
  }),
);
export type SiteRecordings = z.infer<typeof SiteRecordingsSchema>;

export const SiteAddInputSchema = lazily(() =>
  z.object({
    projectId: ProjectId,
    recordingId: RecordingIdSchema,
    /** Open the picker instead of adding to the last-used collection. */
    choose: z.optional(z.boolean()),
    /** The user's own session: a note at its second, written with the add. */
    note: z.optional(NoteInputSchema),
  }),
);

export const SiteAddSchema = lazily(() =>
  z.object({
    outcome: z.enum(['done', 'same', 'pending', 'failed', 'choose']),
    message: Text(1000),
  }),
);

/** The view's messages, spread into the protocol (messages.ts). */
export const siteProtocol = {
  /** What the tab's site is: reads its posthog-js storage (the click's activeTab) and matches it. */
  'site/look': () => ({ from: 'extension-page', input: TabRef, output: SiteLookSchema }),
  /** Remember this project for the tab's site (null: forget it and offer every project); the new look. */
  'site/choose': () => ({
    from: 'extension-page',
    input: z.object({ tabId: z.int().check(z.nonnegative()), projectId: z.nullable(ProjectId) }),
    output: SiteLookSchema,
  }),
  /** One page of the recordings that visited the tab's page, newest first (kept a few minutes). */
  'site/recordings': () => ({
    from: 'extension-page',
    input: SiteRecordingsInputSchema,
    output: SiteRecordingsSchema,
  }),
  /** A recording of the list (or the user's own session, with its note) to the last-used collection. */
  'site/add': () => ({ from: 'extension-page', input: SiteAddInputSchema, output: SiteAddSchema }),
} satisfies Record<string, () => { from: 'extension-page'; input: z.ZodMiniType; output: z.ZodMiniType }>;
