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

/**
 * A configured port for `npm start`, or a clear error. The Fetch standard's "bad ports" (fetch.spec.whatwg.org
 * #port-blocking: 4190 sieve, 6000 x11, 10080 amanda, …) are refused by Node's fetch and by browsers alike, so a
 * service there could never be reached; Node is asked rather than a copy of the list kept (checked 2026-11-28: Node
 * 20's fetch refuses 4190 with "bad port" before connecting).
 */
export async function configuredPort(name: string, raw: string | undefined, fallback: number): Promise<number> {
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number (1-65535), got '${raw}'.`);
  if (await fetchRefusesPort(port))
    throw new Error(
      `${name}=${port} is a port that browsers and Node's fetch refuse to connect to (the Fetch standard's "bad ports"), ` +
        `so nothing could reach the service there. Pick another port, e.g. ${fallback}.`,
    );
  return port;
}

async function fetchRefusesPort(port: number): Promise<boolean> {
  try {
    // Nothing of ours listens yet; a refused or timed-out connection means the port itself is allowed.
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message === 'bad port';
  }
}
