import type { HandlerContext } from '../../lib/background/messages/dispatcher';

/**
 * What the dispatcher tells a handler when the content script of tab `tabId` asks: the browser names
 * the tab and the page's URL (an app page on US Cloud unless told).
 */
export const fromTab = (tabId: number, url = 'https://us.posthog.com/') =>
  ({ sender: { kind: 'content-script' as const, tabId, url } }) satisfies HandlerContext;
