import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';
import type { Flavor } from './types';

const P = '/api/projects/1/session_recording_playlists';
const CONTRACT_FIELDS = [
  'id',
  'short_id',
  'name',
  'derived_name',
  'description',
  'pinned',
  'created_at',
  'created_by',
  'deleted',
  'filters',
  'last_modified_at',
  'last_modified_by',
];
type Item = { short_id: string; id: number; is_synthetic?: boolean };
const shortIds = (page: unknown): string[] => obj(page).results.map((p: Item) => p.short_id);

describe.each<Flavor>(['contract', 'posthog'])('playlists (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });

  it('lists the project playlists, most recently modified first, without deleted ones', async () => {
    const page = obj((await call(server(), 'GET', `${P}/`)).json);
    const real = page.results.filter((p: Item) => p.id > 0);
    expect(real).toHaveLength(10);
    expect(real[0].short_id).toBe(DEMO.playlists.checkoutBugs);
    expect(shortIds(page)).not.toContain('Arch1ved');
    expect(shortIds(page)).not.toContain('Stag1ng1');
  });

  it('filters by created_by and short_id', async () => {
    const byBo = obj((await call(server(), 'GET', `${P}/?created_by=2`)).json);
    expect(byBo.count).toBe(3);
    expect(byBo.results.every((p: { created_by: { id: number } }) => p.created_by.id === 2)).toBe(true);
    const one = obj((await call(server(), 'GET', `${P}?short_id=${DEMO.playlists.rageClicks}`)).json);
    if (flavor === 'contract') {
      expect(one.count).toBe(1);
      expect(one.results[0]).toMatchObject({ short_id: DEMO.playlists.rageClicks, name: 'Rage clicks' });
    } else {
      // The newest PostHog's list ignores `?short_id=` (`_filter_request` has no such key).
      const all = obj((await call(server(), 'GET', `${P}/`)).json);
      expect(one.count).toBe(all.count);
    }
  });

  it('gets one playlist by short id, with and without the slash', async () => {
    const a = await call(server(), 'GET', `${P}/${DEMO.playlists.checkoutBugs}/`);
    const b = await call(server(), 'GET', `${P}/${DEMO.playlists.checkoutBugs}`);
    expect(a.status).toBe(200);
    expect(b.json).toEqual(a.json);
    expect(obj(a.json)).toMatchObject({
      name: 'Checkout bugs',
      pinned: true,
      created_by: { first_name: 'Ana' },
    });
    for (const field of CONTRACT_FIELDS) expect(obj(a.json)).toHaveProperty(field);
    if (flavor === 'contract') expect(Object.keys(obj(a.json)).sort()).toEqual([...CONTRACT_FIELDS].sort());
    else
      expect(obj(a.json)).toMatchObject({
        type: 'collection',
        is_synthetic: false,
        recordings_counts: { collection: { count: 1 } },
      });
    expect((await call(server(), 'GET', `${P}/NoSuchId/`)).json).toEqual(
      errorBody('invalid_request', 'not_found', 'Not found.'),
    );
  });

  it('creates with 201 and a fresh 8-character short id', async () => {
    const answer = await call(server(), 'POST', `${P}/`, {
      body: { name: 'Fresh', type: 'collection', description: 'd' },
    });
    expect(answer.status).toBe(201);
    expect(obj(answer.json)).toMatchObject({
      name: 'Fresh',
      description: 'd',
      deleted: false,
      created_by: { id: 1 },
    });
    expect(obj(answer.json).short_id).toMatch(/^[A-Za-z0-9]{8}$/);
  });

  it('soft deletes and restores', async () => {
    const created = obj(
      (await call(server(), 'POST', `${P}/`, { body: { name: 'Temp', type: 'collection' } })).json,
    );
    const gone = await call(server(), 'PATCH', `${P}/${created.short_id}/`, { body: { deleted: true } });
    expect(gone.status).toBe(200);
    expect(obj(gone.json).deleted).toBe(true);
    expect((await call(server(), 'GET', `${P}/${created.short_id}/`)).status).toBe(404);
    expect(shortIds((await call(server(), 'GET', `${P}/?limit=500`)).json)).not.toContain(created.short_id);
    const back = await call(server(), 'PATCH', `${P}/${created.short_id}/`, { body: { deleted: false } });
    expect(obj(back.json).deleted).toBe(false);
    expect((await call(server(), 'GET', `${P}/${created.short_id}/`)).status).toBe(200);
  });

  it('refuses DELETE with 405 and an empty body', async () => {
    for (const shortId of [DEMO.playlists.onboarding, 'Unknown1']) {
      const answer = await call(server(), 'DELETE', `${P}/${shortId}/`);
      expect(answer.status).toBe(405);
      expect(answer.text).toBe('');
    }
  });
});

