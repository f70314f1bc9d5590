import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/support/slow-first.sequencer';

/** Browser suites that only sweep screens with users of their own: safe beside any other file (project e2e-screens). */
const E2E_SCREENS = ['test/e2e/accessibility.test.ts', 'test/e2e/long-text.test.ts'];

/**
 * Projects:
 * - functions: domain, repository and handler tests; handler/repository tests use a real
 *   DynamoDB Local started once for the run (test/support/dynamodb.global-setup.ts).
 * - infra: CDK assertion tests and cdk-nag.
 * - web: React component tests in jsdom.
 * - e2e: journeys in headless Chromium against the whole local stack.
 *
 * - e2e-screens: the browser sweeps over every screen (axe, long text). They create their own users and touch no
 *   simulator state, so they run beside the other projects, on the same local stack as e2e.
 *
 * Workers: vitest's default is one fewer than the CPUs, i.e. ONE on the 2-core CI machine, so every file ran in
 * turn while most of them wait on DynamoDB Local, the simulators or Chromium. At least two workers overlap those
 * waits (VITEST_MAX_WORKERS overrides). All projects but e2e share the workers in one group; e2e (journeys that
 * share the simulators' athletes, so one file at a time) runs as its own group after it, on one worker. The
 * sequencer starts the known slow files first (test/support/slow-first.sequencer.ts).
 */
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()),
    reporters: ['default', ['json', { outputFile: '.test-results/results.json' }]],
    sequence: { sequencer: SlowFirstSequencer },
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
          exclude: [...configDefaults.exclude, ...E2E_SCREENS],
          environment: 'node',
          globalSetup: ['test/support/stack.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e-screens',
          include: E2E_SCREENS,
          environment: 'node',
          globalSetup: ['test/support/stack.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
