/** Identifiers of the `demo` seed that tests, the demo tour and the benchmark refer to by name. */
export const DEMO = {
  /** "Acme", every seed's one organisation (what an OAuth grant's `scoped_organizations` names). */
  organizationId: '01900000-0000-7000-8000-0000000000f1',
  projects: { main: 1, staging: 2 },
  users: { ana: 1, bo: 2, cy: 3 },
  dashboards: {
    /** pinned, publicly shared */
    productKpis: 1,
    /** not pinned, sharing off */
    marketing: 2,
    /** restriction 37, Ana is not a collaborator: read-only for her */
    finance: 3,
    /** restriction 37, Ana created it; Bo is a collaborator */
    restrictedOwned: 4,
  },
  sharedToken: 'ThPQInf3W95O4Ve1SbO1jsafutKK4w',
  playlists: {
    /** collection, pinned, holds recordings.inCheckout */
    checkoutBugs: 'eKdNnFRI',
    /** collection, empty */
    onboarding: 'Onb0ard1',
    /** filters-type: cannot hold recordings */
    rageClicks: 'RageCl1k',
    /** `review` seed only: collection "Weekly review" (id 14, by Ana) holding `weeklyReviewRecording(1…30)` */
    weeklyReview: 'W33klyRv',
    /** `review` seed only: collection "Quarter review" (id 15, by Ana) holding `quarterReviewRecording(1…120)` */
    quarterReview: 'Qu4rterR',
  },
  recordings: {
    /** also publicly shared (`recordingSharedToken`) */
    inCheckout: '0191dd9d-ec00-726b-b2a7-4de452e6b438',
    loose: '0191dd9d-ffff-7aaa-8bbb-000000000002',
    /** "Blog visit": its distinct id has no person (`person` is PostHog's `MissingPerson` shape) */
    anonymous: '0191dd9e-5555-7ccc-8ddd-000000000007',
  },
  /** The session id of the Weekly review's recording `n` (1…30); every fifth has no person. */
  weeklyReviewRecording: (n: number): string =>
    `0191dda0-0000-7eee-8fff-0000000000${String(n).padStart(2, '0')}`,
  /** The session id of the Quarter review's recording `n` (1…120), each a minute after the one before. */
  quarterReviewRecording: (n: number): string =>
    `0191dda1-0000-7eee-8fff-000000000${String(n).padStart(3, '0')}`,
  /** Persons (integer pk) behind recordings; `ana` (properties email ana@acme.com, name Ana) is `inCheckout`'s. */
  persons: { ana: 1 },
  /** The `support` seed's customers (seeds/support.ts). */
  support: {
    /** `DEMO.persons.ana`'s UUID. */
    anaUuid: '01900000-0000-7000-8000-0000000d0001',
    /** How many recordings of ana@acme.com the last 30 days hold (newest first: `anaRecording(1)`). */
    anaRecent: 23,
    /** Ana's recording `n` (1 = the newest, an hour before the seed was built). */
    anaRecording: (n: number): string => `0191ddb0-0000-7aaa-8bbb-0000000000${String(n).padStart(2, '0')}`,
    /** Ana's recording of 40 days ago: outside a 30-day list. */
    anaOld: '0191ddb0-0000-7aaa-8bbb-000000000099',
    /** Two persons with the email jo@initech.com (person 20, the older, and person 21). */
    joEmail: 'jo@initech.com',
    jo: ['01900000-0000-7000-8000-0000000f0020', '01900000-0000-7000-8000-0000000f0021'],
  },
  /** The `site` seed's recordings of the demo customer site (seeds/site.ts, `/demo-site/shop/…`). */
  site: {
    /** Visited `/demo-site/shop/checkout?step=2`: 2 hours ago, by Ana (identified), 2 errors, watched by Ana. */
    checkout: '0191ddc0-0000-7aaa-8bbb-000000000001',
    /** Visited `/demo-site/shop/checkout/` (a trailing slash): a day ago, anonymous. */
    checkoutSlash: '0191ddc0-0000-7aaa-8bbb-000000000002',
    /** Visited `/demo-site/shop/checkout-success` only: never "this page" of /checkout. */
    checkoutSuccess: '0191ddc0-0000-7aaa-8bbb-000000000003',
    /** Visited `/demo-site/shop/checkout/payment`: "this path and below" of /checkout, not "this page". */
    payment: '0191ddc0-0000-7aaa-8bbb-000000000004',
    /** Visited `/demo-site/shop/checkout` 12 days ago: only in the last 30 days. */
    oldCheckout: '0191ddc0-0000-7aaa-8bbb-000000000005',
    /** Visited `/demo-site/shop/checkout` with 3 active seconds: left out by PostHog's "over 5 s" default. */
    idleCheckout: '0191ddc0-0000-7aaa-8bbb-000000000006',
    /** Project 2's, on `/demo-site/shop/checkout`: never in project 1's list. */
    stagingCheckout: '0191ddc0-0000-7aaa-8bbb-000000000007',
    /** Its `$pageview` was on /checkout before the recording began (all_urls: /cart only): older servers list it. */
    pageviewOnly: '0191ddc0-0000-7aaa-8bbb-000000000008',
    /** `/demo-site/shop/products/<n>` (1…22), an hour apart from 3 hours ago: more than a page of 20. */
    product: (n: number): string => `0191ddc1-0000-7aaa-8bbb-0000000000${String(n).padStart(2, '0')}`,
    productCount: 22,
  },
  /** Comments (scope `Replay`) on `recordings.inCheckout`. */
  comments: {
    /** by Ana at 01:15: "Payment button unresponsive" */
    paymentButton: '01900000-0000-7000-8000-0000000c0001',
    /** by Bo at 02:40: "Same on Safari" (Ana may not edit it) */
    sameOnSafari: '01900000-0000-7000-8000-0000000c0002',
  },
  /** The saved, enabled sharing configuration of `recordings.inCheckout` (project 1). */
  recordingSharedToken: 'Ch3ck0utRec0rdingPubl1cT0ken_x',
  /** Project 1's insights (numeric pk and 8-character short_id). */
  insights: {
    /** named "Weekly signups", sharing saved and enabled (`insightSharedToken`) */
    shared: { id: 101, shortId: 'Wk7pQ2xZ' },
    /** `name` null, `derived_name` "Pageview count", no sharing configuration */
    derived: { id: 102, shortId: 'pV3nCnt8' },
    /** "Revenue forecast": shared with `password_required` true (`insightPasswordToken`) */
    passwordProtected: { id: 103, shortId: 'Rv9Lck3d' },
    /** "Old funnel": soft-deleted (404 everywhere) */
    deleted: { id: 104, shortId: 'G0neFnl1' },
  },
  insightSharedToken: 'Wk7pQ2xZsh4redInsightT0ken-A1b',
  insightPasswordToken: 'Rv9Lck3dPassw0rdProtectedT0k_Z',
  /** Project 1's notebooks (short_id). */
  notebooks: {
    /** title "Release notes" */
    titled: 'NbRe1ase',
    /** title null ("Unnamed" in PostHog's UI) */
    untitled: 'NbN0T1tl',
    /** soft-deleted */
    deleted: 'NbG0ne01',
  },
  /** Project 1's feature flags (for the app page only). */
  featureFlags: {
    /** key "new-checkout" */
    newCheckout: 7,
  },
} as const;
