import { describe, expect, it } from 'vitest';
import { publicSharingOf } from '../../../lib/background/settings/key-check';

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
