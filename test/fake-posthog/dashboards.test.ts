import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';
import type { Flavor } from './types';

const LIST_FIELDS = [
  'id',
  'name',
  'description',
  'pinned',
  'created_at',
  'created_by',
  'is_shared',
  'deleted',
  'creation_mode',
  'tags',
  'restriction_level',
  'effective_restriction_level',
  'effective_privilege_level',
];
const FULL_ONLY = ['use_template', 'use_dashboard', 'delete_insights', 'filters', 'tiles'];
const D = '/api/projects/1/dashboards';

describe.each<Flavor>(['contract', 'posthog'])('dashboards (%s flavor)', (flavor) => {
  const server = serveFakePostHog({ flavor });

  it('lists visible dashboards pinned first, then by name, without deleted or unlisted ones', async () => {
    const page = obj((await call(server(), 'GET', `${D}/`)).json);
    expect(page.count).toBe(12);
    const names: string[] = page.results.map((d: { name: string }) => d.name);
    expect(names.slice(0, 2)).toEqual(['Product KPIs', 'Web analytics']);
    const rest = names.slice(2);
    expect(rest).toEqual([...rest].sort());
    expect(names).not.toContain('Archived launch plan');
    expect(names).not.toContain('Insight scratchpad');
  });

  it('answers user_access_level manager to the creator, editor to others, whatever the legacy privilege (PostHog only)', async () => {
    const items = obj((await call(server(), 'GET', `${D}/?limit=100`)).json).results as Array<{
      created_by: { id: number } | null;
      user_access_level?: string;
    }>;
    expect(items.length).toBeGreaterThan(1);
    if (flavor === 'contract') {
      // The contract's list items carry no access level at all.
      for (const item of items) expect(item).not.toHaveProperty('user_access_level');
      return;
    }
    for (const item of items) {
      expect(item.user_access_level).toBe(item.created_by?.id === 1 ? 'manager' : 'editor');
    }
    expect(items.some((item) => item.user_access_level === 'manager')).toBe(true);
    expect(items.some((item) => item.user_access_level === 'editor')).toBe(true);
  });

  it('gives list items only the list fields and the full object the rest', async () => {
    const item = obj((await call(server(), 'GET', `${D}/`)).json).results[0];
    for (const field of LIST_FIELDS) expect(item).toHaveProperty(field);
    for (const field of FULL_ONLY) expect(item).not.toHaveProperty(field);
    if (flavor === 'contract') expect(Object.keys(item).sort()).toEqual([...LIST_FIELDS].sort());
    else expect(item).toMatchObject({ team_id: 1, last_accessed_at: null });
    const full = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.productKpis}/`)).json);
    for (const field of [...LIST_FIELDS, ...FULL_ONLY]) expect(full).toHaveProperty(field);
    expect(full).toMatchObject({ pinned: true, is_shared: true, delete_insights: false });
    expect(full.tiles).toHaveLength(3);
    expect(full.created_by).toMatchObject({ id: 1, first_name: 'Ana', email: 'ana@example.com' });
    if (flavor === 'posthog')
      expect(full.created_by).toMatchObject({ hedgehog_config: null, role_at_organization: 'engineering' });
    else expect(full.created_by.hedgehog_config).toEqual({});
  });

  it('reports Ana as a viewer of finance and an editor of her restricted dashboard', async () => {
    const finance = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.finance}`)).json);
    expect(finance).toMatchObject({
      restriction_level: 37,
      effective_restriction_level: 37,
      effective_privilege_level: 21,
    });
    const owned = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.restrictedOwned}`)).json);
    expect(owned).toMatchObject({ restriction_level: 37, effective_privilege_level: 37 });
  });

  it('works with and without the trailing slash', async () => {
    const a = await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/`);
    const b = await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}`);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const { last_accessed_at: _a, ...withSlash } = obj(a.json);
    const { last_accessed_at: _b, ...withoutSlash } = obj(b.json);
    expect(withoutSlash).toEqual(withSlash);
    expect((await call(server(), 'GET', D)).status).toBe(200);
  });

  it('creates with 201 and the full dashboard', async () => {
    const answer = await call(server(), 'POST', `${D}/`, {
      body: { name: 'Created', tags: ['new'], pinned: true },
    });
    expect(answer.status).toBe(201);
    const created = obj(answer.json);
    expect(created).toMatchObject({
      name: 'Created',
      pinned: true,
      tags: ['new'],
      creation_mode: 'default',
      tiles: [],
    });
    expect(created.created_by.id).toBe(1);
    const again = await call(server(), 'GET', `${D}/${created.id}/`);
    expect(obj(again.json).name).toBe('Created');
  });

  it('patches partially', async () => {
    const answer = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.marketing}/`, {
      body: { pinned: true },
    });
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({ name: 'Marketing', pinned: true });
    await call(server(), 'PATCH', `${D}/${DEMO.dashboards.marketing}/`, { body: { pinned: false } });
  });

  it('soft deletes and restores', async () => {
    const created = obj((await call(server(), 'POST', `${D}/`, { body: { name: 'Short-lived' } })).json);
    const gone = await call(server(), 'PATCH', `${D}/${created.id}/`, { body: { deleted: true } });
    expect(gone.status).toBe(200);
    expect(obj(gone.json)).toMatchObject({ deleted: true, tiles: [] });
    expect((await call(server(), 'GET', `${D}/${created.id}/`)).status).toBe(404);
    const list = obj((await call(server(), 'GET', `${D}/?limit=500`)).json);
    expect(list.results.map((d: { id: number }) => d.id)).not.toContain(created.id);
    expect((await call(server(), 'PATCH', `${D}/${created.id}/`, { body: { deleted: true } })).status).toBe(
      404,
    );
    const back = await call(server(), 'PATCH', `${D}/${created.id}/`, { body: { deleted: false } });
    expect(back.status).toBe(200);
    expect(obj(back.json).deleted).toBe(false);
    expect((await call(server(), 'GET', `${D}/${created.id}/`)).status).toBe(200);
  });

  it('refuses DELETE with 405 and an empty body, even for unknown ids', async () => {
    for (const id of [DEMO.dashboards.marketing, 987654]) {
      const answer = await call(server(), 'DELETE', `${D}/${id}/`);
      expect(answer.status).toBe(405);
      expect(answer.text).toBe('');
      expect(answer.headers.get('content-length')).toBe('0');
    }
    expect((await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/`)).status).toBe(200);
  });

  it('refuses edits to a dashboard Ana may only view', async () => {
    const answer = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.finance}/`, {
      body: { name: 'Mine now' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(
      errorBody(
        'authentication_error',
        'permission_denied',
        "You don't have edit permissions for this dashboard.",
      ),
    );
  });

  it('answers 404 for unknown ids and dashboards of another project', async () => {
    expect((await call(server(), 'GET', `${D}/987654/`)).json).toEqual(
      errorBody('invalid_request', 'not_found', 'Not found.'),
    );
    expect((await call(server(), 'GET', `${D}/15/`)).status).toBe(404);
    expect((await call(server(), 'GET', '/api/projects/2/dashboards/15/')).status).toBe(200);
  });

  it('validates fields with DRF wording and rejects malformed JSON', async () => {
    const bad = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.marketing}/`, {
      body: { pinned: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual(
      errorBody('validation_error', 'invalid_input', 'Must be a valid boolean.', 'pinned'),
    );
    const choice = await call(server(), 'POST', `${D}/`, { body: { restriction_level: 99 } });
    expect(choice.json).toEqual(
      errorBody('validation_error', 'invalid_choice', '"99" is not a valid choice.', 'restriction_level'),
    );
    const broken = await call(server(), 'POST', `${D}/`, { rawBody: '{"name": ' });
    expect(broken.status).toBe(400);
    expect(obj(broken.json)).toMatchObject({ type: 'invalid_request', code: 'parse_error', attr: null });
    expect(obj(broken.json).detail).toMatch(/^JSON parse error - /);
  });

  it('moves a tile and answers with the source dashboard', async () => {
    const source = obj(
      (await call(server(), 'POST', `${D}/`, { body: { name: 'Source', use_template: 'DEFAULT_APP' } })).json,
    );
    const target = obj((await call(server(), 'POST', `${D}/`, { body: { name: 'Target' } })).json);
    const tileId = source.tiles[0].id;
    const moved = await call(server(), 'PATCH', `${D}/${source.id}/move_tile/`, {
      body: { tile: { id: tileId }, to_dashboard: target.id },
    });
    expect(moved.status).toBe(200);
    expect(obj(moved.json).id).toBe(source.id);
    expect(obj(moved.json).tiles.map((t: { id: number }) => t.id)).not.toContain(tileId);
    const after = obj((await call(server(), 'GET', `${D}/${target.id}/`)).json);
    expect(after.tiles.map((t: { id: number }) => t.id)).toEqual([tileId]);
    const camel = await call(server(), 'PATCH', `${D}/${target.id}/move_tile`, {
      body: { tile: { id: tileId }, toDashboard: source.id },
    });
    expect(camel.status).toBe(200);
    const again = await call(server(), 'PATCH', `${D}/${target.id}/move_tile/`, {
      body: { tile: { id: tileId }, to_dashboard: source.id },
    });
    expect(again.status).toBe(404);
    const noTarget = await call(server(), 'PATCH', `${D}/${source.id}/move_tile/`, {
      body: { tile: { id: tileId }, to_dashboard: 987654 },
    });
    expect(noTarget.status).toBe(404);
    const missing = await call(server(), 'PATCH', `${D}/${source.id}/move_tile/`, {
      body: { tile: { id: tileId } },
    });
    expect(missing.json).toEqual(
      errorBody('validation_error', 'required', 'This field is required.', 'to_dashboard'),
    );
  });
});

describe('create_from_template_json', () => {
  const contract = serveFakePostHog({ flavor: 'contract' });
  const template = {
    template_name: 'From a template',
    dashboard_description: 'Made by the test',
    dashboard_filters: { date_from: '-7d' },
    tiles: [
      { type: 'INSIGHT', name: 'Pageviews' },
      { type: 'TEXT', body: 'Hello' },
    ],
    tags: ['tpl'],
  };

  it('creates with 200 and creation_mode "template" (contract flavor accepts the key)', async () => {
    const answer = await call(contract(), 'POST', `${D}/create_from_template_json/`, { body: { template } });
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({
      name: 'From a template',
      creation_mode: 'template',
      filters: { date_from: '-7d' },
    });
    expect(obj(answer.json).tiles).toHaveLength(2);
  });

  it('also accepts plain dashboard fields in the contract flavor', async () => {
    const answer = await call(contract(), 'POST', `${D}/create_from_template_json`, {
      body: { name: 'Plain' },
    });
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({ name: 'Plain', creation_mode: 'template' });
  });

  it('names the first missing template property', async () => {
    const { template_name: _, ...rest } = template;
    const answer = await call(contract(), 'POST', `${D}/create_from_template_json/`, {
      body: { template: rest },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(
      errorBody('validation_error', 'invalid_input', "'template_name' is a required property"),
    );
    const empty = await call(contract(), 'POST', `${D}/create_from_template_json/`, {
      body: { template: { ...template, tiles: [] } },
    });
    expect(empty.status).toBe(400);
  });
});
