/** Identifiers of the `demo` seed that tests, the demo tour and the benchmark refer to by name. */
export const DEMO = {
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
  },
  recordings: {
    inCheckout: '0191dd9d-ec00-726b-b2a7-4de452e6b438',
    loose: '0191dd9d-ffff-7aaa-8bbb-000000000002',
  },
} as const;
