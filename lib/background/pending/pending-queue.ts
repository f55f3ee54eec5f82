import { pendingStateOf } from '../../messaging/first-view/pending-state';
import type {
  PendingChange,
  PendingDirection,
  PendingNotice,
  PendingState,
  PendingTarget,
} from '../../messaging/pending-messages';
import { noticeSentence } from '../../messaging/pending-notice';
import type { ErrorKind } from '../../platform/error-policy';
import { waitsForSignIn } from '../../platform/error-policy';
import { AppError, toAppError } from '../../platform/errors';
import { createItemStore, memoizeItemStore, type StorageAreaLike } from '../../platform/storage';
import { createAttempt } from './pending-attempt';
import {
  keptNotices,
  MAX_PENDING,
  nextTryAt,
  PAGE_TRIGGER_GAP_MS,
  type PendingStore,
  pendingItem,
  publicChange,
  type StoredChange,
  sameTarget,
  toState,
} from './pending-store';

export interface PendingDeps {
  store: StorageAreaLike;
  /**
   * Makes one change. `checkFirst`: its last try may have been made, so PostHog is read before any
   * write. Resolves when PostHog holds what was asked (made now or already so); throws otherwise.
   */
  apply: (change: PendingChange, options: { checkFirst: boolean }) => Promise<void>;
  /** The number of changes waiting, for the toolbar badge. */
  onCount?: (count: number) => void;
  /** When the schedule should next try (null: nothing scheduled), e.g. `alarms.create`. */
  schedule?: (when: number | null) => void;
  /** A change was made or given up, with the sentence that says so (for the toolbar button). */
  onSettled?: (notice: PendingNotice & { sentence: string }) => Promise<void>;
  onError?: (error: unknown) => void;
  now?: () => number;
  newId?: () => string;
  /** Runs `run` after `ms` (a page trigger deferred to the end of its gap); `setTimeout` by default. */
  later?: (run: () => Promise<void>, ms: number) => void;
}

export type KeepResult = { kept: PendingChange } | { cancelledOut: PendingChange };

/**
 * Pending changes: kept in order, each made at most once. Per recording and collection they are made
 * in the order asked; an add and its undo that are both still waiting cancel out without a request.
 */
