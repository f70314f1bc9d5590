import { createServer } from 'node:net';

/** Asks the OS for a free loopback port (tests and benches never assume a fixed one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it resolves true or the deadline passes. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 30_000,
  intervalMs = 150,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
