import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '../../functions/shared/routes';
import {
  EDGE_RATE_RULES,
  EDGE_RATE_WINDOW_SECONDS,
  PUBLIC_PER_IP_ROUTES,
  ruleCounts,
} from '../../infra/constructs/edge-limits';
import { createApiHost } from '../../infra/local/api-host';
import { createEdgeRateLimiter } from '../../infra/local/edge-rate-limiter';

/** Every route answers 200 from one tiny handler, so only the edge decides what is refused. */
const dir = mkdtempSync(join(tmpdir(), 'edge-rate-limits-'));
writeFileSync(join(dir, 'ok.mjs'), `export async function handler() { return { statusCode: 200, body: '{}' }; }`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const routes: RouteDefinition[] = ROUTES.map((route) => ({ ...route, entry: 'ok.mjs', public: true }));
const limitOf = (name: string) => EDGE_RATE_RULES.find((rule) => rule.name === name)!.limitPerWindow;
const TRIP_LINK = '/api/trip-links/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function hostWithClock() {
  let nowMs = Date.parse('2026-11-28T12:00:00Z');
  const host = createApiHost({
    routes,
    rootDir: dir,
    authorize: async () => ({ ok: false }) as never,
    edgeRateLimiter: createEdgeRateLimiter(),
    now: () => nowMs,
  });
  const call = (sourceIp: string, path: string, method = 'GET') =>
    host({ method, path, rawQueryString: '', headers: {}, body: Buffer.alloc(0), sourceIp });
  return { call, advance: (seconds: number) => (nowMs += seconds * 1000) };
}

describe('local per-client limits in front of /api/*', () => {
  it('answers a client flooding the public trip-link route 429, while another client still gets 200', async () => {
    const { call } = hostWithClock();
    const flood = [];
    for (let i = 0; i < 392; i++) flood.push((await call('203.0.113.7', TRIP_LINK)).status);
    expect(flood.slice(0, limitOf('public-per-ip'))).toEqual(Array(limitOf('public-per-ip')).fill(200));
    expect(flood.slice(limitOf('public-per-ip')).every((status) => status === 429)).toBe(true);

    const refused = await call('203.0.113.7', TRIP_LINK);
    expect(JSON.parse(refused.body.toString())).toEqual({ message: 'Too Many Requests' });
    expect(refused.headers['retry-after']).toBe(String(EDGE_RATE_WINDOW_SECONDS));

    expect((await call('198.51.100.20', TRIP_LINK)).status).toBe(200);
    expect((await call('198.51.100.20', '/api/health')).status).toBe(200);
  });

  it('limits one client on all of /api/* at the higher figure, and lets it back in once the window has passed', async () => {
    const { call, advance } = hostWithClock();
    const limit = limitOf('api-per-ip');
    for (let i = 0; i < limit; i++) expect((await call('203.0.113.8', '/api/me')).status).toBe(200);
    expect((await call('203.0.113.8', '/api/me')).status).toBe(429);
    expect((await call('198.51.100.21', '/api/me')).status).toBe(200);
    advance(EDGE_RATE_WINDOW_SECONDS + 1);
    expect((await call('203.0.113.8', '/api/me')).status).toBe(200);
  });

  it('never limits the provider webhook per IP: one sender speaks for every athlete', async () => {
    const { call } = hostWithClock();
    for (let i = 0; i < limitOf('api-per-ip') + 10; i++)
      expect((await call('203.0.113.9', '/api/webhooks/strava', 'POST')).status).toBe(200);
  });

  it('counts every public route but the webhooks as public, and nothing that needs sign-in', () => {
    const publicRule = EDGE_RATE_RULES.find((rule) => rule.name === 'public-per-ip')!;
    const samplePath = (route: RouteDefinition) => route.path.replace(/\{\w+\}/g, 'x');
    for (const route of ROUTES) {
      const counted = ruleCounts(publicRule, samplePath(route));
      expect(counted, `${route.method} ${route.path}`).toBe(
        PUBLIC_PER_IP_ROUTES.includes(route) ||
          // A signed-in route sharing a public route's exact path (another method) is counted with it.
          PUBLIC_PER_IP_ROUTES.some((other) => samplePath(other) === samplePath(route)),
      );
    }
    expect(PUBLIC_PER_IP_ROUTES.map((route) => route.id)).toEqual(
      expect.arrayContaining(['get-trip-link', 'post-email-unsubscribe', 'get-health']),
    );
    expect(PUBLIC_PER_IP_ROUTES.some((route) => route.path.startsWith('/api/webhooks/'))).toBe(false);
  });
});
