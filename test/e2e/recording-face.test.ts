import { describe, expect, it } from 'vitest';
import { DEMO } from '../fake-posthog/demo-ids';
import { badgeText, pickerOver, recordingCalls, signedInPickerOver } from './collections-harness';
import { allowClipboard, popupOver, readClipboard } from './dashboards-harness';
import { useExtension } from './fixtures';
import { saveConnection } from './options-page';
import { seekPlayer } from './player-control';

const { inCheckout, loose, anonymous } = DEMO.recordings;
const { onboarding } = DEMO.playlists;
const COMMENTS = /^\/api\/projects\/1\/comments\/(?:[0-9a-f-]{36}\/)?$/;

/**
 * Signed in, the demo's loose recording paused at `second`, and the popup over it once the player's
 * second has reached the background (a throttled hint: the popup is reopened until its note is there).
 */
async function pickerAtSecond(env: ReturnType<typeof useExtension>, second: number, clock: string) {
  const { page, tabId, popup: first } = await signedInPickerOver(env.session, env.server.url, loose);
  await first.close();
  await page.goto(`${env.server.url}/project/1/replay/${loose}?pause`);
  await page.locator('[data-attr="recording-timestamp"]').waitFor();
  await seekPlayer(page, second);
  let popup = await pickerOver(env.session, tabId);
  await expect
    .poll(
      async () => {
        await popup.close();
        popup = await pickerOver(env.session, tabId);
        return popup.getByLabel(`Note at ${clock} (optional)`).count();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(1);
  return { page, tabId, popup };
}

describe('who a recording is, in the popup', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });
  const recording = (id: string) => `${env.server.url}/project/1/replay/${id}`;

  it('names the person, when it started, how long it lasted and where, with one read per recording', async () => {
    const { page, tabId } = await env.session.openTab(recording(inCheckout));
    env.server.clearRequests();
    const popup = await popupOver(env.session, tabId);
    await popup.getByRole('heading', { name: 'ana@acme.com' }).waitFor();
    const details = popup.locator('.context-face');
    await expect
      .poll(() => details.textContent())
      .toMatch(/^Started .+ · 05:12 long · shop\.example\.com\/checkout$/);
    await popup.close();
    const again = await popupOver(env.session, tabId);
    await again.getByRole('heading', { name: 'ana@acme.com' }).waitFor();
    const reads = env.server.requests.filter(
      (r) => r.path === `/api/projects/1/session_recordings/${inCheckout}/`,
    );
    expect(reads).toHaveLength(1);
    await Promise.all([again.close(), page.close()]);
  });

  it('says Anonymous for a recording PostHog has no person for', async () => {
    const { page, tabId } = await env.session.openTab(recording(anonymous));
    const popup = await popupOver(env.session, tabId);
    await popup.getByRole('heading', { name: 'Anonymous' }).waitFor();
    await Promise.all([popup.close(), page.close()]);
  });

  it("adds with a note at the player's second: one comment at the recording's start plus that second, and Undo removes both", async () => {
    const { page, popup } = await pickerAtSecond(env, 42, '00:42');
    env.server.clearRequests();
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.getByLabel('Note at 00:42 (optional)').fill('Coupon field [EU] rejects\nvalid codes');
    await popup.getByLabel('Note at 00:42 (optional)').press('Control+Enter');
    await popup.getByText('✓ Added to Onboarding · note at 00:42', { exact: true }).waitFor();
    const notes = env.server.requests.filter((r) => r.method === 'POST' && COMMENTS.test(r.path));
    expect(notes.map((r) => [r.auth, r.status, r.body])).toEqual([
      [
        'key',
        201,
        {
          content: 'Coupon field [EU] rejects\nvalid codes',
          scope: 'Replay',
          item_id: loose,
          // The recording started at 11:00:00 (its metadata): plus 42 seconds.
          item_context: {
            time_in_recording: '2025-03-01T11:00:42.000Z',
            milliseconds_into_recording: 42_000,
          },
        },
      ],
    ]);
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['POST key 403', 'POST session 200']);
    await expect(popup.getByLabel('Note at 00:42 (optional)').inputValue()).resolves.toBe('');

    env.server.clearRequests();
    await popup.getByRole('button', { name: 'Undo' }).click();
    await popup.getByText(/^Removed from Onboarding/).waitFor();
    const undone = env.server.requests.filter((r) => r.method === 'PATCH' && COMMENTS.test(r.path));
    expect(undone.map((r) => [r.auth, r.status, r.body])).toEqual([['key', 200, { deleted: true }]]);
    expect(recordingCalls(env.server, onboarding, loose)).toEqual(['DELETE session 200']);
    await Promise.all([popup.close(), page.close()]);
  });
});

