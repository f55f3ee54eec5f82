import { DEMO } from '../demo-ids';
import type { Recording, State } from '../state';
import { rec } from './common';
import { demoSeed } from './demo';

const HOUR = 3_600_000;
const main = DEMO.projects.main;
const { ana } = DEMO.users;

/**
 * The `support` seed: `demo` plus what a support desk looks up, dated back from the moment the seed is
 * built (PostHog keeps recordings for weeks, and the person page asks for the last 30 days):
 * - ana@acme.com (`DEMO.persons.ana`): `DEMO.support.anaRecent` recordings, the newest an hour ago and
 *   the oldest 27 days ago, every fourth with console errors, the 2nd and 5th watched by Ana (user 1);
 *   and one 40 days old, which a 30-day list leaves out.
 * - jo@initech.com: two persons (`DEMO.support.jo`), identified twice before they were merged, each
 *   with two recordings of the last days.
 */
export function supportSeed(now = Date.now()): State {
  const state = demoSeed();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  const pages = [
    '/checkout',
    '/account/billing',
    '/orders/1042',
    '/search?q=boots',
    '/help/returns',
    '/cart',
  ];
  const anaPerson = state.persons.find((person) => person.id === DEMO.persons.ana);
  const anaDistinctId = anaPerson?.distinctIds[0] ?? '';
  const recording = (id: string, hoursAgo: number, seconds: number, path: string, distinctId: string) => {
    const made: Recording = {
      ...rec(id, main, `Support ${id.slice(-2)}`, at(hoursAgo), seconds, path),
      distinctId,
    };
    state.recordings.push(made);
    return made;
  };
  for (let n = 1; n <= DEMO.support.anaRecent; n += 1) {
    const made = recording(
      DEMO.support.anaRecording(n),
      1 + (n - 1) * 28,
      60 + n * 17,
      pages[n % 6] ?? '/',
      anaDistinctId,
    );
    made.activeSeconds = Math.round(made.durationSeconds * (n % 3 === 0 ? 0.2 : 0.6));
    made.consoleErrorCount = n % 4 === 0 ? n / 4 : 0;
    if (n === 2 || n === 5) made.viewedBy = [ana];
  }
  recording(DEMO.support.anaOld, 40 * 24, 300, '/checkout', anaDistinctId);
  if (anaPerson) anaPerson.lastSeenAt = at(1);

  const [first, second] = DEMO.support.jo;
  const jo = [
    { id: 20, uuid: first, distinctId: 'jo-initech-web', createdAt: '2025-01-10T09:00:00.000Z', hoursAgo: 5 },
    {
      id: 21,
      uuid: second,
      distinctId: 'jo-initech-mobile',
      createdAt: '2025-04-01T09:00:00.000Z',
      hoursAgo: 30,
    },
  ];
  for (const [index, person] of jo.entries()) {
    state.persons.push({
      id: person.id,
      uuid: person.uuid,
      projectId: main,
      distinctIds: [person.distinctId],
      properties: { email: DEMO.support.joEmail, name: 'Jo' },
      createdAt: person.createdAt,
      lastSeenAt: at(person.hoursAgo),
      isIdentified: true,
    });
    for (const n of [1, 2]) {
      const id = `0191ddc0-0000-7aaa-8bbb-0000000${index + 1}00${n}`;
      recording(id, person.hoursAgo + (n - 1) * 24, 90 * n, '/pricing', person.distinctId);
    }
  }
  return state;
}
