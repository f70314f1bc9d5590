import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../functions/shared/routes';
import { createApiHost, GATEWAY_TIMEOUT_SECONDS, routeTimeoutMs } from '../../infra/local/api-host';

/** A handler that answers after ?ms= milliseconds and reports the remaining time its context promised. */
const dir = mkdtempSync(join(tmpdir(), 'api-host-timeouts-'));
writeFileSync(
  join(dir, 'slow.mjs'),
  `export async function handler(event, context) {
  const remaining = context.getRemainingTimeInMillis();
  await new Promise((resolve) => setTimeout(resolve, Number(event.queryStringParameters?.ms ?? 0)));
  return { statusCode: 200, body: JSON.stringify({ remaining }) };
}`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const route = (id: string, timeoutSeconds?: number): RouteDefinition => ({
  id,
  method: 'GET',
  path: `/api/${id}`,
  entry: 'slow.mjs',
  public: true,
  access: {},
  timeoutSeconds,
});
const routes = [route('default'), route('declared', 29), route('beyond-gateway', 60)];
// Every timeout shrunk 100×: 10 s → 100 ms, 29 s → 290 ms, the 30 s ceiling → 300 ms.
const host = createApiHost({ routes, authorize: async () => ({ ok: false }) as never, rootDir: dir, timeScale: 0.01 });
const get = (id: string, ms: number) =>
  host({
    method: 'GET',
    path: `/api/${id}`,
    rawQueryString: `ms=${ms}`,
    headers: {},
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
  });

describe('local API host timeouts', () => {
  it("honours a route's declared timeout instead of cutting every route at the default", async () => {
    const response = await get('declared', 200);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString()).remaining).toBeGreaterThan(200);
  });

  it('cuts a route at its own timeout like Lambda (500), the default one at 10 s', async () => {
    expect((await get('default', 200)).status).toBe(500);
    expect((await get('declared', 400)).status).toBe(500);
  });

  it("never lets a route run past API Gateway's 30 s", async () => {
    expect(routeTimeoutMs({ timeoutSeconds: 60 })).toBe(GATEWAY_TIMEOUT_SECONDS * 1000);
    expect(routeTimeoutMs({})).toBe(10_000);
    expect((await get('beyond-gateway', 250)).status).toBe(200);
    expect((await get('beyond-gateway', 450)).status).toBe(500);
  });
});
