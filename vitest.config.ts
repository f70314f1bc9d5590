import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser suites whose users are all their own and that share no simulator state: safe beside any other file, so
 * they run in project e2e-parallel. A journey that connects Strava adds an athlete of its own through the simulator's
 * control plane (test/support/strava-athletes.ts) and scripts faults and reads the request log for that athlete only.
 */
const E2E_PARALLEL = [
  'test/e2e/accessibility.test.ts',
  'test/e2e/long-text.test.ts',
  // signed-out pages only
  'test/e2e/public-figures.test.ts',
  'test/e2e/api.test.ts',
  'test/e2e/auth-journeys.test.ts',
  'test/e2e/partners-journey.test.ts',
  // its own two users; it drops only its own page's realtime channel
  'test/e2e/live-chat-journey.test.ts',
  'test/e2e/plan-journey.test.ts',
  'test/e2e/safety-journey.test.ts',
  // its own users and plans, three days out (other suites' plans are due at other times); the inbox is read per contact
  'test/e2e/trip-plan-journey.test.ts',
  // its own user; files are read in its own page
  'test/e2e/file-import-journey.test.ts',
  // their own Strava athletes (faults and deauthorizations per athlete)
  'test/e2e/analysis-journey.test.ts',
  'test/e2e/account-journey.test.ts',
  'test/e2e/import-journey.test.ts',
  'test/e2e/numbers-journey.test.ts',
  'test/e2e/strava-journey.test.ts',
  'test/e2e/strava-missing-permission.test.ts',
  // its own users; mail read per address and waited for (another suite's outbox run may deliver it)
  'test/e2e/plans-carry-over-journey.test.ts',
  // the Google simulator's suites: each its own seeded person (faults scripted for that person only); Apple Health per user
  'test/e2e/health-connections-journey.test.ts',
  'test/e2e/google-health-history-journey.test.ts',
  // its own users; the push service's received list is read per endpoint
  'test/e2e/push-journey.test.ts',
  // its own users; the Stripe simulator is steered only for its own subscription (no clock moves)
  'test/e2e/premium-journey.test.ts',
  // its own user and a plan due two days out (the trip-plan journey's are three days out); the network cut is its page's
  'test/e2e/offline-check-in.test.ts',
  // a browser profile of its own (an incognito context always reports itself not installable)
  'test/e2e/installable-app.test.ts',
];

/**
 * Most test files of the functions and web projects share one module registry per worker (isolate: false): a fresh
 * registry per file re-imported the AWS SDK, React, the router and the screens (and built a fresh jsdom) for every
 * file. Isolated, the web project took 130 s of wall time and 4.3 min of CPU, shared 50 s; functions 204 s and 6.5
 * min, shared 142 s and 4.4 min (2-core machine, alone). test/support/web.setup.ts blanks the document, URL and
 * storage after each test. Files that need a registry of their own run in the projects' `-isolated` twins: those that
 * mock modules (vi.mock, vi.doMock), those that render on the server (react-dom/server sets the same contexts as the
 * client renderer, and a client render after it in the same registry found itself "inside another <Router>"), and
 * those marked `// own module registry: <why>` (e.g. a first render that must find a lazy chunk not loaded yet).
 */
const NEEDS_OWN_REGISTRY = [/\bvi\.(?:do)?[mM]ock\(/, /from '@\/prerender\/render'/, /^\/\/ own module registry: /m];

function filesNeedingOwnRegistry(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => join(dir, file).split('\\').join('/'))
      .filter((file) => {
        const source = readFileSync(file, 'utf8');
        return NEEDS_OWN_REGISTRY.some((pattern) => pattern.test(source));
      }),
  );
}
const WEB_ISOLATED = filesNeedingOwnRegistry('test/web');
const FUNCTIONS_ISOLATED = filesNeedingOwnRegistry('test/functions', 'test/local', 'test/contract');
/**
 * The -isolated twins start a fresh worker for every file: a worker thread costs less than a child process (the
 * two twins alone took 88-95 s of CPU in threads, 95-103 s in processes, 2-core machine). The VM pools, cheaper
 * still, break the email and trend-chart tests.
 */
const ISOLATED_POOL = 'threads' as const;

/**
 * The files that take longest (seconds on the 2-core CI machine, measured), longest first. On a fresh clone vitest
 * has no durations cached and starts the largest files first, which put the fuzzer's two five-line files (a minute
 * each) last: the run ended with them alone on the workers. Listed files start first in their group, in this order.
 */
