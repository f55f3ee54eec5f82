import type { ItemReadsApi } from '../../api/insights';
import type { RecordingMeta } from '../../api/schema/insight';
import type { SharingConfiguration } from '../../api/schema/sharing';
import { ITEM_LINK_TTL_MS, isFresh, recordingFaceKey } from '../../messaging/first-view/known-face';
import type { MessageInput, MessageOutput, PublicSharing } from '../../messaging/messages';
import { logFailure } from '../../platform/log';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import type { RecordingContext } from '../../posthog/context';
import { insightSharingLink } from '../../posthog/links';
import { personLabel } from '../../posthog/recording-names';
import { personText, startUrlOrNull } from '../../posthog/visitor-text';
import type { Connection } from '../settings/settings';
import { type ItemLinkAnswer, itemLinkCacheItem } from '../storage/stored-items';
import { publicLinkOf } from './share-links';

export interface ItemLinksDeps {
  connection: () => Promise<Connection>;
  api: (connection: Connection, projectId: number) => ItemReadsApi;
  /** The public-sharing switch of the project's organisation as the last key check read it (no request). */
  publicSharing: (projectId: number) => Promise<PublicSharing>;
  /** Whether the last key check found the key able to read recordings (no request). */
  canReadRecordings?: () => Promise<boolean>;
  /** `storage.session`: answers outlive a stopped service worker, not the browser. */
  session: StorageAreaLike;
  now?: () => number;
  ttlMs?: number;
  /** Told when an answer just kept expires, for the sweep then (storage/cache-sweep.ts). */
  expiresAt?: (when: number) => void;
}

/**
 * The face of a recording from PostHog's metadata: what is missing or malformed is left out, not
 * guessed; the person cut and a start address too long left out (visitor-text.ts), so the face is
 * always one the cache and the messages take.
 */
export function faceOf(meta: RecordingMeta): Answer<'recording'> {
  // No person record (PostHog's placeholder has no id): "Anonymous", as Hogmark says it.
  const known = meta.person && meta.person.id !== null && meta.person.id !== undefined ? meta.person : null;
  const named = known ? String(known.name ?? '').trim() || meta.distinct_id?.toString().trim() || '' : null;
  const person = named === null ? null : personText(named);
  const start = meta.start_time ?? '';
  const duration = meta.recording_duration;
  return {
    kind: 'recording',
    person: person === '' ? null : person,
    startTime: Number.isFinite(Date.parse(start)) ? new Date(start).toISOString() : null,
    durationSeconds:
      typeof duration === 'number' && Number.isFinite(duration) && duration >= 0
        ? Math.round(duration)
        : null,
    startUrl: startUrlOrNull(meta.start_url),
  };
}

/** Answers kept at most; the oldest go first. */
const MAX_ENTRIES = 200;

type Answer<K extends ItemLinkAnswer['kind']> = Extract<ItemLinkAnswer, { kind: K }>;

/**
 * What the links of an insight, a notebook and a recording need from PostHog, each read at most once
 * per ten minutes: the insight's numeric id and name (`?short_id=&basic=true`), its sharing and a
 * recording's (by numeric id and session id), a notebook's title. Reads in flight are shared.
 */