export function createPendingChanges(deps: PendingDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const later =
    deps.later ??
    ((run: () => Promise<void>, ms: number) => void setTimeout(() => void run().catch(deps.onError), ms));
  const store = memoizeItemStore(createItemStore(deps.store, pendingItem));
  let flushing: Promise<void> | null = null;
  let recovered = false;
  /** Bumped by `clear` (Forget key): a run that was in flight then writes nothing back. */
  let generation = 0;

  async function read(): Promise<PendingStore> {
    const value = await store.get();
    if (recovered) return value;
    recovered = true;
    // The worker stopped while a request was out: its outcome is unknown until PostHog is read.
    // Stryker disable next-line ConditionalExpression: with none in flight, going on writes back each change as it was
    if (!value.changes.some((change) => change.inFlight)) return value;
    const changes = value.changes.map((change) =>
      change.inFlight ? { ...change, inFlight: false, uncertain: true } : change,
    );
    const next = { ...value, changes };
    await store.set(next);
    return next;
  }

  async function write(next: PendingStore): Promise<void> {
    await store.set(next);
    deps.onCount?.(next.changes.length);
  }

  function scheduleNext(changes: readonly StoredChange[]): void {
    const times = changes.map((change) => change.nextAt).filter((at): at is number => at !== null);
    deps.schedule?.(times.length > 0 ? Math.min(...times) : null);
  }

  const nextTry = (attempts: number, reason: ErrorKind) => nextTryAt(now(), attempts, reason);
  const attempt = createAttempt({ apply: deps.apply, now, newId });

  async function keep(
    target: PendingTarget,
    direction: PendingDirection,
    failure: unknown,
  ): Promise<KeepResult> {
    const error = toAppError(failure);
    const value = await read();
    const waiting = value.changes.filter((change) => sameTarget(change, target));
    const last = waiting.at(-1);
    // The opposite of a change still waiting (and not on its way): neither is made, no request.
    if (last && last.direction !== direction && !last.inFlight) {
      await write({ ...value, changes: value.changes.filter((change) => change !== last) });
      scheduleNext(value.changes.filter((change) => change !== last));
      return { cancelledOut: publicChange(last) };
    }
    if (last && last.direction === direction) return { kept: publicChange(last) };
    if (value.changes.length >= MAX_PENDING) throw new AppError('pending-full', { cause: error });
    const change: StoredChange = {
      ...target,
      id: newId(),
      direction,
      at: now(),
      attempts: 1,
      reason: error.kind,
      nextAt: nextTry(1, error.kind),
      inFlight: false,
      uncertain: error.kind === 'outcome-unknown',
      lastTriedAt: now(),
    };
    const changes = [...value.changes, change];
    await write({ ...value, changes });
    scheduleNext(changes);
    return { kept: publicChange(change) };
  }

  /**
   * Tries the changes that are due, one at a time, in the order they were asked. A change that is
   * still waiting holds back the later ones for the same recording and collection.
   */
  async function run(due: (change: StoredChange) => boolean): Promise<void> {
    const tried = new Set<string>();
    const started = generation;
    for (;;) {
      const value = await read();
      if (generation !== started) return;
      // Only the first change still waiting per recording and collection may go: a later one (an undo
      // asked while its add was on its way) waits for it, due or not, failed again or not.
      const change = value.changes.find(
        (candidate) =>
          !tried.has(candidate.id) &&
          due(candidate) &&
          value.changes.find((other) => sameTarget(other, candidate)) === candidate,
      );
      if (!change) {
        scheduleNext(value.changes);
        return;
      }
      tried.add(change.id);
      await write({
        ...value,
        changes: value.changes.map((other) =>
          other.id === change.id ? { ...other, inFlight: true } : other,
        ),
      });
      const outcome = await attempt(change);
      const after = await read();
      // Cleared while the request was out (Forget key): nothing of it is written back.
      if (generation !== started) return;
      const changes = after.changes.flatMap((other) =>
        other.id !== change.id ? [other] : outcome.keep ? [{ ...outcome.keep, inFlight: false }] : [],
      );
      const notices = keptNotices(outcome.notice ? [...after.notices, outcome.notice] : after.notices, now());
      await write({ ...after, changes, notices });
      if (outcome.notice) {
        await deps
          .onSettled?.({ ...outcome.notice, sentence: noticeSentence(outcome.notice) })
          .catch(deps.onError);
      }
    }
  }

  /** One run at a time; a trigger that comes during a run is covered by it or by the schedule. */
  function flush(due: (change: StoredChange) => boolean): Promise<void> {
    if (flushing) return flushing;
    flushing = run(due)
      .catch((error: unknown) => deps.onError?.(error))
      .finally(() => {
        flushing = null;
      });
    return flushing;
  }

  return {
    keep,

    /**
     * The schedule's alarm, the worker starting, or the browser coming back online (`all`: every
     * change, except those only a sign-in can help).
     */
    tryDue: (options: { all?: boolean } = {}) =>
      flush(
        (change) =>
          (change.nextAt !== null && change.nextAt <= now()) ||
          (options.all === true && !waitsForSignIn(change.reason)),
      ),

    /**
     * A PostHog page on `origin` loaded (perhaps just signed in): that origin's changes are tried.
     * One tried less than the gap ago is tried at the gap's end, never dropped: the user may have
     * signed in a second after a failed pick.
     */
    pageLoaded: async (origin: string): Promise<void> => {
      const at = now();
      // A change whose request is on its way when the page loads is covered by that try: the page
      // that loaded may be the quiet tab it goes through, which must not set off a try of its own.
      const owed = new Set(
        (await read()).changes
          .filter((change) => change.origin === origin && !change.inFlight)
          .map((change) => change.id),
      );
      // Stryker disable next-line ConditionalExpression,EqualityOperator: with nothing owed, tryOwed tries nothing, sets the same alarm again and no timer
      if (owed.size > 0) await tryOwed(owed, at);
    },

    /** "Retry now": one change, or all of them, whatever the schedule says; the popup is told the outcome. */
    retryNow: async (id?: string): Promise<PendingState> => {
      await flush((change) => id === undefined || change.id === id);
      return takeState();
    },

    /** "Discard": the change is dropped unmade (not while its request is on the way). */
    discard: async (id: string): Promise<{ discarded: boolean; state: PendingState }> => {
      const value = await read();
      const change = value.changes.find((candidate) => candidate.id === id);
      if (!change || change.inFlight) return { discarded: false, state: await takeState() };
      const changes = value.changes.filter((candidate) => candidate !== change);
      await write({ ...value, changes });
      scheduleNext(changes);
      return { discarded: true, state: await takeState() };
    },

    state,
    takeState,

    /** Badge and schedule as stored, after the worker starts; notices past their week dropped. */
    start: async (): Promise<void> => {
      let value = await read();
      const notices = keptNotices(value.notices, now());
      // Stryker disable next-line ConditionalExpression,EqualityOperator: with none dropped, the write puts back the same notices
      if (notices.length < value.notices.length) {
        value = { ...value, notices };
        await store.set(value);
      }
      deps.onCount?.(value.changes.length);
      scheduleNext(value.changes);
    },

    /** Settings cleared (another key or PostHog): changes for the old one are dropped. */
    clear: async (): Promise<void> => {
      // Stryker disable next-line UpdateOperator: `generation--` changes it as well, which is all a run compares
      generation++;
      await write({ version: 1, changes: [], notices: [] });
      scheduleNext([]);
    },
  };

  /**
   * Tries the changes a page trigger at `at` owes a try (those not tried since), once the gap since
   * their last try has passed; those still inside it are tried when it ends. After a run that was
   * going (its own list), so that this one is made now, not left to the schedule.
   */
  async function tryOwed(owed: ReadonlySet<string>, at: number): Promise<void> {
    const stillOwed = (change: StoredChange) => owed.has(change.id) && change.lastTriedAt < at;
    const gapLeft = (change: StoredChange) => change.lastTriedAt + PAGE_TRIGGER_GAP_MS - now();
    while (flushing) await flushing;
    await flush((change) => stillOwed(change) && gapLeft(change) <= 0);
    const early = (await read()).changes.filter(
      (change) => stillOwed(change) && !change.inFlight && gapLeft(change) > 0,
    );
    if (early.length === 0) return;
    const wait = Math.max(...early.map(gapLeft));
    later(() => tryOwed(new Set(early.map((change) => change.id)), at), wait);
  }

  async function state(): Promise<PendingState> {
    return toState(await read());
  }

  /** For the popup: what is waiting, and what became of the rest (told once, then dropped). */
  async function takeState(): Promise<PendingState> {
    const value = await read();
    // Stryker disable next-line ConditionalExpression,EqualityOperator: with no notices, the write puts back the same empty list
    if (value.notices.length > 0) await store.set({ ...value, notices: [] });
    return pendingStateOf(value, now());
  }
}
export type PendingChanges = ReturnType<typeof createPendingChanges>;
