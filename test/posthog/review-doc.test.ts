import { describe, expect, it } from 'vitest';
import {
  collectionMarkdown,
  MAX_REVIEW_DOC_CHARS,
  type ReviewRecording,
  reviewDocMarkdown,
} from '../../lib/posthog/review-doc';
import { HOSTILE_NAMES } from '../support/hostile-names';

const US = 'https://us.posthog.com';
const labels = { anonymous: 'Anonymous', recording: (id: string) => `Recording …${id.slice(-8)}` };
const link = (id: string, t?: number) => `${US}/project/1/replay/${id}${t === undefined ? '' : `?t=${t}`}`;
const recording = (
  id: string,
  face: ReviewRecording['face'],
  notes: ReviewRecording['notes'] = [],
): ReviewRecording => ({
  recordingId: id,
  link: link(id),
  face,
  notes,
});

describe('a collection as a review doc', () => {
  it('heads with the collection and lists its recordings newest first, with their notes at their seconds', () => {
    const doc = collectionMarkdown({
      name: 'Checkout bugs',
      url: `${US}/project/1/replay/playlists/eKdNnFRI`,
      labels,
      locale: 'en-GB',
      timeZone: 'UTC',
      recordings: [
        recording('older', {
          person: 'bo@acme.com',
          startTime: '2025-03-01T09:00:00Z',
          durationSeconds: 61,
          startUrl: 'https://acme.com/',
        }),
        recording(
          'newer',
          {
            person: 'ana@acme.com',
            startTime: '2025-03-02T10:00:00Z',
            durationSeconds: 312,
            startUrl: 'https://acme.com/checkout?card=4242',
          },
          [{ text: 'Payment button unresponsive', second: 75, link: link('newer', 75) }],
        ),
        recording('unknown', null),
        recording('anonymous', { person: null, startTime: null, durationSeconds: 3725, startUrl: null }),
      ],
    });
    expect(doc).toBe(
      [
        `## [Checkout bugs](${US}/project/1/replay/playlists/eKdNnFRI)`,
        '',
        `- [\`ana@acme.com\` · 2 Mar 2025, 10:00 · 05:12 · \`acme.com/checkout\`](${link('newer')})`,
        `  - [01:15](${link('newer', 75)}) Payment button unresponsive`,
        `- [\`bo@acme.com\` · 1 Mar 2025, 09:00 · 01:01 · \`acme.com\`](${link('older')})`,
        `- [Recording …unknown](${link('unknown')})`,
        `- [Anonymous · 1:02:05](${link('anonymous')})`,
      ].join('\n'),
    );
  });

  it.each(HOSTILE_NAMES)(
    'a collection, a person and a note with $what stay text (the person as code)',
    ({ name, text, code }) => {
      const collection = `${US}/project/1/replay/playlists/x`;
      const doc = collectionMarkdown({
        name,
        url: collection,
        labels,
        recordings: [
          recording('r', { person: name, startTime: null, durationSeconds: 61, startUrl: null }, [
            { text: name, second: 3, link: link('r', 3) },
            { text: name, second: null, link: link('r') },
          ]),
        ],
      });
      const notes = text
        ? [`  - [00:03](${link('r', 3)}) ${text}`, `  - ${text}`]
        : [`  - [00:03](${link('r', 3)})`];
      expect(doc.split('\n')).toEqual([
        `## [${text || collection}](${collection})`,
        '',
        `- [${code ? `${code} · 01:01` : '01:01'}](${link('r')})`,
        ...notes,
      ]);
    },
  );

  it.each([
    ['a bare domain, without its query', 'https://evil.example/login?next=%40here', '`evil.example/login`'],
    ['a mention in the path', 'https://acme.com/@here', '`acme.com/@here`'],
    ['a backtick in the path, percent-encoded', 'https://acme.com/a`b', '`acme.com/a%60b`'],
    ['RLO in the path, percent-encoded', 'https://acme.com/\u202Eevil', '`acme.com/%E2%80%AEevil`'],
  ])('a start address with %s is code', (_, startUrl, place) => {
    const doc = collectionMarkdown({
      name: 'Bugs',
      url: `${US}/project/1/replay/playlists/x`,
      labels,
      recordings: [recording('r', { person: null, startTime: null, durationSeconds: null, startUrl })],
    });
    expect(doc.split('\n')[2]).toBe(`- [Anonymous · ${place}](${link('r')})`);
  });

  it('escapes hostile names and notes: brackets, backticks, HTML, newlines and emphasis stay text', () => {
    const doc = collectionMarkdown({
      name: 'Bugs](https://evil.example) <script>',
      url: `${US}/project/1/replay/playlists/x`,
      labels,
      recordings: [
        recording(
          'r',
          {
            person: '[admin](javascript:alert(1))',
            startTime: null,
            durationSeconds: null,
            startUrl: 'javascript:alert(1)',
          },
          [
            {
              text: 'line one\nline [two](https://evil.example)\n\n# not a heading *bold* `code` <b>x</b> | cell',
              second: 3,
              link: link('r', 3),
            },
            { text: 'no second', second: null, link: link('r') },
          ],
        ),
      ],
    });
    const lines = doc.split('\n');
    expect(lines[0]).toBe(
      `## [Bugs\\](https://evil.example) \\<script\\>](${US}/project/1/replay/playlists/x)`,
    );
    expect(lines[2]).toBe(`- [\`[admin](javascript:alert(1))\`](${link('r')})`);
    expect(lines[3]).toBe(
      `  - [00:03](${link('r', 3)}) line one line \\[two\\](https://evil.example) # not a heading \\*bold\\* \\\`code\\\` \\<b\\>x\\</b\\> \\| cell`,
    );
    expect(lines[4]).toBe('  - no second');
    expect(lines).toHaveLength(5);
  });
});

