/** What writing needs from a page: its document and its clipboard (both injected, for tests). */
export interface ClipboardPage {
  document: Document;
  clipboard?: { writeText(text: string): Promise<void> };
}

/**
 * Writes text from a page nobody is looking at (the offscreen document, Firefox's background page).
 * The asynchronous clipboard wants a focused document, which these never are; the older copy command
 * on a selected, detached-from-view text field still works there, so it is the fallback.
 */
export async function writeTextFromPage(page: ClipboardPage, text: string): Promise<void> {
  try {
    if (page.clipboard) {
      await page.clipboard.writeText(text);
      return;
    }
  } catch {
    // "Document is not focused": fall through to the copy command.
  }
  const field = page.document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  page.document.body.append(field);
  try {
    field.select();
    if (!page.document.execCommand('copy')) throw new Error('the copy command was refused');
  } finally {
    field.remove();
  }
}
