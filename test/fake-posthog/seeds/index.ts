import type { State } from '../state';
import type { SeedName } from '../types';
import { demoSeed, reviewSeed } from './demo';
import { emptySeed } from './empty';
import { largeSeed } from './large';
import { siteSeed, withSiteRecordings } from './site';
import { supportSeed } from './support';

export function loadSeed(name: SeedName, largeCount?: number): State {
  if (name === 'large') return largeSeed(largeCount);
  if (name === 'empty') return emptySeed();
  if (name === 'review') return reviewSeed();
  if (name === 'support') return supportSeed();
  if (name === 'site') return siteSeed();
  if (name === 'tour') return withSiteRecordings(supportSeed());
  return demoSeed();
}
