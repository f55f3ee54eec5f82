import { describe, expect, it } from 'vitest';
import { publicSharingFor, publicSharingOf } from '../../../lib/background/settings/key-check';
import type { KeyCheck } from '../../../lib/messaging/messages';

const SECURITY = [{ key: 'organization_security_settings' }];

// PostHog's kill switch (posthog/api/sharing.py, SharingViewerPageViewSet.retrieve): public links
// open for nobody when the organisation has the security-settings feature and the switch is off.
describe('publicSharingOf (users/@me organization)', () => {
  it.each([
    [{ allow_publicly_shared_resources: true, available_product_features: SECURITY }, 'allowed'],
    [{ allow_publicly_shared_resources: true }, 'allowed'],
    [{ allow_publicly_shared_resources: false, available_product_features: SECURITY }, 'off'],
    // Without the feature the switch is not enforced.
    [
      { allow_publicly_shared_resources: false, available_product_features: [{ key: 'dashboards' }] },
      'allowed',
    ],
    [{ allow_publicly_shared_resources: false }, 'unknown'],
    [{}, 'unknown'],
    [null, 'unknown'],
  ] as const)('%j → %s', (organization, expected) => {
    const org = organization === null ? null : { id: 'o1', name: 'Acme', ...organization };
    expect(publicSharingOf({ organization: org as never })).toBe(expected);
  });
});

describe("publicSharingFor: the answer of the project's organisation", () => {
  const check = (extra: Partial<KeyCheck>): KeyCheck => ({
    maskedKey: 'phx_…a1B2',
    origin: 'https://us.posthog.com',
    user: { name: 'Ana', email: 'ana@example.com' },
    scopes: ['*'],
    projects: [
      { id: 1, name: 'Main', organization: 'o1' },
      { id: 2, name: 'Client', organization: 'o2' },
      { id: 3, name: 'Unsaid' },
    ],
    capabilities: {} as KeyCheck['capabilities'],
    publicSharing: 'off',
    ...extra,
  });

  it.each([
    [1, 'off'],
    // Another organisation: as the key check read it, else not known.
    [2, 'allowed'],
    [3, 'unknown'],
    [4, 'unknown'],
  ] as const)('project %i → %s', (projectId, expected) => {
    expect(
      publicSharingFor(check({ organizationId: 'o1', otherOrganizations: { o2: 'allowed' } }), projectId),
    ).toBe(expected);
    if (projectId === 2) expect(publicSharingFor(check({ organizationId: 'o1' }), projectId)).toBe('unknown');
  });

  it('answers as before for a check saved before organisations were kept', () => {
    expect(publicSharingFor(check({}), 2)).toBe('off');
    expect(publicSharingFor(check({ publicSharing: undefined }), 1)).toBe('unknown');
  });
});
