import { z } from 'zod/mini';
import {
  CollaboratorSummarySchema,
  DashboardListSchema,
  DashboardRef,
  DashboardSourceSchema,
  DashboardSummarySchema,
  ItemRef,
  ProjectId,
  PublicLinkSchema,
  PublicSharingSchema,
  RecordingFaceSchema,
  RecordingRef,
} from './message-schemas';

/**
 * The part of the protocol (messages.ts) behind the popup's share panels and the dashboards view:
 * dashboards (their list, pins, share links, collaborators), insights, notebooks, and who a recording
 * is with its public link. Each entry builds its schemas the first time its message comes.
 */
export const shareProtocol = {
  'dashboards/list': () => ({
    from: 'extension-page',
    input: z.object({ projectId: ProjectId, source: z._default(DashboardSourceSchema, 'fresh') }),
    output: z.object({ list: z.nullable(DashboardListSchema), stale: z.boolean() }),
  }),
  'dashboards/get': () => ({
    from: 'extension-page',
    input: z.extend(DashboardRef, { source: z._default(z.enum(['cache', 'server']), 'server') }),
    output: z.object({ dashboard: z.nullable(DashboardSummarySchema) }),
  }),
  'dashboards/pin': () => ({
    from: 'extension-page',
    input: z.extend(DashboardRef, { pinned: z.boolean() }),
    output: z.object({ dashboard: DashboardSummarySchema }),
  }),
  /** Stop waiting for a pin in flight; the pin's own answer then says what PostHog did. */
  'dashboards/cancel-pin': () => ({
    from: 'extension-page',
    input: DashboardRef,
    output: z.object({ cancelled: z.boolean() }),
  }),
  'dashboards/share-link': () => ({
    from: 'extension-page',
    input: DashboardRef,
    // Never turns sharing on: `enabled: false` carries no URL, only where to change it in PostHog.
    // `passwordRequired`: PostHog's `password_required`; viewers of the public link need a password.
    output: z.object({
      enabled: z.boolean(),
      url: z.optional(z.url()),
      passwordRequired: z.optional(z.boolean()),
      // Whether the organisation lets public links open at all (from the last key check).
      publicSharing: z.optional(PublicSharingSchema),
      settingsUrl: z.url(),
    }),
  }),
  /** An insight's numeric id and the name PostHog shows for it (`name || derived_name`). */
  'insights/get': () => ({
    from: 'extension-page',
    input: ItemRef,
    output: z.object({
      id: z.int().check(z.positive()),
      name: z.nullable(z.string().check(z.maxLength(400))),
    }),
  }),
  'insights/share-link': () => ({
    from: 'extension-page',
    input: ItemRef,
    output: z.extend(PublicLinkSchema, { settingsUrl: z.url() }),
  }),
  /**
   * Who a recording is (the person, when, how long, where). `source: 'cache'` answers only what is
   * known (null otherwise) and sends nothing to PostHog.
   */
  'recordings/face': () => ({
    from: 'extension-page',
    input: z.extend(RecordingRef, { source: z.optional(z.enum(['cache', 'server'])) }),
    output: z.object({ face: z.nullable(RecordingFaceSchema) }),
  }),
  /** The recording's public link without a second; the popup adds the player's. */
  'recordings/share-link': () => ({ from: 'extension-page', input: RecordingRef, output: PublicLinkSchema }),
  'notebooks/get': () => ({
    from: 'extension-page',
    input: ItemRef,
    output: z.object({ title: z.nullable(z.string().check(z.maxLength(400))) }),
  }),
  'dashboards/collaborators': () => ({
    from: 'extension-page',
    input: DashboardRef,
    // `available: false`: this PostHog has no collaborators feature (a FOSS build answers 404).
    output: z.object({ available: z.boolean(), collaborators: z.array(CollaboratorSummarySchema) }),
  }),
} satisfies Record<string, () => { from: 'extension-page'; input: z.ZodMiniType; output: z.ZodMiniType }>;
