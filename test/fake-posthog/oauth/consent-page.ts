import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { escapeHtml } from '../page-layout';

/** What `OAuthAuthorizationView.get` puts in the page for the consent scene, plus what the SPA loads. */
export interface ConsentData {
  application: { name: string; client_id: string; is_verified: boolean; required_scopes: string[] };
  scopeResolution: { scopes: string[]; was_defaulted: boolean };
  /** The request's parameters, posted back with the choice. */
  request: Record<string, string | null>;
  /** `?required_access_level=` (a UI hint only). */
  requiredAccessLevel: 'organization' | 'team' | null;
  redirectHost: string | null;
  organizations: { id: string; name: string }[];
  teams: { id: number; name: string; organization: string }[];
}

const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

let bundle: string | undefined;

/** `consent-app.ts` as one script, bundled once per process like the app pages' (`page-layout.ts`). */
function consentBundle(): string {
  bundle ??=
    buildSync({
      entryPoints: [fileURLToPath(new URL('./consent-app.ts', import.meta.url))],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    }).outputFiles[0]?.text ?? '';
  return bundle;
}

/**
 * The consent scene (`frontend/src/scenes/oauth/OAuthAuthorize.tsx`, `ScopeAccessSelector.tsx`),
 * drawn by `consent-app.ts` with the DOM API: "Authorize <name>", the unverified warning, the
 * organisation and project access choice, one control per requested scope (PostHog's newest
 * per-object read / write / none, never below a required scope), the redirect host, Cancel and
 * "Authorize <name>". Either button POSTs the JSON form to `/oauth/authorize/` with the session and
 * `X-CSRFToken`, then follows `redirect_to` with `location.href`, as `oauthAuthorizeLogic` does.
 */
export function consentPage(data: ConsentData): string {
  return `<!doctype html>
<html lang="en">
<head>
<title>PostHog</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta charset="utf-8">
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f3f4ef; color: #151515; }
main { max-width: 42rem; margin: 3rem auto; padding: 0 1rem; }
h2 { text-align: center; font-weight: 600; }
.card { background: #fff; border: 1px solid #d0d1c9; border-radius: 6px; padding: 1.5rem; display: flex; flex-direction: column; gap: 1.25rem; }
.warning { background: #fff3d6; border: 1px solid #f7a501; border-radius: 6px; padding: .75rem; margin-bottom: 1rem; }
.muted { color: #5f6169; } .buttons { display: flex; justify-content: flex-end; gap: .5rem; }
button.primary { background: #1d4aff; color: #fff; border: 0; border-radius: 6px; padding: .5rem 1rem; }
ul { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: .5rem; }
li { display: flex; justify-content: space-between; gap: 1rem; }
</style>
</head>
<body>
<div id="root"><noscript>${escapeHtml(data.application.name)}</noscript></div>
<script type="application/json" id="consent-data">${scriptJson(data)}</script>
<script>${consentBundle()}</script>
</body>
</html>
`;
}
