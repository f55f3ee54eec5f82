import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    // The JSON report is what .ci/run reads for its closing line.
    reporters: ['default', ['json', { outputFile: '.output/vitest-report.json' }]],
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'test/fake-posthog/**', 'test/contract/**'],
        },
      },
      {
        test: {
          name: 'contract',
          include: ['test/fake-posthog/**/*.test.ts', 'test/contract/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/firefox/**'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser under CI load may take longer than the 1 s default to show a state.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
      {
        test: {
          name: 'e2e-firefox',
          include: ['test/e2e/firefox/**/*.test.ts'],
          globalSetup: ['test/e2e/firefox/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // After the other projects: two browsers at once would only slow each other down.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
