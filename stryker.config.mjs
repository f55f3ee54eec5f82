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
    'lib/platform/grant-store.ts',
    'lib/background/settings/token-refresher.ts',
    'lib/api/oauth.ts',
    // The renewal of a sign-in's token once after a 401, per request.
    'lib/api/transport.ts',
  ],
  // Which tests run against a mutant is vitest.mutate.config.ts's choice, not Stryker's `testFiles`:
  // with `testFiles`, Stryker switches a module-level (static) mutant on too late for any test to
  // see it (stryker-js#6144; docs/TESTING.md, "Mutation testing").
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
