import type { Reply } from './http';
import type { NavLink } from './page-layout';
import { escapeHtml, navLinks, page, player } from './page-layout';
import type { Recording, State, User } from './state';

export interface PageRequest {
  state: State;
  url: URL;
  user: User | undefined;
}

type Renderer = (request: PageRequest, match: RegExpExecArray, projectId: number) => Reply;

const RESERVED = new Set(['home', 'playlists', 'new', 'settings', 'templates', 'file-playback', 'recent']);

/** App URL forms (`/project/<p>` prefix optional, as PostHog still serves legacy links). */
const PAGES: Array<[RegExp, Renderer]> = [
  [/^\/replay\/playlists\/([^/]+)\/?$/, (r, m, p) => playlistPage(r, p, m[1] ?? '')],
  [/^\/replay\/playlists\/?$/, (r, _m, p) => playlistsPage(r, p)],
  [/^\/replay\/home\/?$/, (r, _m, p) => replayHome(r, p)],
  [/^\/replay\/([^/]+)\/?$/, (r, m, p) => recordingOrReserved(r, p, decodeSegment(m[1] ?? ''))],
  [/^\/dashboard\/?$/, (r, _m, p) => dashboardsPage(r, p)],
  [/^\/dashboard\/(\d+)(?:\/.*)?$/, (r, m, p) => dashboardPage(r, p, Number(m[1]))],
];

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function renderPage(request: PageRequest): Reply {
  const path = request.url.pathname;
  const shared = /^\/(shared|embedded)\/([^/.]+)\/?$/.exec(path);
  if (shared) return sharedPage(request, shared[2] ?? '');
  const prefixed = /^\/project\/(\d+)(\/.*)?$/.exec(path);
  const projectId = prefixed ? Number(prefixed[1]) : (request.state.projects[0]?.id ?? 1);
  const rest = prefixed ? (prefixed[2] ?? '/') : path;
  for (const [pattern, render] of PAGES) {
    const match = pattern.exec(rest);
    if (match) return render(request, match, projectId);
  }
  return page({
    title: 'PostHog',
    heading: 'PostHog',
    body: defaultLinks(request, projectId),
    ...who(request),
  });
}

const who = (request: PageRequest) => ({ signedInAs: request.user?.firstName });

function defaultLinks(request: PageRequest, projectId: number): string {
  return navLinks([dashboardsLink(projectId), ...recordingLinks(request.state, projectId).slice(0, 1)]);
}

const dashboardsLink = (projectId: number): NavLink => ({
  href: `/project/${projectId}/dashboard`,
  label: 'Dashboards',
  title: 'Dashboards • PostHog',
  heading: 'Dashboards',
});

function recordingLinks(state: State, projectId: number, except?: string): NavLink[] {
  return state.recordings
    .filter((recording) => recording.projectId === projectId && recording.id !== except)
    .map((recording) => ({
      href: `/project/${projectId}/replay/${recording.id}`,
      label: recording.title,
      title: `${recording.title} • Recording • PostHog`,
      heading: recording.title,
      recordingId: recording.id,
    }));
}

function dashboardLinks(state: State, projectId: number): NavLink[] {
  return [...state.dashboards.values()]
    .filter((d) => d.projectId === projectId && !d.deleted && d.creationMode !== 'unlisted')
    .slice(0, 50)
    .map((d) => ({
      href: `/project/${projectId}/dashboard/${d.id}`,
      label: d.name ?? 'Untitled',
      title: `${d.name ?? 'Untitled'} • Dashboard • PostHog`,
      heading: d.name ?? 'Untitled',
    }));
}

function requestedTime(url: URL): number {
  const t = Number.parseInt(url.searchParams.get('t') ?? '', 10);
  return Number.isFinite(t) && t >= 0 ? t : 12;
}

function recordingPage(request: PageRequest, projectId: number, recordingId: string): Reply {
  const recording: Recording | undefined = request.state.recordings.find((r) => r.id === recordingId);
  const title = recording?.title ?? `Recording ${recordingId}`;
  const duration = recording?.durationSeconds ?? 300;
  const time = Math.min(requestedTime(request.url), duration);
  const links = [
    ...recordingLinks(request.state, projectId, recordingId).slice(0, 1),
    ...dashboardLinks(request.state, projectId).slice(0, 1),
  ];
  return page({
    title: `${title} • Recording • PostHog`,
    heading: title,
    body: `${player(recordingId, time, duration)}\n${navLinks(links)}`,
    ...who(request),
  });
}

