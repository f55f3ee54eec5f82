import { describe, expect, it } from 'vitest';
import { collectionMarkdown, markdownText, type ReviewRecording } from '../../lib/posthog/review-doc';

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
        `- [ana@acme.com · 2 Mar 2025, 10:00 · 05:12 · acme.com/checkout](${link('newer')})`,
        `  - [01:15](${link('newer', 75)}) Payment button unresponsive`,
        `- [bo@acme.com · 1 Mar 2025, 09:00 · 01:01 · acme.com](${link('older')})`,
        `- [Recording …unknown](${link('unknown')})`,
        `- [Anonymous · 1:02:05](${link('anonymous')})`,
      ].join('\n'),
    );
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
    expect(lines[2]).toBe(`- [\\[admin\\](javascript:alert(1))](${link('r')})`);
    expect(lines[3]).toBe(
      `  - [00:03](${link('r', 3)}) line one line \\[two\\]\\(https://evil.example\\) \\# not a heading \\*bold\\* \\\`code\\\` \\<b\\>x\\</b\\> \\| cell`,
    );
    expect(lines[4]).toBe('  - no second');
    expect(lines).toHaveLength(5);
  });

  it('keeps any text on one line with nothing unescaped', () => {
    expect(markdownText('  a\r\n\tb  ')).toBe('a b');
    expect(markdownText('_*[]()<>`\\')).toBe('\\_\\*\\[\\]\\(\\)\\<\\>\\`\\\\');
  });
});