describe('a note typed before a plain add', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  it('type a note, then click a collection: PostHog receives the add and the comment', async () => {
    const { page, popup } = await pickerAtSecond(env, 75, '01:15');
    env.server.clearRequests();
    await popup.getByRole('combobox').fill('Onboard');
    // The active row says what a click or Enter does, and that the note goes with it once written.
    const active = popup.getByRole('option', { selected: true });
    await expect.poll(() => active.textContent()).toMatch(/^Onboarding.*↵ Add$/);
    const note = popup.getByLabel('Note at 01:15 (optional)');
    await note.fill('Coupon field rejects valid codes');
    await popup.getByRole('option', { name: /^Onboarding.*↵ Add with note$/ }).waitFor();
    // A click, not Ctrl+Enter: the typed note is not dropped.
    await popup.getByRole('option', { name: /^Onboarding/ }).click();
    await popup.getByText('✓ Added to Onboarding · note at 01:15', { exact: true }).waitFor();
    const notes = env.server.requests.filter((r) => r.method === 'POST' && COMMENTS.test(r.path));
    expect(notes.map((r) => [r.status, r.body])).toEqual([
      [
        201,
        {
          content: 'Coupon field rejects valid codes',
          scope: 'Replay',
          item_id: loose,
          // The recording started at 11:00:00 (its metadata): plus 75 seconds.
          item_context: {
            time_in_recording: '2025-03-01T11:01:15.000Z',
            milliseconds_into_recording: 75_000,
          },
        },
      ],
    ]);
    expect(recordingCalls(env.server, onboarding, loose).at(-1)).toBe('POST session 200');
    await expect(note.inputValue()).resolves.toBe('');
    // A new search: the earlier add's notice no longer offers Undo.
    await popup.getByRole('button', { name: 'Undo' }).waitFor();
    await popup.getByRole('combobox').fill('Check');
    await expect.poll(() => popup.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await popup.getByText('✓ Added to Onboarding · note at 01:15', { exact: true }).waitFor();
    await Promise.all([popup.close(), page.close()]);
  });
});

describe('a key without session_recording:read', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' });

  it('still adds, and names the recording by its id', async () => {
    await saveConnection(env.session, env.server.url, env.server.keys.noRecordingRead);
    const { page, popup } = await signedInPickerOver(env.session, env.server.url, inCheckout);
    await popup.getByRole('heading', { name: inCheckout }).waitFor();
    expect(await popup.locator('.context-face').count()).toBe(0);
    expect(
      env.server.requests.filter((r) => r.path === `/api/projects/1/session_recordings/${inCheckout}/`),
    ).toEqual([]);
    await popup.getByRole('combobox').fill('Onboarding');
    await popup.keyboard.press('Enter');
    await popup.getByText(/^✓ Added to Onboarding/).waitFor();
    await Promise.all([popup.close(), page.close()]);
  });
});

