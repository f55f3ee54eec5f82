import type { PageContext } from './context';
import { cutName, isNotAName, nameBeforeScene, titleCrumbs } from './title-crumbs';

/**
 * Insights, notebooks and other pages named from their tab's title, read by the background with the
 * tab itself (title-crumbs.ts splits it, as the content script does for collections). PostHog titles a
 * page with its breadcrumbs reversed, then "PostHog" (`breadcrumbsLogic.documentTitle`): "Weekly
 * signups • Product analytics • PostHog" (`insightSceneLogic`; "Insights" in older versions), "Release
 * notes • Notebooks • PostHog" (`notebookSceneLogic`), "new-checkout • Feature Flags • PostHog"
 * (`featureFlagLogic`), "Checkout bugs • Collections • PostHog".
 */

const SCENE_WORDS: Readonly<Record<'insight' | 'notebook', ReadonlySet<string>>> = {
  insight: new Set(['product analytics', 'insights', 'insight']),
  notebook: new Set(['notebooks', 'notebook']),
};

/**
 * The page's name from its tab title, or undefined when the title does not name it (still loading,
 * another page's title, not PostHog's shape). An insight or notebook title must carry its scene
 * word; any other page is named by all its crumbs ("new-checkout • Feature Flags").
 */
export function nameFromTitle(context: PageContext, title: string | undefined): string | undefined {
  if (context.kind !== 'insight' && context.kind !== 'notebook' && context.kind !== 'page') return undefined;
  const crumbs = titleCrumbs(title);
  if (!crumbs) return undefined;
  if (context.kind !== 'page') {
    const words = SCENE_WORDS[context.kind];
    return nameBeforeScene(crumbs, (word) => words.has(word));
  }
  return isNotAName(crumbs[0] ?? '') ? undefined : cutName(crumbs.join(' • ').trim());
}
