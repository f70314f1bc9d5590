import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalDynamo, type LocalDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/ports';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { measure } from './measure';
import type { BenchContext } from './types';

export interface RunningContext {
  ctx: BenchContext;
  /** Stops whatever was started, newest first; safe to call more than once. */
  stop(): Promise<void>;
}

/** The lazily started resources of one `npm run bench`. */
export function createBenchContext(options: {
  rootDir: string;
  log: (message: string) => void;
  verbose: boolean;
}): RunningContext {
  const { rootDir, log } = options;
  let bareDynamo: Promise<LocalDynamo> | undefined;
  let stack: Promise<LocalStack> | undefined;
  let webBuild: Promise<string> | undefined;

  const webDist = (): Promise<string> =>
    (webBuild ??= (async () => {
      const distDir = join(rootDir, 'web', 'dist');
      if (!existsSync(join(distDir, 'index.html'))) {
        log('web/dist is missing: running npm run build:web');
        const build = spawnSync('npm', ['run', 'build:web'], { cwd: rootDir, stdio: ['ignore', 'inherit', 'inherit'] });
        if (build.status !== 0) throw new Error(`npm run build:web failed (exit ${build.status ?? build.signal})`);
      }
      return distDir;
    })());

  const startBareDynamo = async (): Promise<LocalDynamo> => {
    const port = await freePort();
    log(`starting DynamoDB Local on port ${port}`);
    const dynamo = await startLocalDynamo({ port, tablePrefix: `bench-${randomBytes(4).toString('hex')}` });
    Object.assign(process.env, dynamo.env);
    return dynamo;
  };

  const startStack = async (): Promise<LocalStack> => {
    await webDist();
    // Code in this process (e.g. functions/lib/dynamo.ts) keeps one client per process, bound to the
    // endpoint it first saw; reusing the bare DynamoDB's port keeps that client pointed at a live server.
    let dynamoPort: number | undefined;
    if (bareDynamo) {
      const running = await bareDynamo.catch(() => undefined);
      if (running) {
        dynamoPort = Number(new URL(running.endpoint).port);
        log('stopping the bare DynamoDB Local: the stack brings its own on the same port');
        await running.stop();
      }
      bareDynamo = undefined;
    }
    const start = async (port: number) =>
      startLocalStack({
        rootDir,
        port: await freePort(),
        dynamoPort: port,
        cognitoPort: await freePort(),
        stravaPort: 0,
        log: options.verbose ? (line) => log(`[stack] ${line}`) : () => undefined,
      });
    log('starting the local stack');
    if (dynamoPort === undefined) return start(await freePort());
    try {
      return await start(dynamoPort);
    } catch (error) {
      log(
        `the stack could not reuse port ${dynamoPort} (${error instanceof Error ? error.message : String(error)}); using another`,
      );
      return start(await freePort());
    }
  };

  const ctx: BenchContext = {
    rootDir,
    async dynamo() {
      if (stack) return (await stack).dynamo;
      return (bareDynamo ??= startBareDynamo());
    },
    stack: () => (stack ??= startStack()),
    webDist,
    measure,
    log,
  };

  return {
    ctx,
    async stop() {
      const running = [stack, bareDynamo];
      stack = undefined;
      bareDynamo = undefined;
      for (const resource of running) {
        const started = await resource?.catch(() => undefined);
        await started
          ?.stop()
          .catch((error: unknown) => log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`));
      }
    },
  };
}
