import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { AppOptions, SceneData } from './app/scene';
import type { Reply } from './http';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** JSON inside an inline script: no `</script>`, no HTML comment openers, no JS line terminators. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

let bundle: string | undefined;
let styles: string | undefined;

/**
 * The stand-in's app (`app/main.ts` and its modules) as one script, bundled with esbuild (a dev
 * dependency) once per process: the app stays typed without a build step.
 */
function appScript(): string {
  bundle ??= (() => {
    const result = buildSync({
      entryPoints: [fileURLToPath(new URL('./app/main.ts', import.meta.url))],
      bundle: true,
      format: 'iife',
      globalName: 'fakePostHogApp',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    return result.outputFiles[0]?.text ?? '';
  })();
  return bundle;
}

function appStyles(): string {
  styles ??= ['utilities.css', 'components.css']
    .map((name) => readFileSync(new URL(`./app/${name}`, import.meta.url), 'utf8'))
    .join('\n');
  return styles;
}

/**
 * PostHog's shell (`frontend/src/index.html` + `posthog/templates/head.html`; the exporter's for shared
 * pages): `<title>PostHog</title>`, an empty `#root` the app draws into, and the app's inline script.
 */
export function appPage(scene: SceneData, options: AppOptions): Reply {
  const shared = scene.kind === 'shared';
  // sharing.py renders og:title (the dashboard's or insight's name) when `add_og_tags`; not for recordings.
  const og =
    shared && scene.name !== null ? `\n<meta property="og:title" content="${escapeHtml(scene.name)}">` : '';
  // The app's bundle defines `fakePostHogApp` inside this function only: no extra global.
  const boot = `(() => {\n${appScript()}\nfakePostHogApp.boot(${scriptJson(scene)}, ${scriptJson(options)});\n})();`;
  const text = `<!doctype html>
<html lang="en">
<head>
<title>PostHog</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta charset="utf-8">${og}
<style>${appStyles()}</style>
</head>
<body${shared ? ' class="ExporterBody"' : ''}>
<div id="root"></div>
<script>${boot}</script>
</body>
</html>
`;
  return { status: 200, text, contentType: 'text/html; charset=utf-8' };
}

/** `sharing.py` `custom_404_response` for a token that opens nothing. */
export function notFoundPage(): Reply {
  const text = `<!doctype html>
<html lang="en">
<head>
<title>PostHog</title>
<meta charset="utf-8">
</head>
<body>
<h1>Not found</h1>
</body>
</html>
`;
  return { status: 404, text, contentType: 'text/html; charset=utf-8' };
}
