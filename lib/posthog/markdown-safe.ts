/**
 * Text from PostHog in the Markdown Hogmark copies, so that it carries text and never meaning
 * wherever it is pasted (GitHub, Linear, Slack, Notion). Names and notes are PostHog users' words;
 * a person and a start address are whatever the recorded site sent (`identify`, `$set`, a forged
 * `$current_url`), so they are shown as code, which no renderer links, mentions from or formats.
 */

/** What breaks or spaces a line: it becomes one space, as every place Hogmark writes to is one line. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * What changes how text reads without being seen: C0 and C1 controls, bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), zero-width characters and the byte order mark.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping controls is what it is for.
export const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200D\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * Mentions chat tools and trackers turn into pings: `@here`, `@channel`, `@everyone`, `@someone` or
 * `@org/team` after anything but a letter or digit (an email's `@` is no mention; `_@here_` is),
 * and Slack's `<!here>`, `<@U123>` and `<#C123>`.
 */
const MENTION = /(?<![\p{L}\p{N}])@[\p{L}\p{N}_-]+(?:\/[\p{L}\p{N}_-]+)?|<[!@#][^<>]*>/gu;

/**
 * Characters that start emphasis, code, a link, HTML, an entity (`&#x202E;`), a table cell,
 * strikethrough or math anywhere in a line. Parentheses and braces are left: they mean something
 * only after a `]`, which is always escaped.
 */
const INLINE_SYNTAX = /[\\`*_[\]<>|~$&]/g;

/** What starts a heading or a list item at the start of a line (`>`, `*` are escaped anywhere). */
const LINE_START_SYNTAX = /^(?:[-+#]|\d{1,9}[.)](?= |$))/;

function oneLine(value: string): string {
  return value.toWellFormed().replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** A code span whose fence is longer than any backtick run inside, padded where CommonMark needs it. */
function codeSpan(content: string): string {
  if (content === '') return '';
  const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

function escapedText(text: string): string {
  return text.replace(INLINE_SYNTAX, '\\$&');
}

function text(line: string): string {
  let markdown = '';
  let from = 0;
  for (const mention of line.matchAll(MENTION)) {
    markdown += escapedText(line.slice(from, mention.index)) + codeSpan(mention[0]);
    from = mention.index + mention[0].length;
  }
  markdown += escapedText(line.slice(from));
  return markdown.replace(LINE_START_SYNTAX, (start) => `${start.slice(0, -1)}\\${start.slice(-1)}`);
}

/**
 * Any string PostHog gave, safe in Markdown: one line, without controls, bidi or zero-width
 * characters, and then either `text` (Markdown syntax and `&` backslash-escaped, mentions as code)
 * or `code` (all of it one code span), for what the recorded site wrote. Empty when nothing visible
 * is left.
 */
export function markdownSafe(value: string, as: 'text' | 'code'): string {
  const line = oneLine(value);
  return as === 'code' ? codeSpan(line) : text(line);
}