const SLOW_FILES = [
  // a whole connect-import-backfill-refresh journey per disconnect point, for Strava and Google
  'test/functions/import-jobs/consent-ends.test.ts',
  'test/functions/email/outbox-lanes.test.ts',
  'test/e2e/accessibility.test.ts',
  'test/e2e/long-text.test.ts',
  'test/local/fuzz/routes-shard-2.test.ts',
  'test/local/fuzz/routes.test.ts',
  'test/infra/stacks/stateless-stack.test.ts',
  'test/functions/account/delete-account.test.ts',
  'test/functions/strava/webhook-abuse.test.ts',
  'test/functions/google/sync.test.ts',
  // the browser journeys that took 45–56 s each when they ran alone in the serial e2e group
  'test/e2e/analysis-journey.test.ts',
  'test/e2e/health-connections-journey.test.ts',
  'test/e2e/import-journey.test.ts',
];

const rank = (file: TestSpecification, root: string): number => {
  const index = SLOW_FILES.indexOf(relative(root, file.moduleId).split('\\').join('/'));
  return index === -1 ? SLOW_FILES.length : index;
};

/** vitest's own order (group, then cached durations or size), except that the known slow files go first. */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: apart from the listed files, vitest's order stands.
    return sorted.sort((a, b) => groupOf(a) - groupOf(b) || rank(a, root) - rank(b, root));
  }
}

/**
 * expect.poll in the browser suites waits up to 15 s (vitest's default is 1 s): a screen that follows a navigation or
 * a request can take longer than a second to show on the 2-core CI machine under the whole suite's load (a trip
 * plan's heading missed the second once, in CI with four workers). A poll that passes returns at once, so this costs
 * nothing when the screen is right.
 */
const E2E_POLL = { timeout: 15_000 };
/** test/contract: the web app's demo client against the real handlers (same aliases as the web build). */
const FUNCTIONS_TESTS = ['test/functions/**/*.test.ts', 'test/local/**/*.test.ts', 'test/contract/**/*.test.ts'];

/**
 * The back-end projects: domain, repository and handler tests; repository and handler tests use one real DynamoDB
 * Local started for the run (test/support/dynamodb.global-setup.ts).
 */
function functionsProject(test: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate?: boolean;
  pool?: typeof ISOLATED_POOL;
}) {
  return {
    test: {
      ...test,
      environment: 'node' as const,
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
  };
}

/**
 * Projects:
 * - functions (+ functions-isolated): domain, repository and handler tests; handler/repository tests use a real
 *   DynamoDB Local started once for the run (test/support/dynamodb.global-setup.ts).
 * - infra: CDK assertion tests and cdk-nag.
 * - web (+ web-isolated): React component tests in jsdom.
 *   The -isolated twins hold the files that need a module registry of their own (NEEDS_OWN_REGISTRY above).
 * - e2e: journeys in headless Chromium against the whole local stack (test/support/stack.global-setup.ts), one
 *   file at a time, for a journey that must share simulator state with others (none today: keep it that way).
 * - e2e-parallel: the browser suites listed in E2E_PARALLEL (every journey today). They run beside the other
 *   projects, on the same local stack as e2e.
 *
 * Workers: vitest's default is one fewer than the CPUs, i.e. ONE on the 2-core CI machine, so every file ran in
 * turn while most of them wait on DynamoDB Local, the simulators or Chromium. One more worker than CPUs (three here)
 * overlaps those waits: the test phase took 583 s with two workers and 458 s with three, all passing, on the 2-core
 * machine (24 Nov 2026; VITEST_MAX_WORKERS overrides). All projects but e2e share the workers in one group; vitest runs a project
 * without file parallelism (e2e) as a group of its own after it, on one worker (a 70 s tail with one core idle when
 * the seven simulator journeys ran there), so keep e2e empty. The sequencer
 * starts the known slow files first (SlowFirstSequencer above).
 */
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1,
    reporters: ['default', ['json', { outputFile: '.test-results/results.json' }]],
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      functionsProject({
        name: 'functions',
        include: FUNCTIONS_TESTS,
        exclude: [...configDefaults.exclude, ...FUNCTIONS_ISOLATED],
        isolate: false,
      }),
      functionsProject({ name: 'functions-isolated', include: FUNCTIONS_ISOLATED, pool: ISOLATED_POOL }),
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // aws-cdk-lib once per worker, not once per file (each file builds apps of its own; none mocks modules).
          isolate: false,
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
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
          environment: 'jsdom',
          setupFiles: ['test/support/web.setup.ts'],
          testTimeout: 15_000,
          isolate: false,
        },
      },
      {
        extends: 'web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: '.',
          include: WEB_ISOLATED,
          pool: ISOLATED_POOL,
          environment: 'jsdom',
          setupFiles: ['test/support/web.setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E_PARALLEL],
          environment: 'node',
          globalSetup: ['test/support/stack.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          expect: { poll: E2E_POLL },
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e-parallel',
          include: E2E_PARALLEL,
          environment: 'node',
          // A worker runs many suites, so they share its one Chromium (useBrowserPage) and one playwright-core import.
          isolate: false,
          globalSetup: ['test/support/stack.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          expect: { poll: E2E_POLL },
        },
      },
    ],
  },
});
