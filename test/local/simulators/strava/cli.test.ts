import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../../../infra/local/simulators/strava/main.ts', import.meta.url));

describe('main.ts', () => {
  it('starts on the requested port, prints its URL, serves, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, '--port', '0', '--client-id', '777', '--client-secret', 's3cret'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1] as string);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const page = await fetch(
        `${url}/oauth/authorize?client_id=777&redirect_uri=http://localhost/cb&response_type=code&scope=activity:read`,
      );
      expect(page.status).toBe(200);
      const unknownClient = await fetch(
        `${url}/oauth/authorize?client_id=100001&redirect_uri=http://localhost/cb&response_type=code`,
      );
      expect(unknownClient.status).toBe(400);
    } finally {
      const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
      child.kill('SIGTERM');
      await exited;
    }
    expect(child.exitCode).toBe(0);
  });
});
