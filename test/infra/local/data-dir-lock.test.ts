import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimDataDir } from '../../../infra/local/data-dir-lock';

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'trailbuddy-data-')), '.data');

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('one npm start per data folder', () => {
  it('refuses a second start on a folder in use, naming the first, and frees the folder on release', () => {
    const dir = freshDir();
    const release = claimDataDir(dir, 'http://localhost:3000');
    // Another live process (this test's parent stands in for the first npm start).
    const lockFile = join(dir, '.lock');
    writeFileSync(lockFile, JSON.stringify({ pid: process.ppid, url: 'http://localhost:3000' }));
    expect(() => claimDataDir(dir, 'http://localhost:3001')).toThrow(
      new RegExp(
        `Another \`npm start\` \\(process ${process.ppid}, http://localhost:3000\\) is using .*TRAILBUDDY_DATA_DIR`,
      ),
    );
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual({ pid: process.ppid, url: 'http://localhost:3000' });
    release();
    expect(existsSync(lockFile)).toBe(false);
    claimDataDir(dir, 'http://localhost:3001')();
  });

  it('takes over a lock left by a process that no longer runs, and an unreadable one', async () => {
    const dir = freshDir();
    claimDataDir(dir, 'http://localhost:3000');
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: await deadPid(), url: 'http://localhost:3000' }));
    const release = claimDataDir(dir, 'http://localhost:3001');
    expect(JSON.parse(readFileSync(join(dir, '.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      url: 'http://localhost:3001',
    });
    release();
    writeFileSync(join(dir, '.lock'), 'not json');
    claimDataDir(dir, 'http://localhost:3002')();
  });
});
