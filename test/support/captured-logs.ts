import { afterAll, beforeAll } from 'vitest';
import { logger } from '../../functions/lib/logger';

/**
 * Every chunk the process writes to stdout and stderr while this file's tests run, with the logger at its most verbose
 * level: for checking that no token or secret ever reaches a log line. The streams still get their output.
 */
export function captureLogOutput(): readonly string[] {
  const output: string[] = [];
  const originalStdout = process.stdout.write.bind(process.stdout);
  const originalStderr = process.stderr.write.bind(process.stderr);
  const capture = (original: typeof process.stdout.write) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      output.push(String(chunk));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
  beforeAll(() => {
    logger.setLogLevel('DEBUG');
    process.stdout.write = capture(originalStdout);
    process.stderr.write = capture(originalStderr);
  });
  afterAll(() => {
    process.stdout.write = originalStdout;
    process.stderr.write = originalStderr;
    logger.setLogLevel('SILENT');
  });
  return output;
}
