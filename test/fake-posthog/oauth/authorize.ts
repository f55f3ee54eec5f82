import { notAuthenticated } from '../errors';
import type { Reply } from '../http';
import type { State, User } from '../state';
import { type AuthorizeParams, checkAuthorizeRequest, UNKNOWN_CLIENT_ID } from './authorize-request';
import { consentPage } from './consent-page';
import { AUTHORIZATION_CODE_SECONDS, newAuthorizationCode, type OAuthStore, type Scoping } from './model';
import { withParams } from './redirect-uri';
import { drfJson } from './replies';
import { clampScopes } from './scopes';

const redirect = (to: string): Reply => ({ status: 302, text: '', headers: { location: to } });

/** `login_required`: to the login page, coming back to this very URL (`get_full_path`). */
const toLogin = (url: URL): Reply => redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);

/** `OAuthValidator._create_authorization_code`: a single-use code for 300 s, with its scoping. */
function mintCode(
  store: OAuthStore,
  grant: {
    clientId: string;
    userId: number;
    redirectUri: string;
    scopes: string[];
    codeChallenge: string;
  } & Scoping,
): string {
  const code = newAuthorizationCode();
  store.grants.set(code, { ...grant, code, expiresAt: Date.now() + AUTHORIZATION_CODE_SECONDS * 1000 });
  return code;
}

/** `approval_prompt=auto`: a live token of this user and app that already holds every scope. */
function autoApproval(store: OAuthStore, user: User, clientId: string, scopes: string[]): Scoping | null {
  const now = Date.now();
  for (const token of store.accessTokens.values()) {
    if (token.userId !== user.id || token.clientId !== clientId || token.expiresAt <= now) continue;
    if (scopes.every((scope) => token.scopes.includes(scope))) {
      return { scopedTeams: [...token.scopedTeams], scopedOrganizations: [...token.scopedOrganizations] };
    }
  }
  return null;
}

/**
 * `GET /oauth/authorize/` (`views.py` → `OAuthAuthorizationView.get`): the sign-in first
 * (`_login_required_with_pending_connection`), then the request's checks, then the consent page, or
 * straight back to the client with a code under `approval_prompt=auto`.
 */
export function authorizeGet(state: State, store: OAuthStore, url: URL, user: User | undefined): Reply {
  if (!user) return toLogin(url);
  const query = Object.fromEntries(url.searchParams) as AuthorizeParams & Record<string, string>;
  const check = checkAuthorizeRequest(store, query);
  if (check.kind === 'fatal') return check.reply;
  if (check.kind === 'redirect-error') return redirect(check.to);
  if (query.prompt === 'login') return { status: 401, json: { error: 'login_required' } };
  if (query.approval_prompt === 'auto') {
    const scoping = autoApproval(store, user, check.client.clientId, check.scopes);
    if (scoping) {
      const code = mintCode(store, {
        clientId: check.client.clientId,
        userId: user.id,
        redirectUri: check.redirectUri,
        scopes: check.scopes,
        codeChallenge: check.codeChallenge,
        ...scoping,
      });
      return redirect(withParams(check.redirectUri, { code, state: check.state }));
    }
  }
  const redirectHost = /^https?:$/.test(new URL(check.redirectUri).protocol)
    ? new URL(check.redirectUri).hostname
    : null;
  const hint = query.required_access_level;
  const text = consentPage({
    application: {
      name: check.client.name,
      client_id: check.client.clientId,
      is_verified: false,
      required_scopes: [...check.client.scopes],
    },
    scopeResolution: { scopes: check.scopes, was_defaulted: check.scopesWereDefaulted },
    request: {
      client_id: check.client.clientId,
      redirect_uri: check.redirectUri,
      response_type: query.response_type ?? null,
      state: query.state ?? null,
      code_challenge: query.code_challenge ?? null,
      code_challenge_method: query.code_challenge_method ?? null,
    },
    requiredAccessLevel:
      hint === 'organization' || hint === 'project' || hint === 'team'
        ? hint === 'organization'
          ? 'organization'
          : 'team'
        : null,
    redirectHost,
    organizations: [{ id: state.organization.id, name: state.organization.name }],
    teams: state.projects.map((project) => ({
      id: project.id,
      name: project.name,
      organization: state.organization.id,
    })),
  });
  return { status: 200, text, contentType: 'text/html; charset=utf-8' };
}

type FieldErrors = Record<string, string[]>;

const REQUIRED = 'This field is required.';