describe('the review doc’s size cap', () => {
  const huge = (count: number, notes: number): ReviewRecording[] =>
    Array.from({ length: count }, (_, index) => ({
      recordingId: `r${index}`,
      link: `https://us.posthog.com/project/1/replay/r${index}`,
      face: {
        person: `${'p'.repeat(300)}${index}`,
        // Newest first: r0 is the newest.
        startTime: new Date(Date.UTC(2025, 2, 1) - index * 60_000).toISOString(),
        durationSeconds: 60,
        startUrl: null,
      },
      notes: Array.from({ length: notes }, (_, n) => ({
        text: `${'&'.repeat(400)} ${n}`,
        second: n,
        link: `https://us.posthog.com/project/1/replay/r${index}?t=${n}`,
      })),
    }));
  const labels = {
    anonymous: 'Anonymous',
    recording: (id: string) => `Recording ${id}`,
    leftOut: (recordings: number, notes: number) => `Left out: ${recordings} recordings, ${notes} notes.`,
  };

  it('keeps thousands of recordings with long notes under the cap, newest first, and says what it left out', () => {
    const recordings = huge(2_000, 20);
    const { markdown, leftOut } = reviewDocMarkdown({
      name: 'Huge',
      url: 'https://us.posthog.com/x',
      recordings,
      labels,
    });
    expect(markdown.length).toBeLessThanOrEqual(MAX_REVIEW_DOC_CHARS);
    expect(markdown.length).toBeGreaterThan(MAX_REVIEW_DOC_CHARS - 25_000);
    const kept = markdown.split('\n').filter((line) => line.startsWith('- ['));
    expect(kept[0]).toContain('(https://us.posthog.com/project/1/replay/r0)');
    const keptNotes = markdown.split('\n').filter((line) => line.startsWith('  - ')).length;
    expect(leftOut.recordings).toBe(2_000 - kept.length);
    expect(leftOut.notes).toBe(2_000 * 20 - keptNotes);
    expect(markdown.split('\n').at(-1)).toBe(
      `> Left out: ${leftOut.recordings} recordings, ${leftOut.notes} notes.`,
    );
  });

  it('cuts one recording’s notes where they pass the cap, and says how many', () => {
    const { markdown, leftOut } = reviewDocMarkdown({
      name: 'One',
      url: 'https://us.posthog.com/x',
      recordings: huge(1, 500),
      labels,
    });
    expect(markdown.length).toBeLessThanOrEqual(MAX_REVIEW_DOC_CHARS);
    expect(leftOut.recordings).toBe(0);
    expect(leftOut.notes).toBeGreaterThan(0);
    expect(markdown.split('\n').at(-1)).toBe(`> Left out: 0 recordings, ${leftOut.notes} notes.`);
  });

  it('leaves a doc under the cap whole, saying nothing', () => {
    const doc = { name: 'Small', url: 'https://us.posthog.com/x', recordings: huge(3, 2), labels };
    const { markdown, leftOut } = reviewDocMarkdown(doc);
    expect(leftOut).toEqual({ recordings: 0, notes: 0 });
    expect(markdown).toBe(collectionMarkdown(doc));
    expect(markdown).not.toContain('Left out');
  });
});
