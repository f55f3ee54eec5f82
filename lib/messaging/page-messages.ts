import { z } from 'zod/mini';
import { isSessionRequestAllowed } from '../api/session-routes';
import { PageContextSchema } from '../posthog/context-schema';
import { ClipboardWriteInputSchema, ClipboardWriteResultSchema } from './clipboard-messages';
import { Empty, PageHintsSchema, SESSION_METHODS } from './message-schemas';

/**
 * The part of the protocol (messages.ts) that crosses into web pages' tabs and back: what content
 * scripts may send the background (untrusted, so strict inputs; the tab comes from the sender), and
 * what the background sends content scripts, a watching popup and its offscreen document. One factory
 * per message: its schemas are built when that message first comes (messages.ts).
 */
export const pageProtocol = {
  // content scripts → background: untrusted, so strict inputs and the tab comes from the sender
  'context/hint': () => ({
    from: 'content-script',
    // The page URL the hints describe. Chrome's sender.url keeps the URL the document loaded with,
    // so after an in-app navigation only the page knows it; the background files hints under it only
    // while it is the tab's current URL, as the browser reports it.
    input: z.extend(PageHintsSchema, { url: z.optional(z.string().check(z.maxLength(4096))) }),
    output: Empty,
  }),
  'recording/add-from-page': () => ({
    from: 'content-script',
    // The recording is read from the sender's tab URL; a claimed id is accepted only to be ignored.
    input: z.strictObject({ recordingId: z.optional(z.string().check(z.maxLength(200))) }),
    output: z.object({
      added: z.boolean(),
      playlistName: z.optional(z.string()),
      via: z.enum(['key', 'session']),
      /** The sentence the page shows (the page has no translations of its own). */
      message: z.optional(z.string().check(z.maxLength(300))),
      /** The whole sentence behind a short answer (who was added where, and how): its tooltip. */
      detail: z.optional(z.string().check(z.maxLength(600))),
      /** The last action of this tab can be undone from the page. */
      undoable: z.optional(z.boolean()),
    }),
  }),
  'recording/undo-from-page': () => ({
    from: 'content-script',
    // Undoes the last action only when it was made for the recording this tab shows.
    input: z.strictObject({}),
    output: z.object({ undone: z.boolean(), message: z.string().check(z.maxLength(300)) }),
  }),
  'recording/cancel-from-page': () => ({
    from: 'content-script',
    // Stops waiting for the in-page add or undo of the recording this tab shows; nothing else.
    input: z.strictObject({}),
    output: z.object({ cancelled: z.boolean() }),
  }),
  'session/reply': () => ({
    from: 'content-script',
    input: z.strictObject({
      requestId: z.uuid(),
      status: z.int().check(z.gte(0), z.lte(599)),
      body: z.unknown(),
    }),
    output: Empty,
  }),

  // background → the content script of a signed-in PostHog tab (the session fallback)
  'session/request': () => ({
    from: 'background',
    input: z
      .strictObject({
        requestId: z.uuid(),
        /** The PostHog it is meant for: the relay refuses it unless that is the page's own origin. */
        origin: z.string().check(z.maxLength(200)),
        method: z.enum(SESSION_METHODS),
        path: z.string().check(z.maxLength(500)),
        body: z.optional(z.unknown()),
      })
      // Only the routes PostHog refuses to personal keys, each with its own body; never an arbitrary URL.
      .check(
        z.refine((request) => isSessionRequestAllowed(request), {
          message: 'route not forwardable',
          path: ['path'],
        }),
      ),
    output: z.object({ accepted: z.boolean() }),
  }),

  // background → a popup watching its tab (over the port it opened, `VIEW_PORT_PREFIX`): the tab's
  // view again whenever it changes (a late title, the playback second, an in-app navigation)
  'context/changed': () => ({
    from: 'background',
    input: z.object({
      tabId: z.int().check(z.nonnegative()),
      context: z.nullable(PageContextSchema),
      hints: PageHintsSchema,
    }),
    output: Empty,
  }),

  // background → its offscreen document (Chromium): a copy started by a shortcut or a menu item
  'clipboard/write': () => ({
    from: 'background',
    input: ClipboardWriteInputSchema,
    output: ClipboardWriteResultSchema,
  }),
} satisfies Record<
  string,
  () => { from: 'content-script' | 'background'; input: z.ZodMiniType; output: z.ZodMiniType }
>;
