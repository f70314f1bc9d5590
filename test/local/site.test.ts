import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteHandler } from '../../infra/local/site';
import type { RuntimeConfig } from '../../functions/shared/schemas/runtime-config';

let dist: string;
let site: ReturnType<typeof createSiteHandler>;
const config: RuntimeConfig = {
  mode: 'local',
  region: 'local',
  userPoolId: 'local_x',
  userPoolClientId: 'abc',
  userPoolEndpoint: 'http://localhost:9229',
  apiBaseUrl: '/api',
};

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(join(dist, 'prerendered', 'index.html'), '<div id="root" data-prerendered=""><h1>Landing</h1></div>');
  writeFileSync(join(dist, 'prerendered', 'terms.html'), '<div id="root" data-prerendered=""><h1>Terms</h1></div>');
  writeFileSync(join(tmpdir(), 'outside-secret.txt'), 'secret');
  site = createSiteHandler({ distDir: dist, config });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('local site server (what CloudFront + S3 do)', () => {
  it('serves client routes as index.html so deep links work', async () => {
    for (const path of ['/', '/dashboard', '/auth/strava/callback']) {
      const res = await site(path);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain('id="root"');
    }
  });

  it("serves a public page's prerendered HTML, and the SPA shell for every other client route", async () => {
    expect((await site('/')).body.toString()).toContain('<h1>Landing</h1>');
    expect((await site('/terms')).body.toString()).toContain('<h1>Terms</h1>');
    expect((await site('/terms')).headers['cache-control']).toBe('no-cache');
    // not built in this folder: falls back to the shell
    expect((await site('/login')).body.toString()).toBe('<!doctype html><div id="root"></div>');
    for (const path of ['/dashboard', '/terms/', '/Dashboard', '/plan-activity/act-1', '/auth/strava/callback']) {
      const res = await site(path);
      expect([path, res.status, res.body.toString()]).toEqual([path, 200, '<!doctype html><div id="root"></div>']);
    }
  });

  it('answers a path no route matches with 404 and the prerendered not-found page (the shell before it is built)', async () => {
    for (const path of ['/terms/x', '/prerendered', '/activities/2024/summary', '/plan-activity/a/b']) {
      const res = await site(path);
      expect([path, res.status, res.body.toString()]).toEqual([path, 404, '<!doctype html><div id="root"></div>']);
    }
    writeFileSync(
      join(dist, 'prerendered', 'not-found.html'),
      '<div id="root" data-prerendered=""><h1>Lost</h1></div>',
    );
    try {
      const res = await site('/no-such-trail');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('<h1>Lost</h1>');
      expect((await site('/dashboard')).body.toString()).not.toContain('Lost');
    } finally {
      rmSync(join(dist, 'prerendered', 'not-found.html'));
    }
  });

  it('serves hashed assets with long caching and a real 404 for missing files', async () => {
    const asset = await site('/assets/app-123.js');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await site('/assets/missing.js')).status).toBe(404);
  });

  it('serves the runtime config, never cached', async () => {
    const res = await site('/config.json');
    expect(JSON.parse(res.body.toString())).toEqual(config);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never serves files outside the build folder', async () => {
    expect((await site('/../outside-secret.txt')).status).toBe(404);
    expect((await site('/%2e%2e/outside-secret.txt')).status).toBe(404);
    expect((await site('/%E0%A4%A')).status).toBe(404);
  });

  it('sends a CSP that allows only this origin and the auth emulator', async () => {
    const csp = (await site('/')).headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' http://localhost:9229");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
