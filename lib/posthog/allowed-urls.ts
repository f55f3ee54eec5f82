/**
 * Whether a site is one of a project's, as PostHog itself decides it for recordings
 * (`posthog/api/utils.py` `hostname_in_allowed_url_list`, used on `recording_domains`): each entry's
 * hostname as Python's `urlparse(entry).hostname` reads it, compared with the site's hostname, a `*`
 * in the entry standing for anything (`^…$` over the escaped entry, `\*` → `(.*)`).
 */

/** Python's `urllib.parse.urlparse(url).hostname`: the netloc after `//`, without user and port, lower case. */
export function pythonUrlHostname(url: string): string | null {
  // urlsplit: a scheme is letters, digits, `+-.` before the first `:`, starting with a letter.
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(url);
  const rest = scheme ? url.slice(scheme[0].length) : url;
  if (!rest.startsWith('//')) return null;
  const netloc = rest.slice(2).split(/[/?#]/, 1)[0] ?? '';
  const host = netloc.slice(netloc.lastIndexOf('@') + 1);
  let hostname: string;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    hostname = end === -1 ? host.slice(1) : host.slice(1, end);
  } else {
    hostname = host.split(':', 1)[0] ?? '';
  }
  return hostname === '' ? null : hostname.toLowerCase();
}

function escapePython(text: string): string {
  // `re.escape` escapes every character special to Python's `re`; `*` becomes `\*`, then `(.*)`.
  return text.replace(/[.*+?^${}()|[\]\\\-#&~ ]/g, '\\$&');
}

/** `hostname_in_allowed_url_list(list, hostname)`: false with no hostname or no list. */
export function hostnameInAllowedUrlList(
  list: readonly string[] | null | undefined,
  hostname: string,
): boolean {
  if (!hostname) return false;
  for (const entry of list ?? []) {
    const permitted = pythonUrlHostname(entry);
    if (!permitted) continue;
    if (permitted.includes('*')) {
      const pattern = `^${escapePython(permitted).replaceAll('\\*', '(.*)')}$`;
      if (new RegExp(pattern).test(hostname)) return true;
    } else if (permitted === hostname) {
      return true;
    }
  }
  return false;
}

/** A project's domains as PostHog lists them (`GET /api/projects/{id}/`). */
export interface ProjectDomains {
  recording_domains?: readonly string[] | null;
  app_urls?: readonly string[] | null;
}

/**
 * Whether the site's hostname is the project's: its `recording_domains` (where PostHog accepts its
 * recordings from), else its `app_urls` (the toolbar's authorised URLs), by the same rule.
 */
export function siteIsProjects(project: ProjectDomains, hostname: string): boolean {
  return (
    hostnameInAllowedUrlList(project.recording_domains, hostname) ||
    hostnameInAllowedUrlList(project.app_urls, hostname)
  );
}
