// @ts-check
/**
 * `npm run mutate`: mutation testing of the modules that guard the key and the user's changes
 * (docs/TESTING.md, "Mutation testing"). Unit and contract tests only (vitest.mutate.config.ts).
 * scripts/mutation-floor.ts then fails the run when any one file scores below `thresholds.break`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  checkers: ['typescript'],
  // The mutated files and what they import (lib/): the checker need not type-check the tests too.
  tsconfigFile: 'tsconfig.mutate.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: [
    'lib/api/session-routes.ts',
    'lib/api/origin-guard.ts',
    'lib/background/pending/*.ts',
    'lib/messaging/sender.ts',
    'lib/background/messages/dispatcher.ts',
    'lib/posthog/context.ts',
    'lib/platform/key-store.ts',
    'lib/background/session/session-bridge.ts',
  ],
  // Each module's own tests, and the few that drive it from outside (the client's for the origin
  // guard, the settings' for the key store): a mutant must be killed by tests written about its
  // module, and a module-level mutant (a route pattern) is run against these files, not the suite.
  testFiles: [
    'test/api/session-routes.test.ts',
    'test/api/client.test.ts',
    'test/api/origin-guard.test.ts',
    'test/contract/redirects.test.ts',
    'test/content/session-relay.test.ts',
    'test/background/pending/*.test.ts',
    'test/background/session/*.test.ts',
    'test/background/messages/*.test.ts',
    'test/messaging/sender.test.ts',
    'test/messaging/page-sender.test.ts',
    'test/posthog/context*.test.ts',
    'test/platform/key-store*.test.ts',
    'test/platform/storage.test.ts',
    'test/background/settings/*.test.ts',
  ],
  coverageAnalysis: 'perTest',
  // Two cores: one test process per core at most.
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The floor per file is scripts/mutation-floor.ts's; this one is Stryker's own, for the total.
  thresholds: { high: 95, low: 85, break: 85 },
};
