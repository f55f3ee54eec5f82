import { DEMO } from '../demo-ids';
import type { Recording, State } from '../state';
import { rec } from './common';
import { demoSeed } from './demo';

const HOUR = 3_600_000;
const main = DEMO.projects.main;
const staging = DEMO.projects.staging;

/**
 * The `site` seed: `demo` plus recordings of the demo customer site (`demo-site.ts`), dated back from
 * the moment the seed is built, whose `all_urls` are paths on that site (read on the origin the
 * request reached). Project 1 takes recordings from `https://shop.acme.com` and `http://localhost`
 * (`recording_domains`); project 2's toolbar is authorised on `https://*.staging.acme.com` (`app_urls`).
 */
export function siteSeed(now = Date.now()): State {
  return withSiteRecordings(demoSeed(), now);
}

/** `state` (the `demo` seed or one built on it) plus the demo customer site's recordings. */
export function withSiteRecordings(state: State, now = Date.now()): State {
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  const ana = state.persons.find((person) => person.id === DEMO.persons.ana);
  const add = (id: string, hoursAgo: number, urls: string[], extra: Partial<Recording> = {}) => {
    const made: Recording = {
      ...rec(id, main, `Shop ${id.slice(-2)}`, at(hoursAgo), 240, '/'),
      startUrl: `https://shop.acme.com${(urls[0] ?? '/').replace('/demo-site/shop', '')}`,
      allUrls: urls,
      activeSeconds: 90,
      ...extra,
    };
    state.recordings.push(made);
    return made;
  };
  const s = DEMO.site;
  add(s.checkout, 2, ['/demo-site/shop/', '/demo-site/shop/checkout?step=2'], {
    distinctId: ana?.distinctIds[0] ?? 'ana',
    consoleErrorCount: 2,
    viewedBy: [DEMO.users.ana],
  });
  add(s.checkoutSlash, 24, ['/demo-site/shop/checkout/']);
  add(s.checkoutSuccess, 3, ['/demo-site/shop/checkout-success']);
  add(s.payment, 5, ['/demo-site/shop/checkout/payment']);
  add(s.oldCheckout, 12 * 24, ['/demo-site/shop/checkout']);
  add(s.idleCheckout, 4, ['/demo-site/shop/checkout'], { activeSeconds: 3 });
  add(s.stagingCheckout, 2, ['/demo-site/shop/checkout'], { projectId: staging });
  add(s.pageviewOnly, 6, ['/demo-site/shop/cart'], { pageviewUrls: ['/demo-site/shop/checkout'] });
  for (let n = 1; n <= s.productCount; n += 1) add(s.product(n), 2 + n, [`/demo-site/shop/products/${n}`]);
  for (const project of state.projects) {
    if (project.id === main) project.recordingDomains = ['https://shop.acme.com', 'http://localhost'];
    if (project.id === staging) project.appUrls = ['https://*.staging.acme.com'];
  }
  return state;
}
