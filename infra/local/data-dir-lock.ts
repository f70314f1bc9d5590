import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Who holds a data folder: written into `<dataDir>/.lock` by the `npm start` that uses it. */
interface LockHolder {
  pid: number;
  url: string;
}

/**
 * Claims a data folder for this process, or throws a clear error naming the `npm start` that already uses it: two
 * DynamoDB Local processes on the same files corrupt each other's view, and requests then time out. A lock left by a
 * process that no longer runs (a crash, a kill -9) is taken over. Returns the release.
 */
export function claimDataDir(dataDir: string, url: string, pid = process.pid): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, JSON.stringify({ pid, url } satisfies LockHolder), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      if (holder && holder.pid !== pid && isRunning(holder.pid))
        throw new Error(
          `Another \`npm start\` (process ${holder.pid}, ${holder.url}) is using ${dataDir}. Stop it first, or give this ` +
            'one a folder of its own: TRAILBUDDY_DATA_DIR=.data-second npm start (with other ports).',
        );
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not claim ${dataDir}: its lock file keeps reappearing.`);
}

function readHolder(lockFile: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' ? { pid: holder.pid, url: String(holder.url ?? '') } : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
