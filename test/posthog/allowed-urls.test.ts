import { describe, expect, it } from 'vitest';
import { hostnameInAllowedUrlList, pythonUrlHostname, siteIsProjects } from '../../lib/posthog/allowed-urls';

describe('pythonUrlHostname (urlparse(url).hostname)', () => {
  it.each([
    ['https://shop.acme.com', 'shop.acme.com'],
    ['https://Shop.ACME.com/path?q#f', 'shop.acme.com'],
    ['https://user:pw@shop.acme.com:8443/', 'shop.acme.com'],
    ['https://*.acme.com', '*.acme.com'],
    ['//shop.acme.com/x', 'shop.acme.com'],
    ['http://[::1]:8000/', '::1'],
    ['shop.acme.com', null],
    ['*.acme.com', null],
    ['https://', null],
    ['', null],
  ])('%s → %s', (url, hostname) => {
    expect(pythonUrlHostname(url)).toBe(hostname);
  });
});

describe('hostnameInAllowedUrlList', () => {
  it.each([
    [['https://shop.acme.com'], 'shop.acme.com', true],
    [['https://shop.acme.com:8443/checkout'], 'shop.acme.com', true],
    [['https://shop.acme.com'], 'www.shop.acme.com', false],
    [['https://*.acme.com'], 'shop.acme.com', true],
    [['https://*.acme.com'], 'a.b.acme.com', true],
    [['https://*.acme.com'], 'acme.com', false],
    [['https://*.acme.com'], 'shopXacme.com', false],
    [['https://*.acme.com'], 'acme.com.evil.io', false],
    [['https://shop-*.acme.com'], 'shop-eu.acme.com', true],
    [['shop.acme.com'], 'shop.acme.com', false],
    [[], 'shop.acme.com', false],
    [null, 'shop.acme.com', false],
    [['https://shop.acme.com'], '', false],
  ])('%j allows %s: %s', (list, hostname, expected) => {
    expect(hostnameInAllowedUrlList(list, hostname)).toBe(expected);
  });
});

describe('siteIsProjects', () => {
  it('reads recording_domains, then app_urls', () => {
    expect(siteIsProjects({ recording_domains: ['https://a.com'], app_urls: [] }, 'a.com')).toBe(true);
    expect(siteIsProjects({ recording_domains: [], app_urls: ['https://b.com/app'] }, 'b.com')).toBe(true);
    expect(siteIsProjects({ recording_domains: null, app_urls: null }, 'b.com')).toBe(false);
  });
});
