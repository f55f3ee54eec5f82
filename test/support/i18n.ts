import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTranslator } from '../../lib/platform/i18n';

type Messages = Record<string, { message: string }>;

export const enMessages: Messages = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../public/_locales/en/messages.json', import.meta.url)), 'utf8'),
);

/** Formats a message the way `browser.i18n.getMessage` does for `$1`…`$9` substitutions. */
export function formatMessage(key: string, substitutions: readonly string[] = []): string {
  const entry = enMessages[key];
  if (!entry) return '';
  return entry.message.replace(/\$(\d)/g, (_, n: string) => substitutions[Number(n) - 1] ?? '');
}

export function installEnglishTranslator(): void {
  setTranslator(formatMessage);
}