export function createItemLinks(deps: ItemLinksDeps) {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlMs ?? ITEM_LINK_TTL_MS;
  // This service alone writes the cache: it is read from memory after the first read (the toolbar
  // title asks on every page hint while a recording plays).
  const store = memoizeItemStore(createItemStore(deps.session, itemLinkCacheItem));
  const inflight = new Map<string, Promise<ItemLinkAnswer>>();
  // Bumped by `clear` (another key or PostHog): a read started before files nothing.
  let generation = 0;

  /** What PostHog said about `key` within the last ten minutes, if anything. */
  async function known<K extends ItemLinkAnswer['kind']>(key: string): Promise<Answer<K> | undefined> {
    const entry = (await store.get()).entries[key];
    return entry && isFresh(entry, now(), ttlMs) ? (entry.answer as Answer<K>) : undefined;
  }

  /**
   * Keeps an answer read at `started`, unless a clear came meanwhile (checked between the read and
   * the write, with no wait between them, so nothing the clear removed comes back); drops what has
   * expired.
   */
  async function keep(key: string, answer: ItemLinkAnswer, started: number): Promise<void> {
    const cache = await store.get();
    if (started !== generation) return;
    const entries = Object.entries({ ...cache.entries, [key]: { at: now(), answer } })
      .filter(([, entry]) => isFresh(entry, now(), ttlMs))
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_ENTRIES);
    await store.set({ version: 1, entries: Object.fromEntries(entries) });
    deps.expiresAt?.(now() + ttlMs);
  }

  async function remembered<K extends ItemLinkAnswer['kind']>(
    key: string,
    read: () => Promise<Answer<K>>,
  ): Promise<Answer<K>> {
    const fresh = await known<K>(key);
    if (fresh) return fresh;
    const running = inflight.get(key);
    if (running) return running as Promise<Answer<K>>;
    const started = generation;
    const task = (async () => {
      const answer = await read();
      // A write that fails costs only the cache: the answer is still given.
      await keep(key, answer, started).catch((error: unknown) => logFailure('item links cache', error));
      return answer;
    })();
    inflight.set(key, task);
    try {
      return await task;
    } finally {
      if (inflight.get(key) === task) inflight.delete(key);
    }
  }

  const sharingAnswer = (origin: string, config: SharingConfiguration): Answer<'sharing'> => {
    const url = publicLinkOf(origin, config);
    return {
      kind: 'sharing',
      enabled: url !== undefined,
      url,
      passwordRequired: config.password_required === true,
    };
  };

  async function insight(connection: Connection, projectId: number, shortId: string) {
    return remembered<'insight'>(`${connection.origin}|${projectId}|insight|${shortId}`, async () => {
      const found = await deps.api(connection, projectId).insightByShortId(shortId);
      const name = found.name?.trim() || found.derived_name?.trim() || null;
      return { kind: 'insight', id: found.id, name };
    });
  }

  async function publicLink(
    sharing: Answer<'sharing'>,
    projectId: number,
  ): Promise<MessageOutput<'recordings/share-link'>> {
    if (!sharing.url) return { enabled: false };
    const publicSharing = await deps.publicSharing(projectId).catch((): PublicSharing => 'unknown');
    return { enabled: true, url: sharing.url, passwordRequired: sharing.passwordRequired, publicSharing };
  }

  return {
    async insight({
      projectId,
      shortId,
    }: MessageInput<'insights/get'>): Promise<MessageOutput<'insights/get'>> {
      const { id, name } = await insight(await deps.connection(), projectId, shortId);
      return { id, name };
    },

    async insightShareLink(
      input: MessageInput<'insights/share-link'>,
    ): Promise<MessageOutput<'insights/share-link'>> {
      const connection = await deps.connection();
      const { projectId, shortId } = input;
      const { id } = await insight(connection, projectId, shortId);
      const sharing = await remembered<'sharing'>(
        `${connection.origin}|${projectId}|insight-sharing|${id}`,
        async () =>
          sharingAnswer(connection.origin, await deps.api(connection, projectId).insightSharing(id)),
      );
      const settingsUrl = insightSharingLink({ origin: connection.origin, projectId, shortId });
      return { ...(await publicLink(sharing, projectId)), settingsUrl };
    },

    async recordingShareLink(
      input: MessageInput<'recordings/share-link'>,
    ): Promise<MessageOutput<'recordings/share-link'>> {
      const connection = await deps.connection();
      const { projectId, recordingId } = input;
      const sharing = await remembered<'sharing'>(
        `${connection.origin}|${projectId}|recording-sharing|${recordingId}`,
        async () =>
          sharingAnswer(
            connection.origin,
            await deps.api(connection, projectId).recordingSharing(recordingId),
          ),
      );
      return publicLink(sharing, projectId);
    },

    async notebook({
      projectId,
      shortId,
    }: MessageInput<'notebooks/get'>): Promise<MessageOutput<'notebooks/get'>> {
      const connection = await deps.connection();
      const answer = await remembered<'notebook'>(
        `${connection.origin}|${projectId}|notebook|${shortId}`,
        async () => ({
          kind: 'notebook',
          title: (await deps.api(connection, projectId).notebookTitle(shortId))?.trim() || null,
        }),
      );
      return { title: answer.title };
    },

    /**
     * Who a recording is, read with the key at most once per ten minutes; from `cache`, only what
     * is known (never a request: for the first paint and the lists that name many recordings).
     */
    async recordingFace(input: MessageInput<'recordings/face'>): Promise<MessageOutput<'recordings/face'>> {
      const connection = await deps.connection();
      const { projectId, recordingId } = input;
      // The popup reads the same entry for its first paint (first-view/known-face.ts).
      const key = recordingFaceKey(connection.origin, projectId, recordingId);
      // A key without `session_recording:read` is not asked again and again: the options say why.
      const readable = input.source !== 'cache' && (await deps.canReadRecordings?.()) !== false;
      const answer = !readable
        ? await known<'recording'>(key)
        : await remembered<'recording'>(key, async () =>
            faceOf(await deps.api(connection, projectId).recording(recordingId)),
          );
      if (!answer) return { face: null };
      const { kind: _kind, ...face } = answer;
      return { face };
    },

    /**
     * Who the recording a tab shows is, as the toolbar's title names it: only what PostHog already
     * said (never a request; the popup's header or an add reads it), on the connected PostHog.
     */
    async recordingPerson(context: RecordingContext): Promise<string | undefined> {
      const connection = await deps.connection().catch(() => null);
      if (!connection || connection.origin !== context.origin) return undefined;
      const projectId = context.projectId ?? connection.projectId;
      const answer = await known<'recording'>(
        recordingFaceKey(connection.origin, projectId, context.recordingId),
      );
      return answer ? personLabel(answer) : undefined;
    },

    /**
     * Drops the answers past their ten minutes (a recording's face names a person and where they
     * were); says when the next kept one expires (null: none kept).
     */
    async sweep(): Promise<number | null> {
      const started = generation;
      const cache = await store.get();
      const kept = Object.entries(cache.entries).filter(([, entry]) => isFresh(entry, now(), ttlMs));
      if (started === generation && kept.length < Object.keys(cache.entries).length) {
        await store.set({ version: 1, entries: Object.fromEntries(kept) });
      }
      return kept.length === 0 ? null : Math.min(...kept.map(([, entry]) => entry.at)) + ttlMs;
    },

    /** Another key, PostHog or project: nothing read with the old one is reused. */
    async clear(): Promise<void> {
      generation++;
      inflight.clear();
      await store.remove();
    },
  };
}
export type ItemLinks = ReturnType<typeof createItemLinks>;
