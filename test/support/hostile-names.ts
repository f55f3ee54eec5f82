/**
 * Names, notes and person properties a recorded site or a careless paste can hold, with the Markdown
 * each must become: `text` where Hogmark shows PostHog users' words (titles, collection names,
 * notes), `code` where it shows what the recorded site wrote (a person). Empty: nothing visible left.
 */
export const HOSTILE_NAMES: ReadonlyArray<{ what: string; name: string; text: string; code: string }> = [
  { what: '@here', name: 'Ana @here', text: 'Ana `@here`', code: '`Ana @here`' },
  {
    what: '@channel',
    name: '@channel: checkout is down',
    text: '`@channel`: checkout is down',
    code: '`@channel: checkout is down`',
  },
  { what: '@everyone', name: 'hi @everyone!', text: 'hi `@everyone`!', code: '`hi @everyone!`' },
  { what: '@here in emphasis', name: '_@here_', text: '\\_`@here_`', code: '`_@here_`' },
  { what: "Slack's <!here>", name: '<!here> look', text: '`<!here>` look', code: '`<!here> look`' },
  { what: 'an email, no mention', name: 'ana@acme.com', text: 'ana@acme.com', code: '`ana@acme.com`' },
  { what: 'RLO (U+202E)', name: 'Ana\u202Emoc.evil', text: 'Anamoc.evil', code: '`Anamoc.evil`' },
  {
    what: 'bidi embeddings and isolates',
    name: '\u202Aa\u202C\u2066b\u2069\u2067c\u2068',
    text: 'abc',
    code: '`abc`',
  },
  {
    what: 'zero-width characters',
    name: 'ad\u200Bmi\u200C\u200Dn\u2060\uFEFF',
    text: 'admin',
    code: '`admin`',
  },
  {
    what: 'C0 and C1 controls',
    name: 'a\u0000b\u001B[31mc\u007F\u009Bd',
    text: 'ab\\[31mcd',
    code: '`ab[31mcd`',
  },
  {
    what: 'line breaks',
    name: 'one\r\n\n two\u2028three\u0085four\tfive',
    text: 'one two three four five',
    code: '`one two three four five`',
  },
  { what: '&#x202E; entity', name: '&#x202E;Ana', text: '\\&#x202E;Ana', code: '`&#x202E;Ana`' },
  {
    what: 'a bare domain',
    name: 'evil.example/login',
    text: 'evil.example/login',
    code: '`evil.example/login`',
  },
  { what: 'a run of 1 backtick', name: 'a`b', text: 'a\\`b', code: '``a`b``' },
  { what: 'a run of 2 backticks', name: 'a``b', text: 'a\\`\\`b', code: '```a``b```' },
  { what: 'a run of 3 backticks', name: '```', text: '\\`\\`\\`', code: '```` ``` ````' },
  { what: 'backticks at both ends', name: '`rm -rf`', text: '\\`rm -rf\\`', code: '`` `rm -rf` ``' },
  { what: 'a heading at the start', name: '# Title', text: '\\# Title', code: '`# Title`' },
  { what: 'a list item at the start', name: '1. step', text: '1\\. step', code: '`1. step`' },
  {
    what: 'emphasis, HTML, strikethrough, math',
    name: '*a* _b_ <i>c</i> ~~d~~ $e$ | f',
    text: '\\*a\\* \\_b\\_ \\<i\\>c\\</i\\> \\~\\~d\\~\\~ \\$e\\$ \\| f',
    code: '`*a* _b_ <i>c</i> ~~d~~ $e$ | f`',
  },
  { what: 'only invisible characters', name: '\u202E\u200B\u0000 ', text: '', code: '' },
];
