import { describe, expect, it } from 'vitest';
import { pageIdentityOf } from '../../lib/content/page-identity';
import { parsePageContext } from '../../lib/posthog/context';

const ORIGIN = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';

const CASES: Array<[string, { kind: string; id: string } | null]> = [
  [`/project/1/replay/${REC}`, { kind: 'recording', id: REC }],
  [`/project/1/replay/${REC}?t=42`, { kind: 'recording', id: REC }],
  [`/replay/${REC}`, { kind: 'recording', id: REC }],
  [`/recordings/${REC}`, { kind: 'recording', id: REC }],
  [`/project/1/replay/home?sessionRecordingId=${REC}`, { kind: 'recording', id: REC }],
  [`/project/1/dashboard/7#sessionRecordingId=${REC}`, { kind: 'recording', id: REC }],
  [`/project/1/replay/playlists/eKdNnFRI?sessionRecordingId=${REC}`, { kind: 'recording', id: REC }],
  ['/project/1/replay/playlists/eKdNnFRI', { kind: 'playlist', id: 'eKdNnFRI' }],
  ['/project/1/dashboard/7', { kind: 'dashboard', id: '7' }],
  ['/project/1/dashboard/7/sharing', { kind: 'dashboard', id: '7' }],
  ['/dashboard/7/', { kind: 'dashboard', id: '7' }],
  ['/project/1/dashboard', null],
  ['/project/1/replay/playlists', null],
  ['/project/1/replay/home', null],
  ['/project/1/replay/kiosk', null],
  ['/project/1/replay/bulk_add', null],
  ['/project/1/notebooks/NbRe1ase', null],
  ['/project/1/feature_flags/7', null],
  ['/project/1/replay/playlists/new', null],
  ['/project/1/dashboard/007', null],
  ['/project/1/insights/abc', null],
  ['/shared/ThPQInf3W95O4Ve1SbO1jsafutKK4w', null],
  ['/', null],
];

describe('pageIdentityOf', () => {
  it.each(CASES)('%s', (path, expected) => {
    expect(pageIdentityOf(`${ORIGIN}${path}`)).toEqual(expected);
  });

  // The content script's trimmed parser must agree with the background's on what kind of page it is.
  it.each(CASES)('agrees with parsePageContext on %s', (path) => {
    const context = parsePageContext(`${ORIGIN}${path}`);
    const titled =
      context && ['recording', 'dashboard', 'playlist'].includes(context.kind) ? context.kind : null;
    expect(pageIdentityOf(`${ORIGIN}${path}`)?.kind ?? null).toBe(titled);
  });

  it('answers null for text that is not a URL', () => {
    expect(pageIdentityOf('not a url')).toBeNull();
  });
});
