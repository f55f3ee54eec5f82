import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * What `npm run mutate` (Stryker, stryker.config.mjs) runs against each mutant: the unit and
 * contract projects of vitest.config.ts, never the browser suites, and in them only each mutated
 * module's own test files and the few that drive it from outside (the client's for the origin guard,
 * the settings' for the key store and the sign-in's grant): a mutant must be killed by tests
 * written about its module.
 *
 * The choice is made here, not with Stryker's `testFiles`: with `testFiles` Stryker 10 gives a
 * static mutant (a module-level constant, a route pattern) that list as its test filter and so
 * switches it on only once the module is already loaded; it then survives every test
 * (stryker-js#6144). Without it, Stryker switches a static mutant on before the tests import
 * anything, and runs every test file here that imports the mutated module.
 */
const OWN_TESTS: Record<string, string[]> = {
  unit: [
    'test/api/session-routes.test.ts',
    'test/api/client.test.ts',
    'test/api/oauth.test.ts',
    'test/api/renew-token.test.ts',
    'test/api/transport.test.ts',
    'test/api/error-mapping.test.ts',
    'test/api/retry.test.ts',
    'test/api/origin-guard.test.ts',
    'test/content/session-relay.test.ts',
    'test/background/pending/*.test.ts',
    'test/background/session/*.test.ts',
    'test/background/messages/*.test.ts',
    'test/messaging/sender.test.ts',
    'test/messaging/page-sender.test.ts',
    'test/posthog/context*.test.ts',
    'test/platform/key-store*.test.ts',
    'test/platform/storage.test.ts',
    'test/platform/grant-store.test.ts',
    'test/background/settings/*.test.ts',
  ],
  contract: ['test/contract/redirects.test.ts', 'test/contract/client-errors.test.ts'],
};

const projects = (base.test?.projects ?? []).flatMap((project) => {
  if (typeof project !== 'object' || !('test' in project)) return [];
  const name = project.test?.name;
  const include = typeof name === 'string' ? OWN_TESTS[name] : undefined;
  return include ? [{ ...project, test: { ...project.test, include } }] : [];
});

export default defineConfig({ test: { projects } });