describe('a collection as a review doc', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'review' }, { connected: true });

  it('copies a 30-recording collection with 30 entries, each linking its recording, and its notes at their seconds', async () => {
    const collection = `${env.server.url}/project/1/replay/playlists/${DEMO.playlists.weeklyReview}`;
    await allowClipboard(env.session, env.server.url);
    // One note on the first recording, as PostHog's player writes it: 75 s after the recording's start.
    const first = DEMO.weeklyReviewRecording(1);
    const headers = { authorization: `Bearer ${env.server.keys.all}`, 'content-type': 'application/json' };
    const meta = (await (
      await fetch(`${env.server.url}/api/projects/1/session_recordings/${first}/`, { headers })
    ).json()) as { start_time: string };
    const at = new Date(Date.parse(meta.start_time) + 75_000).toISOString();
    const made = await fetch(`${env.server.url}/api/projects/1/comments/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        content: 'Slow [cart]\nthen *gone*',
        scope: 'Replay',
        item_id: first,
        item_context: { time_in_recording: at },
      }),
    });
    expect(made.status).toBe(201);
    env.server.clearRequests();
    const { page, tabId } = await env.session.openTab(collection);
    const popup = await popupOver(env.session, tabId);
    const panel = popup.locator('section.review-doc');
    await panel.getByRole('button', { name: 'Copy as Markdown' }).click();
    await popup
      .getByRole('status')
      .getByText('Copied Weekly review as Markdown (30 recordings)')
      .waitFor({ timeout: 15_000 });
    const markdown = await readClipboard(page);
    const lines = markdown.split('\n');
    expect(lines[0]).toBe(`## [Weekly review](${collection})`);
    const entries = lines.filter((line) => line.startsWith('- ['));
    expect(entries).toHaveLength(30);
    const linked = entries.map((line) => /\]\(([^)]+)\)$/.exec(line)?.[1]);
    const expected = Array.from(
      { length: 30 },
      (_, i) => `${env.server.url}/project/1/replay/${DEMO.weeklyReviewRecording(i + 1)}`,
    );
    expect([...linked].sort()).toEqual([...expected].sort());
    const firstLink = `${env.server.url}/project/1/replay/${first}`;
    const firstEntry = lines.findIndex((line) => line.endsWith(`](${firstLink})`));
    expect(lines[firstEntry + 1]).toBe(`  - [01:15](${firstLink}?t=75) Slow \\[cart\\] then \\*gone\\*`);
    // Only reads: the collection, its recordings, their notes.
    expect(env.server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('says in the doc it holds the newest 50 of a 120-recording collection, with one list request', async () => {
    const collection = `${env.server.url}/project/1/replay/playlists/${DEMO.playlists.quarterReview}`;
    await allowClipboard(env.session, env.server.url);
    env.server.clearRequests();
    const { page, tabId } = await env.session.openTab(collection);
    const popup = await popupOver(env.session, tabId);
    await popup.locator('section.review-doc').getByRole('button', { name: 'Copy as Markdown' }).click();
    await popup
      .getByRole('status')
      .getByText('Copied Quarter review as Markdown (50 recordings)')
      .waitFor({ timeout: 15_000 });
    const lines = (await readClipboard(page)).split('\n');
    const said =
      'The newest 50 of the 120 recordings in this collection: PostHog lists no more of a collection, nor any that started over a year ago.';
    expect(lines.slice(0, 3)).toEqual([`## [Quarter review](${collection})`, `> ${said}`, '']);
    expect(lines.filter((line) => line.startsWith('- ['))).toHaveLength(50);
    await popup.getByText(said).first().waitFor();
    const lists = env.server.requests.filter((r) =>
      r.path.endsWith(`/${DEMO.playlists.quarterReview}/recordings/`),
    );
    expect(lists).toHaveLength(1);
    await Promise.all([popup.close(), page.close()]);
  });
});

describe('a note while signed out', () => {
  const env = useExtension({ flavor: 'posthog', seed: 'demo' }, { connected: true });

  it('waits with its add, and both are made once when a PostHog page loads after signing in', async () => {
    const third = '0191dd9e-1111-7ccc-8ddd-000000000003';
    const signOut = await env.session.openTab(`${env.server.url}/logout`);
    await signOut.page.close();
    const { page, tabId } = await env.session.openTab(`${env.server.url}/project/1/replay/${third}`);
    const popup = await pickerOver(env.session, tabId);
    await popup.getByRole('combobox').fill('Onboarding');
    const note = popup.getByLabel(/^Note at \d\d:\d\d \(optional\)$/);
    await note.fill('Stuck on the plan step');
    await note.press('Control+Enter');
    await popup
      .getByText(
        'Not added to Onboarding yet: you are signed out of PostHog, so Hogmark will add it once you sign in.',
      )
      .waitFor();
    await expect.poll(() => badgeText(env.session, tabId)).toBe('1');
    await popup.close();
    // Closing the popup loses nothing: signing in loads a PostHog page, and the add and its note are made.
    env.server.clearRequests();
    await page.waitForTimeout(2_100);
    await page.goto(`${env.server.url}/login?next=/project/1/replay/${third}`);
    await expect
      .poll(() => recordingCalls(env.server, onboarding, third), { timeout: 15_000 })
      .toEqual(['POST session 200']);
    const notes = () => env.server.requests.filter((r) => r.method === 'POST' && COMMENTS.test(r.path));
    await expect
      .poll(() => notes().map((r) => [r.auth, r.status, (r.body as { content?: string }).content]))
      .toEqual([['key', 201, 'Stuck on the plan step']]);
    await expect.poll(() => badgeText(env.session, tabId)).toBe('REC');
    // Another page load makes nothing more.
    await page.reload();
    await page.waitForTimeout(1_000);
    expect(recordingCalls(env.server, onboarding, third)).toEqual(['POST session 200']);
    expect(notes()).toHaveLength(1);
    await page.close();
  });
});
