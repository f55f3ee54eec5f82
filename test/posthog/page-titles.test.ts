import { describe, expect, it } from 'vitest';
import { parsePageContext } from '../../lib/posthog/context';
import { nameFromTitle } from '../../lib/posthog/page-titles';

const US = 'https://us.posthog.com';
const at = (path: string) => {
  const context = parsePageContext(`${US}${path}`);
  if (!context) throw new Error(path);
  return context;
};
const insight = at('/project/1/insights/Wk7pQ2xZ');
const notebook = at('/project/1/notebooks/NbRe1ase');
const flag = at('/project/1/feature_flags/7');
const issue = at('/project/1/error_tracking/0190a3b2-0000-7000-8000-000000000001');
const sql = at('/project/1/sql');
const alerts = at('/project/1/insights/Wk7pQ2xZ/alerts');

describe('names from PostHog tab titles', () => {
  it.each<[string, ReturnType<typeof at>, string, string | undefined]>([
    ['an insight', insight, 'Weekly signups • Product analytics • PostHog', 'Weekly signups'],
    ['an insight of an older PostHog', insight, 'Weekly signups • Insights • PostHog', 'Weekly signups'],
    ['an insight named with the separator', insight, 'A • B • Product analytics • PostHog', 'A • B'],
    ['an insight still loading', insight, 'Product analytics • PostHog', undefined],
    ['an insight not found', insight, 'Insight not found • Product analytics • PostHog', undefined],
    ['an insight under a notebook title', insight, 'Release notes • Notebooks • PostHog', undefined],
    ['a notebook', notebook, 'Release notes • Notebooks • PostHog', 'Release notes'],
    ['an untitled notebook', notebook, 'Unnamed • Notebooks • PostHog', undefined],
    ['a notebook not found', notebook, 'Notebook not found • Notebooks • PostHog', undefined],
    ['a flag', flag, 'new-checkout • Feature Flags • PostHog', 'new-checkout • Feature Flags'],
    ['a flag still loading', flag, 'Unnamed • Feature Flags • PostHog', undefined],
    ['an error tracking issue', issue, 'TypeError • Error tracking • PostHog', 'TypeError • Error tracking'],
    ['the SQL editor', sql, 'SQL editor • PostHog', 'SQL editor'],
    ["an insight's alerts", alerts, 'Weekly signups • Product analytics • PostHog', 'Weekly signups'],
    [
      'a page of a PostHog demo',
      flag,
      'new-checkout • Feature Flags • PostHog Demo',
      'new-checkout • Feature Flags',
    ],
    ['the app before it draws', flag, 'PostHog', undefined],
    ['a title of another shape', flag, 'new-checkout — Feature Flags', undefined],
    ['no title', flag, '', undefined],
  ])('%s', (_name, context, title, expected) => {
    expect(nameFromTitle(context, title)).toBe(expected);
  });

  it('names no other kind of page (their names come from the content script or the lists)', () => {
    expect(
      nameFromTitle(at('/project/1/dashboard/1'), 'Product KPIs • Dashboards • PostHog'),
    ).toBeUndefined();
  });

  it('cuts a long name', () => {
    const name = nameFromTitle(insight, `${'x'.repeat(500)} • Product analytics • PostHog`);
    expect(name).toHaveLength(200);
    expect(name?.endsWith('…')).toBe(true);
  });
});
