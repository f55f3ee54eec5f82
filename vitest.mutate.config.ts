import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * What `npm run mutate` (Stryker, stryker.config.mjs) runs against each mutant: the unit and
 * contract projects of vitest.config.ts, never the browser suites.
 */
const projects = (base.test?.projects ?? []).filter(
  (project) =>
    typeof project === 'object' &&
    'test' in project &&
    (project.test?.name === 'unit' || project.test?.name === 'contract'),
);

export default defineConfig({ test: { projects } });