describe('playlists (posthog flavor specifics)', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it('puts synthetic playlists in the default list and its count', async () => {
    const page = obj((await call(server(), 'GET', `${P}/`)).json);
    const synthetic = page.results.filter((p: Item) => p.is_synthetic);
    expect(synthetic.map((p: Item) => p.short_id)).toContain('synthetic-watch-history');
    expect(
      synthetic.every(
        (p: Item & { created_by: unknown; type: string }) =>
          p.id < 0 && p.created_by === null && p.type === 'collection',
      ),
    ).toBe(true);
    expect(page.count).toBe(10 + synthetic.length);
  });

  it.each(['created_by=1', 'user=true', 'pinned=true', 'type=filters'])(
    'leaves synthetic playlists out with ?%s',
    async (query) => {
      const page = obj((await call(server(), 'GET', `${P}/?${query}`)).json);
      expect(page.results.some((p: Item) => p.is_synthetic)).toBe(false);
      expect(page.count).toBe(page.results.length);
    },
  );

  it('honours type, search, pinned, user, session_recording_id and order', async () => {
    expect(shortIds((await call(server(), 'GET', `${P}/?type=filters`)).json).sort()).toEqual(
      ['Derived1', 'Err0rs42', DEMO.playlists.rageClicks].sort(),
    );
    expect(shortIds((await call(server(), 'GET', `${P}/?search=checkout`)).json)).toEqual([
      DEMO.playlists.checkoutBugs,
    ]);
    expect(shortIds((await call(server(), 'GET', `${P}/?search=germany`)).json)).toEqual(['Derived1']);
    expect(shortIds((await call(server(), 'GET', `${P}/?pinned`)).json).sort()).toEqual(
      [DEMO.playlists.checkoutBugs, 'Sign7pFl'].sort(),
    );
    const mine = obj((await call(server(), 'GET', `${P}/?user=true`)).json);
    expect(mine.results.every((p: { created_by: { id: number } }) => p.created_by.id === 1)).toBe(true);
    const holding = shortIds(
      (
        await call(
          server(),
          'GET',
          `${P}/?session_recording_id=${DEMO.recordings.inCheckout}&type=collection`,
        )
      ).json,
    );
    expect(holding.filter((id) => !id.startsWith('synthetic-'))).toEqual([DEMO.playlists.checkoutBugs]);
    const byName = obj((await call(server(), 'GET', `${P}/?order=name&created_by=1`)).json).results.map(
      (p: { name: string }) => p.name,
    );
    expect(byName).toEqual([...byName].sort());
  });

  it('keeps and counts synthetic playlists under ?session_recording_id= (they ignore it)', async () => {
    const page = obj(
      (await call(server(), 'GET', `${P}/?session_recording_id=${DEMO.recordings.inCheckout}`)).json,
    );
    const synthetic = page.results.filter((p: Item) => p.is_synthetic);
    expect(synthetic.length).toBe(4);
    expect(page.count).toBe(page.results.length);
  });

  it('places the synthetic playlists where the sort order puts them', async () => {
    const ids = async (order: string) => shortIds((await call(server(), 'GET', `${P}/?order=${order}`)).json);
    const isSynthetic = (id: string) => id.startsWith('synthetic-');
    // No dates: the latest when descending, the last when ascending, among the others by name.
    expect((await ids('-last_modified_at')).slice(0, 4).every(isSynthetic)).toBe(true);
    expect((await ids('created_at')).slice(-4).every(isSynthetic)).toBe(true);
    const byName = obj((await call(server(), 'GET', `${P}/?order=name`)).json).results.map(
      (p: { name: string | null; derived_name: string | null }) =>
        (p.name || p.derived_name || '').toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort());
    const byNameIds = await ids('name');
    expect(byNameIds.slice(0, 4).every(isSynthetic)).toBe(false);
  });

  it('answers null, not 0, as the count of an empty collection', async () => {
    const created = obj(
      (await call(server(), 'POST', `${P}/`, { body: { name: 'Empty one', type: 'collection' } })).json,
    );
    expect(created.recordings_counts.collection.count).toBeNull();
  });

  it('answers a synthetic playlist by its short id and refuses to update it', async () => {
    expect(obj((await call(server(), 'GET', `${P}/synthetic-watch-history/`)).json)).toMatchObject({
      id: -1,
      is_synthetic: true,
    });
    const patch = await call(server(), 'PATCH', `${P}/synthetic-watch-history/`, { body: { name: 'x' } });
    expect(patch.json).toEqual(
      errorBody('validation_error', 'invalid_input', 'Cannot update synthetic playlists'),
    );
  });

  it('validates the type on create', async () => {
    const none = await call(server(), 'POST', `${P}/`, { body: { name: 'x' } });
    expect(none.json).toEqual(
      errorBody(
        'validation_error',
        'invalid_input',
        'Must provide a valid playlist type: either filters or collection',
      ),
    );
    const collection = await call(server(), 'POST', `${P}/`, {
      body: { type: 'collection', filters: { a: 1 } },
    });
    expect(obj(collection.json).detail).toBe('You cannot create a collection with filters');
    const filters = await call(server(), 'POST', `${P}/`, { body: { type: 'filters' } });
    expect(obj(filters.json).detail).toBe('You must provide a valid filters when creating a saved filter');
  });

  it('requires the filters on every PATCH of a filters-type playlist', async () => {
    const path = `${P}/${DEMO.playlists.rageClicks}/`;
    const bare = await call(server(), 'PATCH', path, { body: { deleted: true } });
    expect(bare.status).toBe(400);
    expect(bare.json).toEqual(
      errorBody(
        'validation_error',
        'invalid_input',
        'You cannot remove all filters when updating a saved filter',
      ),
    );
    const current = obj((await call(server(), 'GET', path)).json).filters;
    const ok = await call(server(), 'PATCH', path, { body: { pinned: true, filters: current } });
    expect(ok.status).toBe(200);
    expect(obj(ok.json)).toMatchObject({ pinned: true, type: 'filters' });
    const toCollection = await call(server(), 'PATCH', `${P}/${DEMO.playlists.onboarding}/`, {
      body: { filters: { a: 1 } },
    });
    expect(obj(toCollection.json).detail).toBe('You cannot update a collection to add filters');
  });

  it('clamps limit to 500', async () => {
    const page = obj((await call(server(), 'GET', `${P}/?limit=100000&offset=1`)).json);
    expect(page.previous).toContain('limit=500');
  });
});

describe('playlists (contract flavor specifics)', () => {
  const server = serveFakePostHog({ flavor: 'contract' });

  it('ignores parameters the contract does not list', async () => {
    const all = obj((await call(server(), 'GET', `${P}/`)).json);
    const searched = obj(
      (await call(server(), 'GET', `${P}/?search=checkout&type=filters&pinned=true`)).json,
    );
    expect(searched.count).toBe(all.count);
    expect(all.results.some((p: Item) => p.id < 0)).toBe(false);
  });

  it('lets a filters-type playlist be patched without its filters', async () => {
    const answer = await call(server(), 'PATCH', `${P}/${DEMO.playlists.rageClicks}/`, {
      body: { description: 'ok' },
    });
    expect(answer.status).toBe(200);
    expect(obj(answer.json).filters).toMatchObject({ date_from: '-7d' });
  });
});
