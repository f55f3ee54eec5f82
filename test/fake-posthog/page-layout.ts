import type { Reply } from './http';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

export const clock = (seconds: number): string =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export interface NavLink {
  href: string;
  label: string;
  /** Title and heading the page takes when the link is followed in-app (history.pushState). */
  title: string;
  heading: string;
  recordingId?: string;
}

export function navLinks(links: readonly NavLink[]): string {
  const items = links.map(
    (link) =>
      `<li><a href="${escapeHtml(link.href)}" data-nav data-title="${escapeHtml(link.title)}" data-heading="${escapeHtml(link.heading)}"${
        link.recordingId ? ` data-recording-id="${escapeHtml(link.recordingId)}"` : ''
      }>${escapeHtml(link.label)}</a></li>`,
  );
  return `<nav aria-label="In-app links"><ul>${items.join('')}</ul></nav>`;
}

/** The stand-in for PostHog's player: no video, a position the content script can read. */
export function player(recordingId: string, currentTime: number, duration: number, hidden = false): string {
  return `<div data-attr="session-recording-player" data-recording-id="${escapeHtml(recordingId)}" data-current-time="${currentTime}" data-duration="${duration}"${hidden ? ' hidden' : ''}>
<div data-attr="seekbar" role="slider" tabindex="0" aria-label="Playback position" aria-valuemin="0" aria-valuemax="${duration}" aria-valuenow="${currentTime}">${clock(currentTime)} / ${clock(duration)}</div>
<button type="button" data-seek="10">+10 s</button>
</div>`;
}

const SCRIPT = `
const playerEl = () => document.querySelector('[data-attr="session-recording-player"]');
function showTime(el, seconds) {
  el.dataset.currentTime = String(seconds);
  const bar = el.querySelector('[data-attr="seekbar"]');
  const mmss = (s) => String(Math.floor(s / 60)).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');
  bar.setAttribute('aria-valuenow', String(seconds));
  bar.textContent = mmss(seconds) + ' / ' + mmss(Number(el.dataset.duration));
}
document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const link = target && target.closest('a[data-nav]');
  if (link) {
    event.preventDefault();
    history.pushState({}, '', link.getAttribute('href'));
    document.title = link.dataset.title;
    document.querySelector('h1').textContent = link.dataset.heading;
    const el = playerEl();
    if (el) {
      el.hidden = !link.dataset.recordingId;
      if (link.dataset.recordingId) { el.dataset.recordingId = link.dataset.recordingId; showTime(el, 0); }
    }
    return;
  }
  const seek = target && target.closest('[data-seek]');
  const el = playerEl();
  if (seek && el) showTime(el, Math.min(Number(el.dataset.currentTime) + Number(seek.dataset.seek), Number(el.dataset.duration)));
});
window.addEventListener('popstate', () => location.reload());
`;

export interface PageParts {
  title: string;
  heading: string;
  body: string;
  signedInAs?: string;
  status?: number;
}

export function page(parts: PageParts): Reply {
  const account = parts.signedInAs
    ? `<p data-attr="signed-in-as">Signed in as ${escapeHtml(parts.signedInAs)}</p>`
    : '<p><a href="/login">Sign in</a></p>';
  const text = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(parts.title)}</title>
</head>
<body>
<header>${account}</header>
<main>
<h1>${escapeHtml(parts.heading)}</h1>
${parts.body}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
  return { status: parts.status ?? 200, text, contentType: 'text/html; charset=utf-8' };
}
