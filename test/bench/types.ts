/**
 * The benchmark contract (design §6). A benchmark module in test/bench/benchmarks/ default-exports a
 * Benchmark; `npm run bench` runs them one after another and prints every BenchResult they return.
 * See test/bench/README.md.
 */
import type { LocalDynamo } from '../../infra/local/dynamodb';
import type { LocalStack } from '../../infra/local/stack';

/** One line of the table and of .bench/latest.json. */
export interface BenchResult {
  /** Stable kebab-case id, e.g. 'metrics-10k'. */
  name: string;
  value: number;
  /** e.g. 'ms', 'kB', 'activities/s'. */
  unit: string;
  /** The same work's lower bound, measured in the same run and in the same unit; null if there is none. */
  floor: number | null;
  /** The goal from the issue; null if the issue sets none. */
  target: number | null;
  /** Whether `value` meets `target` (true when there is no target). */
  ok: boolean;
}

export interface Benchmark {
  /** Kebab-case; `npm run bench -- <name>` selects it. */
  name: string;
  /** One line: what is measured and what the floor is. */
  description: string;
  run(ctx: BenchContext): Promise<BenchResult[]>;
}

/** Timings in milliseconds over `iterations` runs (after the warm-up runs, which are not counted). */
export interface Timing {
  iterations: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface MeasureOptions {
  /** Timed runs (default 30). */
  iterations?: number;
  /** Untimed runs first, to let the JIT and caches settle (default 5). */
  warmup?: number;
}

/**
 * What a benchmark may use. Resources start lazily on free ports, at most once per run, and stop
 * when the run ends; do not keep references to them across benchmarks.
 */
export interface BenchContext {
  /** The repository root. */
  readonly rootDir: string;
  /**
   * An in-memory DynamoDB Local with every table, its env (DYNAMODB_ENDPOINT, TABLE_*) applied to
   * process.env so repositories and handlers work in-process. Once the stack is running this is the
   * stack's DynamoDB.
   */
  dynamo(): Promise<LocalDynamo>;
  /**
   * The whole local stack (DynamoDB Local, Cognito emulator, Strava simulator, API + SPA on one origin),
   * in memory. If a bare DynamoDB was started earlier in the run, the stack's DynamoDB replaces it on the
   * same endpoint (its data is not carried over).
   */
  stack(): Promise<LocalStack>;
  /** web/dist, built with `npm run build:web` first if it is missing. */
  webDist(): Promise<string>;
  /** Runs `fn` warm-up + iterations times, one after another, and returns percentiles of the timed runs. */
  measure(fn: () => unknown, options?: MeasureOptions): Promise<Timing>;
  /** Progress for humans (stderr); kept out of the table. */
  log(message: string): void;
}

export type Goal = { atMost: number } | { atLeast: number };

/** Builds a result and decides `ok` from the goal's direction. */
export function benchResult(fields: {
  name: string;
  value: number;
  unit: string;
  floor: number | null;
  goal: Goal | null;
}): BenchResult {
  const { goal } = fields;
  const target = goal === null ? null : 'atMost' in goal ? goal.atMost : goal.atLeast;
  const ok = goal === null ? true : 'atMost' in goal ? fields.value <= goal.atMost : fields.value >= goal.atLeast;
  return { name: fields.name, value: fields.value, unit: fields.unit, floor: fields.floor, target, ok };
}
