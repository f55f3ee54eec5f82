import type { PageContext } from '../posthog/context';
import type { PageHints } from './messages';

/**
 * The port a popup opens to watch its tab (`hogmark-view:<tabId>`), and the check of what comes
 * back over it. No schema library here: the popup bundle stays small, and the background parsed
 * the view on its way in; this checks that what arrived has the shape the popup will render.
 */
export const VIEW_PORT_PREFIX = 'hogmark-view:';

export const viewPortName = (tabId: number) => `${VIEW_PORT_PREFIX}${tabId}`;

export function viewPortTabId(name: string): number | null {
  const raw = name.slice(VIEW_PORT_PREFIX.length);
  if (!name.startsWith(VIEW_PORT_PREFIX) || !/^\d{1,10}$/.test(raw)) return null;
  const tabId = Number(raw);
  return Number.isSafeInteger(tabId) ? tabId : null;
}

export interface ViewUpdate {
  tabId: number;
  context: PageContext | null;
  hints: PageHints;
}

/**
 * Every kind of page, with the field that tells one page of it from another ('' when the kind and
 * project do). A `Record`, so a kind added to `PageContext` must be added here too.
 */
const ITEM_FIELD: Readonly<Record<PageContext['kind'], string>> = {
  recording: 'recordingId',
  playlist: 'shortId',
  dashboard: 'dashboardId',
  insight: 'shortId',
  notebook: 'shortId',
  page: 'path',
  shared: 'accessToken',
  embedded: 'accessToken',
  dashboards: '',
  playlists: '',
};
const itemField = (kind: string): string | undefined =>
  Object.hasOwn(ITEM_FIELD, kind) ? ITEM_FIELD[kind as PageContext['kind']] : undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptional = (value: unknown, type: 'string' | 'number') =>
  value === undefined || typeof value === type;

function isContext(value: unknown): value is PageContext {
  if (!isRecord(value) || typeof value.kind !== 'string' || typeof value.origin !== 'string') return false;
  const field = itemField(value.kind);
  if (field === undefined) return false;
  const item = field ? value[field] : '';
  if (value.kind === 'shared' || value.kind === 'embedded') return typeof item === 'string';
  if (value.projectId !== null && !Number.isSafeInteger(value.projectId)) return false;
  if (value.kind === 'dashboard') return Number.isSafeInteger(item);
  return typeof item === 'string' && (value.kind !== 'recording' || isOptional(value.t, 'number'));
}

/** `{ type: 'context/changed', input }` from the background → the update, or null for anything else. */
export function parseViewUpdate(raw: unknown): ViewUpdate | null {
  if (!isRecord(raw) || raw.type !== 'context/changed' || !isRecord(raw.input)) return null;
  const { tabId, context, hints } = raw.input;
  if (!Number.isSafeInteger(tabId) || (tabId as number) < 0) return null;
  if (context !== null && !isContext(context)) return null;
  if (!isRecord(hints) || !isOptional(hints.title, 'string')) return null;
  // null: the player shows no position Hogmark can read.
  if (hints.currentSecond !== null && !isOptional(hints.currentSecond, 'number')) {
    return null;
  }
  // Passed on whole: the background's schema already admitted every field (a field added there later
  // reaches the popup too); the ones the popup renders today are checked above.
  return { tabId: tabId as number, context, hints: { ...hints } as PageHints };
}

/**
 * The same page of PostHog, whatever the playback second: an open popup takes a newer view of the
 * page it shows, never another page's (its picker, notices and links were made for this one).
 */
export function samePage(a: PageContext, b: PageContext): boolean {
  if (a.kind !== b.kind || a.origin !== b.origin) return false;
  const field = ITEM_FIELD[a.kind];
  const one: Record<string, unknown> = a;
  const other: Record<string, unknown> = b;
  return (
    one.projectId === other.projectId &&
    (!field || one[field] === other[field]) &&
    one.playlistShortId === other.playlistShortId
  );
}

export interface WatchDeps {
  /** `browser.runtime.connect`. */
  connect: (options: { name: string }) => {
    onMessage: { addListener(listener: (message: unknown) => void): void };
    disconnect(): void;
  };
  onUpdate: (update: ViewUpdate) => void;
}

/** Opens the tab's view port and hands on each well-formed update for that tab; returns a stop. */
export function watchTabView(tabId: number, deps: WatchDeps): () => void {
  const port = deps.connect({ name: viewPortName(tabId) });
  port.onMessage.addListener((message) => {
    const update = parseViewUpdate(message);
    if (update && update.tabId === tabId) deps.onUpdate(update);
  });
  return () => port.disconnect();
}
