import { signal } from '@preact/signals';
import { t } from '../platform/i18n';

export interface Toast {
  kind: 'ok' | 'error';
  text: string;
  /** A way forward, e.g. PostHog's sharing settings when sharing is off. */
  action?: { label: string; url: string };
}

export interface CopyStoreDeps {
  /** `navigator.clipboard.writeText` of the page the user clicked in. */
  writeText: (text: string) => Promise<void>;
  /** How long a toast stays (default 4 s). */
  toastMs?: number;
  setTimeout?: (run: () => void, ms: number) => unknown;
}

/** Copies on the user's click and says what was copied, in one polite toast. */
export function createCopyStore(deps: CopyStoreDeps) {
  const toast = signal<Toast | null>(null);
  const later = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  let shown = 0;

  function show(next: Toast): void {
    const stamp = ++shown;
    toast.value = next;
    // Toasts with a link stay until the next one: the user may need time to reach it.
    if (next.action) return;
    later(() => {
      if (stamp === shown) toast.value = null;
    }, deps.toastMs ?? 4_000);
  }

  return {
    toast,
    show,
    dismiss(): void {
      shown++;
      toast.value = null;
    },
    /** `confirmation` names what was copied ("Copied the public link"). */
    async copy(text: string, confirmation: string): Promise<boolean> {
      try {
        await deps.writeText(text);
        show({ kind: 'ok', text: confirmation });
        return true;
      } catch {
        show({ kind: 'error', text: t('copyRefused') });
        return false;
      }
    },
  };
}
export type CopyStore = ReturnType<typeof createCopyStore>;
