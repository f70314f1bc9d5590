import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Projects:
 * - functions: domain, repository and handler tests; handler/repository tests use a real
 *   DynamoDB Local started once for the run (test/support/dynamodb.global-setup.ts).
 * - infra: CDK assertion tests and cdk-nag.
 * - web: React component tests in jsdom.
 * - e2e: journeys in headless Chromium against the whole local stack.
 *
 * Workers: vitest's default is one fewer than the CPUs, i.e. ONE on the 2-core CI machine, so every file ran in
 * turn while most of them wait on DynamoDB Local, the simulators or Chromium. At least two workers overlap those
 * waits (VITEST_MAX_WORKERS overrides). The projects share the workers, so e2e files (one at a time) run beside the rest.
 */
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()),
    reporters: ['default', ['json', { outputFile: '.test-results/results.json' }]],
    projects: [
      {
        test: {
          name: 'functions',
          // test/contract: the web app's demo client against the real handlers (same aliases as the web build).
          include: ['test/functions/**/*.test.ts', 'test/local/**/*.test.ts', 'test/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/dynamodb.global-setup.ts'],
          setupFiles: ['test/support/dynamodb.env.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
        resolve: {
          alias: {
            '@shared': fileURLToPath(new URL('./functions/shared', import.meta.url)),
            '@': fileURLToPath(new URL('./web/src', import.meta.url)),
          },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // stateless-stack's beforeAll bundles every handler with esbuild while another worker runs beside it.
          hookTimeout: 300_000,
        },
      },
      {
        extends: 'web/vite.config.ts',
        test: {
          name: 'web',
          root: '.',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/support/web.setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/stack.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