function recordingOrReserved(request: PageRequest, projectId: number, segment: string): Reply {
  if (RESERVED.has(segment)) return replayHome(request, projectId);
  return recordingPage(request, projectId, segment);
}

function replayHome(request: PageRequest, projectId: number): Reply {
  const open = request.url.searchParams.get('sessionRecordingId');
  if (open) return recordingPage(request, projectId, open);
  const links = recordingLinks(request.state, projectId);
  return page({
    title: 'Session replay • PostHog',
    heading: 'Session replay',
    body: navLinks(links),
    ...who(request),
  });
}

function playlistsPage(request: PageRequest, projectId: number): Reply {
  const items = request.state.playlists
    .filter((p) => p.projectId === projectId && !p.deleted)
    .slice(0, 50)
    .map(
      (p) =>
        `<li><a href="/project/${projectId}/replay/playlists/${escapeHtml(p.shortId)}">${escapeHtml(p.name ?? p.derivedName ?? 'Untitled')}</a></li>`,
    );
  return page({
    title: 'Playlists • Replay • PostHog',
    heading: 'Playlists',
    body: `<ul>${items.join('')}</ul>`,
    ...who(request),
  });
}

function playlistPage(request: PageRequest, projectId: number, shortId: string): Reply {
  const playlist = request.state.playlists.find((p) => p.projectId === projectId && p.shortId === shortId);
  const name = playlist ? (playlist.name ?? playlist.derivedName ?? 'Untitled') : 'Playlist not found';
  const open = request.url.searchParams.get('sessionRecordingId');
  const held = recordingLinks(request.state, projectId).filter((l) =>
    playlist?.recordingIds.includes(l.recordingId ?? ''),
  );
  const recording = open ? request.state.recordings.find((r) => r.id === open) : undefined;
  const body = open
    ? `${player(open, requestedTime(request.url), recording?.durationSeconds ?? 300)}\n${navLinks(held)}`
    : navLinks(held);
  return page({ title: `${name} • Playlist • PostHog`, heading: name, body, ...who(request) });
}

function dashboardsPage(request: PageRequest, projectId: number): Reply {
  const links = dashboardLinks(request.state, projectId);
  return page({
    title: 'Dashboards • PostHog',
    heading: 'Dashboards',
    body: navLinks(links),
    ...who(request),
  });
}

function dashboardPage(request: PageRequest, projectId: number, id: number): Reply {
  const dashboard = request.state.dashboards.get(id);
  if (!dashboard || dashboard.projectId !== projectId || dashboard.deleted) {
    return page({
      title: 'Dashboard not found • PostHog',
      heading: 'Dashboard not found',
      body: '',
      ...who(request),
    });
  }
  const name = dashboard.name ?? 'Untitled';
  const tiles = dashboard.tiles
    .map((t) => `<li>${escapeHtml(t.insight?.name ?? t.text?.body ?? '')}</li>`)
    .join('');
  const links = [...recordingLinks(request.state, projectId).slice(0, 1), dashboardsLink(projectId)];
  return page({
    title: `${name} • Dashboard • PostHog`,
    heading: name,
    body: `<ul data-attr="dashboard-tiles">${tiles}</ul>\n${navLinks(links)}`,
    ...who(request),
  });
}

function sharedPage(request: PageRequest, token: string): Reply {
  const config = [...request.state.sharing.values()].find((c) => c.enabled && c.accessToken === token);
  const dashboard = config && request.state.dashboards.get(config.dashboardId);
  if (!dashboard || dashboard.deleted) {
    return page({
      title: 'Not found • PostHog',
      heading: 'Not found',
      body: '<p>This link is not shared.</p>',
      status: 404,
    });
  }
  const name = dashboard.name ?? 'Untitled';
  const tiles = dashboard.tiles
    .map((t) => `<li>${escapeHtml(t.insight?.name ?? t.text?.body ?? '')}</li>`)
    .join('');
  return page({
    title: `${name} • PostHog`,
    heading: name,
    body: `<ul data-attr="dashboard-tiles">${tiles}</ul>`,
  });
}
