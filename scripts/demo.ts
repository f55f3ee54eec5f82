/**
 * `npm run demo`: the extension on the built-in demo PostHog.
 * With a display it opens Chromium ready to use (signed in through the options page's "Sign in with
 * PostHog" and the demo PostHog's consent page, on a demo recording) and waits. Headless (`--headless`, or no display) it then
 * tours every feature — the popup on a recording, pin, copy a share link, the dashboards view, add,
 * with a note, undo, create a playlist, an add waiting while signed out, an insight's links, a person's
 * recordings, then dark mode, a slow PostHog, an empty page, an error, the picker window and the
 * popup over a customer's own site — writes one screenshot per step to .output/demo/, and exits 0.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildTestExtension, ROOT } from '../test/e2e/build';
import { findChromium } from '../test/e2e/chromium';
import { launchExtension } from '../test/e2e/harness';
import { serveSupportTicket } from '../test/e2e/person-page';
import { DEMO } from '../test/fake-posthog/demo-ids';
import { startFakePostHog } from '../test/fake-posthog/index';
import { demoSteps } from './demo-steps';

const headless =
  process.argv.includes('--headless') || (!process.env.DISPLAY && process.platform === 'linux');
const outDir = join(ROOT, '.output/demo');

async function main(): Promise<void> {
  const chromiumPath = findChromium();
  console.log('Building the extension…');
  const extensionDir = buildTestExtension();
  // The demo's data plus customers with recordings of the last weeks, for the person page, and the
  // recordings of the demo customer site (`/demo-site/…` on the same origin).
  const server = await startFakePostHog({ port: headless ? 0 : 8010, flavor: 'posthog', seed: 'tour' });
  console.log(`Local PostHog on ${server.url} (demo data; key with every scope: ${server.keys.all})`);
  // A help desk's ticket (not PostHog) to select a customer's email on.
  const ticket = await serveSupportTicket();
  console.log(`A support ticket to try "Find recordings of …" on: ${ticket.url}`);
  const session = await launchExtension({ extensionDir, chromiumPath, headless });

  const shutdown = async () => {
    await session.close().catch(() => undefined);
    ticket.server.close();
    await server.close();
  };
  process.once('SIGINT', () => void shutdown().then(() => process.exit(0)));

  // Only this run's screenshots, numbered in the order of the tour.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const recordingUrl = `${server.url}/project/${DEMO.projects.main}/replay/${DEMO.recordings.inCheckout}`;
  const shots = await demoSteps({
    session,
    server,
    recordingUrl,
    ticketUrl: ticket.url,
    outDir,
    tour: headless,
    log: (line: string) => console.log(line),
  });

  if (headless) {
    console.log(`Saved ${shots.length} screenshots to .output/demo/:`);
    for (const shot of shots) console.log(`  ${shot}`);
    await shutdown();
    return;
  }
  console.log(
    "Chromium is open with Hogmark set up on a demo recording (in the next tabs: a shared insight; a support ticket, where you select ana@acme.com and right-click; and a page of the demo customer's own site, where the popup lists who was recorded there). Close the browser or press Ctrl+C to stop.",
  );
  await new Promise<void>((resolve) => session.context.once('close', () => resolve()));
  ticket.server.close();
  await server.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
