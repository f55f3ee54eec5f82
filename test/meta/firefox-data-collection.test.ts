import { describe, expect, it } from 'vitest';
import config, { FIREFOX_DATA_COLLECTION } from '../../wxt.config';
import { readSource } from '../support/source-files';

/** Firefox's data-consent categories (extensionworkshop.com, "Firefox built-in consent"). */
const CATEGORIES = [
  'personallyIdentifyingInfo',
  'healthInfo',
  'financialAndPaymentInfo',
  'authenticationInfo',
  'personalCommunications',
  'locationInfo',
  'browsingActivity',
  'websiteContent',
  'websiteActivity',
  'searchTerms',
  'bookmarksInfo',
  'technicalAndInteraction',
];

type Gecko = { data_collection_permissions?: { required?: string[]; optional?: string[] } };

async function manifestFor(browser: string) {
  const manifest = config.manifest;
  if (typeof manifest !== 'function') throw new Error('wxt.config.ts builds its manifest per browser');
  return (await manifest({ browser, mode: 'production', command: 'build', manifestVersion: 3 })) as {
    browser_specific_settings?: { gecko?: Gecko };
  };
}

describe('what the Firefox build declares it sends', () => {
  it('declares what goes to PostHog: the person asked for, what is read from pages, the key', async () => {
    const gecko = (await manifestFor('firefox')).browser_specific_settings?.gecko;
    expect(gecko?.data_collection_permissions).toEqual({
      required: ['personallyIdentifyingInfo', 'websiteContent', 'browsingActivity', 'authenticationInfo'],
    });
    // "none" would say nothing is sent, and Firefox drops it beside any other category.
    expect(gecko?.data_collection_permissions?.required).not.toContain('none');
    for (const category of FIREFOX_DATA_COLLECTION) expect(CATEGORIES).toContain(category);
  });

  it('gives each declared category its reason in the README, and says why the others do not apply', () => {
    const readme = readSource('README.md');
    for (const category of FIREFOX_DATA_COLLECTION) {
      expect(readme, category).toMatch(new RegExp(`\\| \`${category}\` \\| .{40,}`));
    }
    for (const category of ['websiteActivity', 'personalCommunications']) {
      expect(readme, category).toContain(`(\`${category}\`:`);
    }
    expect(readme).not.toContain('data_collection_permissions: none');
  });

  it('leaves the Chromium build without it', async () => {
    expect((await manifestFor('chrome')).browser_specific_settings).toBeUndefined();
  });
});
