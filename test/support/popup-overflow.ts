/**
 * Runs in a popup's page (both browsers' fit suites pass it to their page's `evaluate`): how far any
 * part of the popup reaches past its own box, 0 when none does. A height capped at 600 px, or a section
 * squeezed under its content, would otherwise hide an overflow from the popup's height. Only boxes that
 * let their content show count: rows scrolled inside a list, text cut with an ellipsis, a form field's
 * own text and inline boxes (which have no height of their own to overflow) do not.
 */
export function popupOverflow(): number {
  const main = document.querySelector('main') ?? document.body;
  let most = 0;
  for (const element of [main, ...main.querySelectorAll('*')]) {
    const style = getComputedStyle(element);
    if (element.matches('input, textarea, select') || style.overflowY !== 'visible') continue;
    if (style.display === 'inline' || style.display === 'contents') continue;
    most = Math.max(most, element.scrollHeight - element.clientHeight);
  }
  return most;
}
