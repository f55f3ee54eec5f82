import type { ConsentData } from './consent-page';

/** The consent scene in the browser: reads what the server put in `#consent-data` and draws it. */
function drawConsent(data: ConsentData): void {
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Record<string, string> = {},
    ...children: (Node | string)[]
  ) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
  const name = data.application.name;
  const root = document.getElementById('root') as HTMLElement;
  root.replaceChildren();
  const main = el('main');
  root.append(main);
  main.append(
    el('h2', {}, 'Authorize ', el('strong', {}, name)),
    el('p', { class: 'muted', style: 'text-align:center' }, `${name} is requesting access to your data.`),
  );
  if (!data.application.is_verified) {
    main.append(
      el(
        'div',
        { class: 'warning', 'data-attr': 'unverified' },
        el('strong', {}, 'Unverified application.'),
        ' This application has not been verified by PostHog. Only authorize if you trust the developer.',
      ),
    );
  }
  const card = el('div', { class: 'card' });
  main.append(card);

  // Organization & project access (ScopeAccessSelector), or the single choice a hint asks for.
  let accessType: 'all' | 'organizations' | 'teams' =
    data.requiredAccessLevel === 'team'
      ? 'teams'
      : data.requiredAccessLevel === 'organization'
        ? 'organizations'
        : 'all';
  const orgSelect = el('select', { 'data-attr': 'organizations', 'aria-label': 'Organizations' });
  const teamSelect = el('select', { 'data-attr': 'teams', 'aria-label': 'Projects' });
  if (!data.requiredAccessLevel) {
    orgSelect.multiple = true;
    teamSelect.multiple = true;
  }
  for (const org of data.organizations) orgSelect.append(el('option', { value: org.id }, org.name));
  for (const team of data.teams) teamSelect.append(el('option', { value: String(team.id) }, team.name));
  if (data.requiredAccessLevel) {
    orgSelect.selectedIndex = 0;
    teamSelect.selectedIndex = 0;
  } else {
    orgSelect.selectedIndex = -1;
    teamSelect.selectedIndex = -1;
  }
  const accessDetail = el('div');
  const drawAccess = () => {
    const text =
      accessType === 'all'
        ? "This will allow access to all organizations and projects you're in."
        : accessType === 'organizations'
          ? 'This will only allow access to selected organizations and all projects within them.'
          : 'This will only allow access to selected projects.';
    accessDetail.replaceChildren(el('p', {}, text));
    if (accessType === 'organizations') accessDetail.append(orgSelect);
    if (accessType === 'teams') accessDetail.append(teamSelect);
  };
  if (data.requiredAccessLevel) {
    const noun = data.requiredAccessLevel === 'team' ? 'project' : 'organization';
    card.append(
      el('label', {}, `Select ${noun}`),
      el('p', { class: 'muted' }, `This application requires access to a specific ${noun}.`),
      data.requiredAccessLevel === 'team' ? teamSelect : orgSelect,
    );
  } else {
    const segmented = el('div', { role: 'radiogroup', 'aria-label': 'Organization & project access' });
    for (const [value, label] of [
      ['all', 'All access'],
      ['organizations', 'Organizations'],
      ['teams', 'Projects'],
    ] as const) {
      const input = el('input', { type: 'radio', name: 'access_type', value });
      input.checked = value === accessType;
      input.addEventListener('change', () => {
        accessType = value;
        drawAccess();
      });
      segmented.append(el('label', {}, input, label));
    }
    card.append(el('div', {}, el('label', {}, 'Organization & project access'), segmented), accessDetail);
    drawAccess();
  }

  // Requested Permissions: identity scopes as they are, each resource object lowerable.
  const requiredLevel = new Map<string, 'read' | 'write'>();
  for (const scope of data.application.required_scopes) {
    const [object, action] = scope.split(':');
    if (object && (action === 'write' || !requiredLevel.has(object)))
      requiredLevel.set(object, action === 'write' ? 'write' : 'read');
  }
  const requested = new Map<string, 'read' | 'write'>();
  const fixed: string[] = [];
  for (const scope of data.scopeResolution.scopes) {
    const [object, action] = scope.split(':');
    if (object && (action === 'read' || action === 'write')) {
      if (action === 'write' || !requested.has(object)) requested.set(object, action);
    } else fixed.push(scope);
  }
  const list = el('ul');
  const choices = new Map<string, HTMLSelectElement>();
  for (const scope of fixed) list.append(el('li', {}, el('span', {}, scope === '*' ? 'All access' : scope)));
  for (const [object, level] of requested) {
    const select = el('select', { 'data-scope-object': object, 'aria-label': object });
    const floor = requiredLevel.get(object);
    const levels = level === 'write' ? ['none', 'read', 'write'] : ['none', 'read'];
    for (const option of levels) {
      if (floor === 'write' && option !== 'write') continue;
      if (floor === 'read' && option === 'none') continue;
      select.append(
        el(
          'option',
          { value: option },
          option === 'none' ? 'No access' : `${option[0]?.toUpperCase()}${option.slice(1)}`,
        ),
      );
    }
    select.value = level;
    choices.set(object, select);
    list.append(el('li', {}, el('span', {}, object), select));
  }
  card.append(el('div', {}, el('div', { class: 'muted' }, 'REQUESTED PERMISSIONS'), list));
  if (data.redirectHost) {
    card.append(
      el(
        'div',
        { class: 'muted' },
        el('p', {}, 'Once you authorize, you will be redirected to ', el('strong', {}, data.redirectHost)),
        el(
          'p',
          {},
          `The developer of ${name}'s privacy policy and terms of service apply to this application`,
        ),
      ),
    );
  }
  const errorLine = el('p', { role: 'alert', class: 'muted' });
  const cancel = el('button', { type: 'button' }, 'Cancel');
  const authorize = el('button', { type: 'button', class: 'primary' }, `Authorize ${name}`);
  card.append(errorLine, el('div', { class: 'buttons' }, cancel, authorize));

  const selected = (select: HTMLSelectElement) =>
    Array.from(select.selectedOptions, (option) => option.value);
  const csrf = /(?:^|;\s*)posthog_csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
  const submit = async (allow: boolean) => {
    const scope = [
      ...fixed,
      ...Array.from(choices, ([object, select]) =>
        select.value === 'none' ? '' : `${object}:${select.value}`,
      ).filter(Boolean),
    ].join(' ');
    const level = accessType === 'all' ? 'all' : accessType === 'organizations' ? 'organization' : 'team';
    const body = {
      ...data.request,
      scope,
      allow,
      access_level: level,
      scoped_organizations: level === 'organization' ? selected(orgSelect) : [],
      scoped_teams: level === 'team' ? selected(teamSelect).map(Number) : [],
    };
    authorize.setAttribute('disabled', 'true');
    cancel.setAttribute('disabled', 'true');
    const response = await fetch('/oauth/authorize/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': decodeURIComponent(csrf) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (typeof answer.redirect_to === 'string') {
      if (allow) {
        main.replaceChildren(
          el(
            'div',
            { style: 'text-align:center' },
            el('h3', {}, 'Authorization successful'),
            el('p', {}, `${name} has been authorized.`),
            el('p', {}, 'You can close this window.'),
          ),
        );
      }
      location.href = answer.redirect_to;
      return;
    }
    authorize.removeAttribute('disabled');
    cancel.removeAttribute('disabled');
    errorLine.textContent = Object.values(answer).flat().map(String).join(' ');
  };
  cancel.addEventListener('click', () => void submit(false));
  authorize.addEventListener('click', () => void submit(true));
}

const dataNode = document.getElementById('consent-data');
if (dataNode?.textContent) drawConsent(JSON.parse(dataNode.textContent) as ConsentData);
