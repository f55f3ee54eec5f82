import type { State } from '../state';
import { emptyState, PROJECTS } from './common';

/** One project, nothing in it: first-run screens. */
export function emptySeed(): State {
  return emptyState(PROJECTS.slice(0, 1));
}
