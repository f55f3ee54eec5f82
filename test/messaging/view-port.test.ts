import { describe, expect, it } from 'vitest';
import { protocol } from '../../lib/messaging/messages';
import {
  parseViewUpdate,
  samePage,
  viewPortName,
  viewPortTabId,
  watchTabView,
} from '../../lib/messaging/view-port';
import { type PageContext, parsePageContext } from '../../lib/posthog/context';

const US = 'https://us.posthog.com';
const REC = '0191dd9d-ec00-726b-b2a7-4de452e6b438';
const recording: PageContext = { kind: 'recording', origin: US, projectId: 1, recordingId: REC };
const dashboard: PageContext = { kind: 'dashboard', origin: US, projectId: 1, dashboardId: 3 };
const changed = (input: unknown) => ({ type: 'context/changed', input });
const at = (path: string): PageContext => {
  const context = parsePageContext(`${US}${path}`);
  if (!context) throw new Error(`${path} is no page of PostHog`);
  return context;
};
/** One page of every kind, as the background parses them from a tab's URL. */
const EVERY_KIND: PageContext[] = [
  at(`/project/1/replay/${REC}?t=12`),
  at('/project/1/replay/playlists/eKdNnFRI'),
  at('/project/1/dashboard/3'),
  at('/project/1/insights/Wk7pQ2xZ'),
  at('/project/1/notebooks/abc123XY'),
  at('/project/1/feature_flags/42?tab=usage'),
  at('/project/1/dashboard'),
  at('/project/1/replay/playlists'),
  at('/shared/AbCdEfGhIjKl1234'),
  at('/embedded/AbCdEfGhIjKl1234'),
];

describe('the view port', () => {
  it('names a port for a tab and reads the tab back, refusing any other name', () => {
    expect(viewPortTabId(viewPortName(12))).toBe(12);
    for (const name of [
      'hogmark-view:',
      'hogmark-view:-1',
      'hogmark-view:1.5',
      'other:3',
      'hogmark-view:99999999999',
    ])
      expect(viewPortTabId(name)).toBeNull();
  });

  it('takes a well-formed update, the shape the protocol declares', () => {
    const input = { tabId: 4, context: { ...recording, t: 30 }, hints: { title: 'x', currentSecond: 31 } };
    expect(protocol['context/changed'].input.safeParse(input).success).toBe(true);
    expect(parseViewUpdate(changed(input))).toEqual(input);
    expect(parseViewUpdate(changed({ tabId: 4, context: null, hints: {} }))).toEqual({
      tabId: 4,
      context: null,
      hints: {},
    });
  });

  it('takes every kind of page, so a late title reaches a popup over an insight, a notebook or any page', () => {
    expect(new Set(EVERY_KIND.map((context) => context.kind)).size).toBe(EVERY_KIND.length);
    for (const context of EVERY_KIND) {
      const input = { tabId: 4, context, hints: { title: 'Weekly signups' } };
      expect(protocol['context/changed'].input.safeParse(input).success).toBe(true);
      expect(parseViewUpdate(changed(input))).toEqual(input);
    }
  });

  it.each([
    null,
    'context/changed',
    { type: 'context/hint', input: { tabId: 4, context: null, hints: {} } },
    changed({ tabId: -1, context: null, hints: {} }),
    changed({ tabId: '4', context: null, hints: {} }),
    changed({ tabId: 4, context: { kind: 'recording', origin: US, projectId: 1 }, hints: {} }),
    changed({ tabId: 4, context: { kind: 'settings', origin: US, projectId: 1 }, hints: {} }),
    changed({ tabId: 4, context: { ...dashboard, dashboardId: '3' }, hints: {} }),
    changed({ tabId: 4, context: { kind: 'shared', origin: US }, hints: {} }),
    changed({ tabId: 4, context: { kind: 'insight', origin: US, projectId: 1 }, hints: {} }),
    changed({ tabId: 4, context: { kind: 'notebook', origin: US, projectId: 1, shortId: 7 }, hints: {} }),
    changed({ tabId: 4, context: { kind: 'page', origin: US, projectId: 1 }, hints: {} }),
    changed({ tabId: 4, context: { kind: 'toString', origin: US, projectId: 1 }, hints: {} }),
    changed({ tabId: 4, context: null, hints: { title: 3 } }),
    changed({ tabId: 4, context: null, hints: { currentSecond: '12' } }),
    changed({ tabId: 4, context: null }),
  ])('refuses %j', (raw) => {
    expect(parseViewUpdate(raw)).toBeNull();
  });

  it('tells the same page from another, whatever the playback second', () => {
    expect(samePage(recording, { ...recording, t: 40 } as PageContext)).toBe(true);
    expect(samePage(recording, { ...recording, recordingId: 'other' } as PageContext)).toBe(false);
    expect(samePage(recording, { ...recording, playlistShortId: 'eKdNnFRI' } as PageContext)).toBe(false);
    expect(samePage(dashboard, { ...dashboard, projectId: 2 })).toBe(false);
    expect(samePage(dashboard, { ...dashboard, origin: 'https://eu.posthog.com' })).toBe(false);
    expect(samePage(dashboard, recording)).toBe(false);
  });

  it('tells one insight, notebook or other page from another in the same project', () => {
    for (const context of EVERY_KIND) expect(samePage(context, { ...context })).toBe(true);
    const insight = at('/project/1/insights/Wk7pQ2xZ');
    expect(samePage(insight, at('/project/1/insights/Wk7pQ2xZ/edit'))).toBe(true);
    expect(samePage(insight, at('/project/1/insights/Qm3xR8tV'))).toBe(false);
    expect(samePage(insight, at('/project/2/insights/Wk7pQ2xZ'))).toBe(false);
    expect(samePage(insight, at('/project/1/notebooks/Wk7pQ2xZ'))).toBe(false);
    const notebook = at('/project/1/notebooks/abc123XY');
    expect(samePage(notebook, at('/project/1/notebooks/zzz999QQ'))).toBe(false);
    const flag = at('/project/1/feature_flags/42');
    expect(samePage(flag, at('/project/1/feature_flags/42'))).toBe(true);
    expect(samePage(flag, at('/project/1/feature_flags/43'))).toBe(false);
    expect(samePage(flag, at('/project/2/feature_flags/42'))).toBe(false);
  });

  it('hands on only its own tab’s updates, and disconnects when stopped', () => {
    const listeners: Array<(message: unknown) => void> = [];
    let name = '';
    let disconnected = false;
    const updates: unknown[] = [];
    const stop = watchTabView(4, {
      connect: (options) => {
        name = options.name;
        return {
          onMessage: { addListener: (listener) => listeners.push(listener) },
          disconnect: () => {
            disconnected = true;
          },
        };
      },
      onUpdate: (update) => updates.push(update),
    });
    expect(name).toBe('hogmark-view:4');
    const mine = { tabId: 4, context: dashboard, hints: { title: 'Product KPIs' } };
    for (const listener of listeners) {
      listener(changed({ ...mine, tabId: 5 }));
      listener({ type: 'nope' });
      listener(changed(mine));
    }
    expect(updates).toEqual([mine]);
    stop();
    expect(disconnected).toBe(true);
  });
});
