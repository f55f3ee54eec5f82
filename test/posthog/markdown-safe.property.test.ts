import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownSafe } from '../../lib/posthog/markdown-safe';

/** C0 and C1 controls, line and paragraph separators, bidi controls, zero-width characters. */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding controls is what it is for.
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/;

/** Strings rich in what Markdown, chat tools and bidi rendering treat specially, and arbitrary text. */
const hostile = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      'a',
      ' ',
      '`',
      '``',
      '\\',
      '@',
      'here',
      '<!',
      '>',
      '&',
      '#x202E;',
      '[',
      ']',
      '*',
      '_',
      '\n',
      '\t',
      '\u0000',
      '\u0085',
      '\u2028',
      '\u202E',
      '\u2067',
      '\u200B',
      '\uFEFF',
    ),
  }),
  fc.string({ unit: 'binary' }),
);

/** What CommonMark reads from a code span: the text between its fences, one padding space off each end. */
function codeSpanContent(span: string): string | null {
  const fence = /^`+/.exec(span)?.[0] ?? '';
  if (fence === '' || !span.endsWith(fence) || span.length < fence.length * 2 + 1) return null;
  const inside = span.slice(fence.length, -fence.length);
  if ((inside.match(/`+/g) ?? []).some((run) => run.length >= fence.length)) return null;
  const padded = inside.startsWith(' ') && inside.endsWith(' ') && inside.trim() !== '';
  return padded ? inside.slice(1, -1) : inside;
}

/** Markdown with its code spans taken out and each backslash-escaped character as a space, as CommonMark reads it. */
function outsideCodeSpans(markdown: string): string {
  let outside = '';
  let at = 0;
  while (at < markdown.length) {
    if (markdown[at] === '\\') {
      outside += ' ';
      at += 2;
      continue;
    }
    const fence = /^`+/.exec(markdown.slice(at))?.[0];
    if (!fence) {
      outside += markdown[at];
      at += 1;
      continue;
    }
    const closing = new RegExp(`(?<!\`)${fence}(?!\`)`, 'g');
    closing.lastIndex = at + fence.length;
    const close = closing.exec(markdown);
    if (close) at = close.index + fence.length;
    else {
      outside += fence;
      at += fence.length;
    }
  }
  return outside;
}

describe('markdownSafe, for any string', () => {
  it.each(['text', 'code'] as const)('never writes a control, bidi or zero-width character as %s', (as) => {
    fc.assert(
      fc.property(hostile, (value) => {
        expect(markdownSafe(value, as)).not.toMatch(INVISIBLE);
      }),
    );
  });

  it('writes a code span whose fence is longer than any backtick run inside, which reads back as the text', () => {
    const visible = fc.string({
      unit: fc.constantFrom('`', '``', '```', 'a', '\\', '&', '<', '@', ']', ' '),
    });
    fc.assert(
      fc.property(visible, (value) => {
        const line = value.replace(/ +/g, ' ').trim();
        const span = markdownSafe(value, 'code');
        if (line === '') expect(span).toBe('');
        else expect(codeSpanContent(span)).toBe(line);
      }),
    );
  });

  it('leaves no mention, angle bracket or backtick outside a code span in text', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        expect(outsideCodeSpans(markdownSafe(value, 'text'))).not.toMatch(/(?<![\p{L}\p{N}])@here|[<`]/u);
      }),
    );
  });
});
