import type { CollectionEntry, Membership } from './collection-entries';

/** Three states, never a guess: `unknown` where PostHog does not say and Hogmark did nothing. */
export type Holding = 'in' | 'out' | 'unknown';

export function holdingOf(membership: Membership, shortId: string): Holding {
  if (membership.unsure?.includes(shortId)) return 'unknown';
  if (membership.holds.includes(shortId)) return 'in';
  if (membership.lacks.includes(shortId) || membership.complete) return 'out';
  return 'unknown';
}

/** Only a collection holds recordings PostHog lets anyone add to (a saved filter or a synthetic list does not). */
export const canHoldRecordings = (entry: Pick<CollectionEntry, 'kind'>): boolean =>
  entry.kind === 'collection';