/** `OAuthAuthorizationSerializer` field by field, then `validate_scoped_*`, then `validate`. */
function validateConsent(state: State, body: Record<string, unknown>): FieldErrors | null {
  const errors: FieldErrors = {};
  const charField = (field: string, required: boolean, allowBlank: boolean, allowNull: boolean) => {
    const value = body[field];
    if (value === undefined) {
      if (required) errors[field] = [REQUIRED];
    } else if (value === null) {
      if (!allowNull) errors[field] = ['This field may not be null.'];
    } else if (typeof value === 'object') errors[field] = ['Not a valid string.'];
    else if (String(value).trim() === '' && !allowBlank) errors[field] = ['This field may not be blank.'];
  };
  charField('client_id', true, false, false);
  for (const field of ['redirect_uri', 'state', 'code_challenge', 'code_challenge_method'])
    charField(field, false, false, true);
  charField('response_type', false, false, false);
  charField('scope', true, true, false);
  const allow = parseBoolean(body.allow);
  if (body.allow === undefined) errors.allow = [REQUIRED];
  else if (allow === null) errors.allow = ['Must be a valid boolean.'];
  const level = body.access_level;
  if (level === undefined) errors.access_level = [REQUIRED];
  else if (!['all', 'organization', 'team'].includes(String(level)))
    errors.access_level = [`"${String(level)}" is not a valid choice.`];
  if (allow !== false) {
    const orgs = Array.isArray(body.scoped_organizations) ? body.scoped_organizations.map(String) : [];
    const teams = Array.isArray(body.scoped_teams) ? body.scoped_teams : [];
    if (level === 'organization') {
      if (orgs.length === 0)
        errors.scoped_organizations = ['scoped_organizations is required when access_level is organization'];
      else if (orgs.some((id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)))
        errors.scoped_organizations = ['Invalid organization UUID provided in scoped_organizations.'];
      else if (orgs.some((id) => id.toLowerCase() !== state.organization.id.toLowerCase()))
        errors.scoped_organizations = ['Invalid organization specified or you do not have access.'];
    } else if (orgs.length > 0) {
      errors.scoped_organizations = [
        `scoped_organizations is not allowed when access_level is ${String(level)}`,
      ];
    }
    if (level === 'team') {
      if (teams.length === 0) errors.scoped_teams = ['scoped_teams is required when access_level is team'];
      else if (teams.some((id) => !state.projects.some((project) => project.id === Number(id))))
        errors.scoped_teams = ['Invalid team specified or you do not have access.'];
    } else if (teams.length > 0) {
      errors.scoped_teams = [`scoped_teams is not allowed when access_level is ${String(level)}`];
    }
  }
  if (Object.keys(errors).length > 0) return errors;
  if (allow && String(body.scope ?? '').trim() === '') return { scope: ['This field may not be blank.'] };
  return null;
}

/** DRF `BooleanField`'s accepted spellings. */
function parseBoolean(value: unknown): boolean | null {
  if (value === true || value === false) return value;
  const text = String(value).toLowerCase();
  if (['true', '1', 'yes', 'on', 't', 'y'].includes(text)) return true;
  if (['false', '0', 'no', 'off', 'f', 'n'].includes(text)) return false;
  return null;
}

const field = (body: Record<string, unknown>, name: string): string | undefined =>
  body[name] === undefined || body[name] === null ? undefined : String(body[name]);

/**
 * `POST /oauth/authorize/` (`OAuthAuthorizationView.post`), the consent form: the signed-in session
 * (`SessionAuthentication`, CSRF checked by the caller), the serializer, required scopes, then
 * oauthlib's `create_authorization_response`. Always a 200 `{redirect_to}` once the form is valid:
 * with `code` and `state`, or `error=access_denied` when the user said no.
 */
export function authorizePost(state: State, store: OAuthStore, body: unknown, user: User | undefined): Reply {
  if (!user) return { ...notAuthenticated(), status: 403 };
  const form =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const errors = validateConsent(state, form);
  if (errors) return drfJson(400, errors);
  const client = store.clients.get(String(form.client_id));
  if (!client) return drfJson(400, { error: 'invalid_request', error_description: UNKNOWN_CLIENT_ID });
  const allow = parseBoolean(form.allow) === true;
  const submitted = String(form.scope ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (allow) {
    const missing = client.scopes.filter((scope) => scope.includes(':') && !submitted.includes(scope)).sort();
    if (missing.length > 0) {
      return drfJson(400, {
        error: 'invalid_scope',
        error_description: `The grant is missing scopes the application requires: ${missing.join(', ')}`,
      });
    }
  }
  if (!allow) {
    // django-oauth-toolkit raises `AccessDeniedError` (oauthlib status 401) before oauthlib looks at
    // the request again, and sends it to the posted redirect URI, or as JSON when none was posted.
    const redirectUri = field(form, 'redirect_uri');
    if (!redirectUri) return drfJson(401, { error: 'access_denied', error_description: '' });
    return drfJson(200, {
      redirect_to: withParams(redirectUri, { error: 'access_denied', state: field(form, 'state') }),
    });
  }
  const check = checkAuthorizeRequest(store, {
    client_id: client.clientId,
    redirect_uri: field(form, 'redirect_uri'),
    response_type: field(form, 'response_type'),
    state: field(form, 'state'),
    scope: submitted.join(' '),
    code_challenge: field(form, 'code_challenge'),
    code_challenge_method: field(form, 'code_challenge_method'),
  });
  if (check.kind === 'fatal') return drfJson(400, check.reply.json);
  if (check.kind === 'redirect-error') return drfJson(200, { redirect_to: check.to });
  const level = String(form.access_level);
  const code = mintCode(store, {
    clientId: client.clientId,
    userId: user.id,
    redirectUri: check.redirectUri,
    scopes: clampScopes(submitted, client.scopes),
    codeChallenge: check.codeChallenge,
    scopedTeams: level === 'team' ? (form.scoped_teams as unknown[]).map(Number) : [],
    scopedOrganizations: level === 'organization' ? (form.scoped_organizations as unknown[]).map(String) : [],
  });
  return drfJson(200, { redirect_to: withParams(check.redirectUri, { code, state: check.state }) });
}
