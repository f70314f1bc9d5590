import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { freePort, waitFor } from '../../../infra/local/ports';
import { chromiumPath } from '../../support/chromium';
import { serveBuiltSite } from '../support/initial-js';
import { benchResult, type BenchResult, type Benchmark } from '../types';

/** The signed-in screens open in demo mode: it draws them entirely in the browser, so no API is needed. */
const ROUTES = [
  { id: 'landing', path: '/' },
  { id: 'login', path: '/login' },
  { id: 'dashboard', path: '/dashboard?demo=true' },
  { id: 'analysis', path: '/analysis?demo=true' },
] as const;
const RUNS = 3;
const PERFORMANCE_TARGET = 95;
const ACCESSIBILITY_TARGET = 100;

/** Debian's Chromium, headless, with a DevTools port for Lighthouse; a fresh profile each time. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'trailbuddy-lighthouse-'));
  const child = spawn(
    chromiumPath(),
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  await waitFor('Chromium DevTools', async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok);
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const benchmark: Benchmark = {
  name: 'lighthouse',
  description: `Lighthouse performance and accessibility (mobile preset, simulated throttling; median of ${RUNS}) of /, /login, /dashboard and /analysis (demo) served from web/dist in Debian's Chromium; no floor`,
  async run(ctx) {
    const site = await serveBuiltSite(await ctx.webDist());
    const chromium = await startChromium();
    const results: BenchResult[] = [];
    try {
      for (const route of ROUTES) {
        const performance: number[] = [];
        const accessibility: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const audit = () => lighthouse(`${site.url}${route.path}`, { port: chromium.port, onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json' });
          let outcome = await audit();
          // A loaded machine occasionally makes Chromium give up on a load; one more try before calling it broken.
          if (outcome?.lhr.runtimeError) outcome = await audit();
          const categories = outcome?.lhr.categories;
          if (categories?.performance?.score == null || categories.accessibility?.score == null) {
            throw new Error(`${route.path}: Lighthouse returned no scores (${outcome?.lhr.runtimeError?.message ?? 'no runtime error'})`);
          }
          performance.push(Math.round(categories.performance.score * 100));
          accessibility.push(Math.round(categories.accessibility.score * 100));
          if (run === 0) {
            const failing = Object.values(outcome!.lhr.audits).filter((audit) => audit.score === 0 && categories.accessibility!.auditRefs.some((ref) => ref.id === audit.id));
            if (failing.length) ctx.log(`${route.path}: accessibility audits failing: ${failing.map((a) => a.id).join(', ')}`);
          }
        }
        ctx.log(`${route.path}: performance ${performance.join(' / ')}, accessibility ${accessibility.join(' / ')}`);
        results.push(
          benchResult({ name: `lighthouse-perf-${route.id}`, value: median(performance), unit: 'score', floor: null, goal: { atLeast: PERFORMANCE_TARGET } }),
          benchResult({ name: `lighthouse-a11y-${route.id}`, value: median(accessibility), unit: 'score', floor: null, goal: { atLeast: ACCESSIBILITY_TARGET } }),
        );
      }
    } finally {
      await chromium.stop();
      await site.close();
    }
    return results;
  },
};

export default benchmark;
