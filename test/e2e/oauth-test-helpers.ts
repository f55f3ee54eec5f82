/**
 * What the Chromium and the Firefox sign-in tests share: the choices made on PostHog's consent page
 * (the stand-in's, built as PostHog's `OAuthAuthorize` scene) and what Hogmark answers with.
 */

/** What the user chooses on PostHog's consent page; nothing chosen is PostHog's default (all access). */
export interface Consent {
  /** One project only (consent "Projects"). */
  project?: number;
  /** Scope objects lowered on the consent page, e.g. `{ dashboard: 'read' }`. */
  lower?: Record<string, 'read' | 'none'>;
}

/** Where each choice is made on the consent page. */
export const CONSENT = {
  heading: 'Authorize Hogmark',
  authorize: 'Authorize Hogmark',
  /** The "Projects" radio of "Organization & project access". */
  projectsRadio: 'input[name="access_type"][value="teams"]',
  teams: '[data-attr="teams"]',
  scope: (object: string) => `[data-scope-object="${object}"]`,
} as const;

/** The options page's button that starts a sign-in, whichever state it is in. */
export const SIGN_IN_BUTTONS = ['Sign in with PostHog', 'Sign in again', 'Sign in again with more access'];

/** The options page's notice once PostHog sent the user back with a grant (the stand-in's user). */
export const signedInNotice = (origin: string) => `Signed in to ${origin} as ana@example.com.`;

/** A narrowed grant: project 2 only, dashboards read-only, no notebooks. */
export const NARROWED: Consent = { project: 2, lower: { dashboard: 'read', notebook: 'none' } };

/** The popup's answer to a pick while the grant is refused (`invalid_grant`). */
export const waitsForSignIn = (collection: string) =>
  `Not added to ${collection} yet: your sign-in with PostHog has ended, so Hogmark will add it once you sign in again in its options.`;

/** A Hogmark token's shape (`pha_…` access, `phr_…` refresh): none may sit where a page could read it. */
export const TOKEN_SHAPE = /ph[ar]_[A-Za-z0-9]{6,}/;

/**
 * Runs in the extension (Chromium's service worker, a Firefox extension page: the same origin as the
 * background): every key of Hogmark's IndexedDB secrets, and all it stores (secrets, items,
 * storage.local and storage.session) as one text to search for a token. Self-contained: it travels
 * to the browser as its source.
 */
export async function readStoredGrant(): Promise<{ keys: string[]; everything: string }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('hogmark');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const read = (store: string) =>
    new Promise<{ keys: string[]; values: unknown[] }>((resolve, reject) => {
      const transaction = db.transaction(store, 'readonly');
      const keys = transaction.objectStore(store).getAllKeys();
      const values = transaction.objectStore(store).getAll();
      transaction.oncomplete = () => resolve({ keys: keys.result.map(String), values: values.result });
      transaction.onerror = () => reject(transaction.error);
    });
  const [secrets, items] = await Promise.all([read('secrets'), read('items')]);
  const chrome = (
    globalThis as unknown as {
      chrome: { storage: Record<'local' | 'session', { get(k: null): Promise<object> }> };
    }
  ).chrome;
  const [local, session] = await Promise.all([
    chrome.storage.local.get(null),
    chrome.storage.session.get(null),
  ]);
  const everything = JSON.stringify([secrets.values, items.values, local, session]);
  return { keys: secrets.keys.sort(), everything };
}
