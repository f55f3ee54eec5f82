import { describe, expect, it } from 'vitest';
import { DEMO } from './demo-ids';
import { call, errorBody, obj, serveFakePostHog } from './test-helpers';

const D = '/api/projects/1/dashboards';
const BO_UUID = '01900000-0000-7000-8000-000000000b0b';
const CY_UUID = '01900000-0000-7000-8000-000000000c0c';
const ANA_UUID = '01900000-0000-7000-8000-000000000a1a';
const invalid = (detail: string) => errorBody('validation_error', 'invalid_input', detail);

describe('collaborators (posthog flavor)', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });
  const path = `${D}/${DEMO.dashboards.restrictedOwned}/collaborators/`;

  it('lists collaborators as a plain array', async () => {
    const answer = await call(server(), 'GET', path);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.json)).toBe(true);
    expect(obj(answer.json)).toHaveLength(1);
    expect(obj(answer.json)[0]).toMatchObject({
      dashboard_id: DEMO.dashboards.restrictedOwned,
      level: 37,
      user: { first_name: 'Bo' },
    });
    expect(obj(answer.json)[0]).not.toHaveProperty('user_uuid');
  });

  it('answers "Dashboard not found." for an unknown dashboard', async () => {
    const answer = await call(server(), 'GET', `${D}/987654/collaborators/`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(errorBody('invalid_request', 'not_found', 'Dashboard not found.'));
  });

  it('validates in PostHog order', async () => {
    const lowest = await call(server(), 'POST', `${D}/${DEMO.dashboards.marketing}/collaborators/`, {
      body: { user_uuid: CY_UUID, level: 37 },
    });
    expect(lowest.json).toEqual(
      invalid('Cannot add collaborators to a dashboard on the lowest restriction level.'),
    );
    const noLevel = await call(server(), 'POST', path, { body: { user_uuid: CY_UUID } });
    expect(noLevel.json).toEqual(
      errorBody('validation_error', 'required', 'This field is required.', 'level'),
    );
    const view = await call(server(), 'POST', path, { body: { user_uuid: CY_UUID, level: 21 } });
    expect(view.json).toEqual(invalid('Only edit access can be explicitly specified currently.'));
    const nobody = await call(server(), 'POST', path, {
      body: { user_uuid: '01900000-0000-7000-8000-0000000000ff', level: 37 },
    });
    expect(nobody.json).toEqual(invalid('User does not exist.'));
    const owner = await call(server(), 'POST', path, { body: { user_uuid: ANA_UUID, level: 37 } });
    expect(owner.json).toEqual(
      invalid(
        'Cannot add collaborators that already have inherent access (the dashboard owner or a project admins).',
      ),
    );
    const duplicate = await call(server(), 'POST', path, { body: { user_uuid: BO_UUID, level: 37 } });
    expect(duplicate.json).toEqual(invalid('User already is a collaborator.'));
  });

  it('adds with 201 and removes with 204', async () => {
    const added = await call(server(), 'POST', path, { body: { user_uuid: CY_UUID, level: 37 } });
    expect(added.status).toBe(201);
    expect(obj(added.json)).toMatchObject({ level: 37, user: { uuid: CY_UUID } });
    expect(obj((await call(server(), 'GET', path)).json)).toHaveLength(2);
    const removed = await call(server(), 'DELETE', `${path}${CY_UUID}/`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await call(server(), 'DELETE', `${path}${CY_UUID}`)).status).toBe(404);
  });

  it('refuses a non-editor', async () => {
    const answer = await call(server(), 'POST', `${D}/${DEMO.dashboards.finance}/collaborators/`, {
      body: { user_uuid: BO_UUID, level: 37 },
    });
    expect(answer.status).toBe(403);
  });
});

describe('collaborators (contract flavor)', () => {
  const server = serveFakePostHog({ flavor: 'contract' });

  it('answers the first collaborator as a single object, with user_uuid', async () => {
    const answer = await call(server(), 'GET', `${D}/${DEMO.dashboards.finance}/collaborators/`);
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({
      dashboard_id: DEMO.dashboards.finance,
      level: 37,
      user_uuid: CY_UUID,
    });
  });

  it('answers an empty array when there is none', async () => {
    const answer = await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/collaborators/`);
    expect(answer.json).toEqual([]);
  });
});

describe('sharing (posthog flavor)', () => {
  const server = serveFakePostHog({ flavor: 'posthog' });

  it('shows the saved configuration of the shared dashboard', async () => {
    const answer = await call(server(), 'GET', `${D}/${DEMO.dashboards.productKpis}/sharing/`);
    expect(answer.status).toBe(200);
    expect(obj(answer.json)).toMatchObject({
      enabled: true,
      access_token: DEMO.sharedToken,
      password_required: false,
      share_passwords: [],
    });
    expect(obj(answer.json).created_at).toEqual(expect.any(String));
  });

  it('shows an unsaved configuration with a new token on every call', async () => {
    const first = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/sharing`)).json);
    const second = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/sharing`)).json);
    expect(first).toMatchObject({ created_at: null, enabled: false, settings: null });
    expect(first.access_token).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('answers password_required as PATCHed (PostHog’s writable serializer field)', async () => {
    const path = `${D}/${DEMO.dashboards.productKpis}/sharing/`;
    const on = await call(server(), 'PATCH', path, { body: { password_required: true } });
    expect(obj(on.json)).toMatchObject({ enabled: true, password_required: true });
    expect(obj((await call(server(), 'GET', path)).json).password_required).toBe(true);
    await call(server(), 'PATCH', path, { body: { password_required: false } });
    expect(obj((await call(server(), 'GET', path)).json).password_required).toBe(false);
  });

  it('saves on PATCH, which fixes the token and marks the dashboard shared', async () => {
    const patched = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.marketing}/sharing/`, {
      body: { enabled: true },
    });
    expect(patched.status).toBe(200);
    const token = obj(patched.json).access_token;
    expect(obj(patched.json).enabled).toBe(true);
    expect(
      obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/sharing/`)).json).access_token,
    ).toBe(token);
    expect(obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/`)).json).is_shared).toBe(
      true,
    );
    const page = await fetch(`${server().url}/shared/${token}`);
    expect(page.status).toBe(200);
  });

  it('needs sharing_configuration:write to PATCH and refuses a non-editor', async () => {
    const readOnly = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.marketing}/sharing/`, {
      key: 'readOnly',
      body: { enabled: false },
    });
    expect(obj(readOnly.json).detail).toBe("API key missing required scope 'sharing_configuration:write'");
    const finance = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.finance}/sharing/`, {
      body: { enabled: true },
    });
    expect(finance.status).toBe(403);
  });
});

describe('sharing (contract flavor)', () => {
  const server = serveFakePostHog({ flavor: 'contract' });

  it('answers exactly the three contract fields, saving the configuration on first read', async () => {
    const first = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/sharing/`)).json);
    expect(Object.keys(first).sort()).toEqual(['access_token', 'created_at', 'enabled']);
    expect(first.enabled).toBe(false);
    const second = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.marketing}/sharing/`)).json);
    expect(second.access_token).toBe(first.access_token);
    const shared = obj((await call(server(), 'GET', `${D}/${DEMO.dashboards.productKpis}/sharing/`)).json);
    expect(shared).toMatchObject({ enabled: true, access_token: DEMO.sharedToken });
  });

  it('is read only', async () => {
    const answer = await call(server(), 'PATCH', `${D}/${DEMO.dashboards.marketing}/sharing/`, {
      body: { enabled: true },
    });
    expect(answer.status).toBe(405);
  });
});
