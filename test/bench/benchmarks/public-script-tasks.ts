import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../support/chromium';
import { buildFloorPage } from '../support/floor-page';
import { serveBuiltSite } from '../support/initial-js';
import { longestScriptTaskOpening } from '../support/script-tasks';
import { benchResult, type Benchmark, type BenchResult } from '../types';

/** The public pages: what a signed-out visitor opens first. */
const PAGES = [
  { id: 'landing', path: '/' },
  { id: 'login', path: '/login' },
  { id: 'terms', path: '/terms' },
  { id: 'not-found', path: '/no-such-trail' },
] as const;
/** A task this long blocks input noticeably: the long-task threshold of the Long Tasks API and of Lighthouse's TBT. */
const LONGEST_SCRIPT_TASK_MS = 50;
/**
 * The 50 ms holds at Lighthouse's mobile CPU slowdown (4×). Chrome's throttling pauses the thread rather than making
 * its work cost more CPU, so the thread's CPU time is measured unthrottled and multiplied by the slowdown.
 */
const LIGHTHOUSE_CPU_SLOWDOWN = 4;
const RUNS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const benchmark: Benchmark = {
  name: 'public-script-tasks',
  description: `the most script evaluation one main-thread task runs while /, /login, /terms and the not-found page load from web/dist (Chrome trace, the main thread's CPU time times Lighthouse's ${LIGHTHOUSE_CPU_SLOWDOWN}× slowdown, median of ${RUNS}); floor: a minimal React + React Router page (esbuild) traced the same way`,
  async run(ctx) {
    const distDir = await ctx.webDist();
    const floorDir = mkdtempSync(join(tmpdir(), 'trailbuddy-floor-'));
    const site = await serveBuiltSite(distDir);
    const floorSite = await serveBuiltSite(await buildFloorPage(ctx.rootDir, floorDir));
    const browser = await launchChromium();
    const longest = async (url: string) => {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++)
        runs.push((await longestScriptTaskOpening(browser, url)) * LIGHTHOUSE_CPU_SLOWDOWN);
      return Math.round(median(runs) * 10) / 10;
    };
    try {
      const floor = await longest(`${floorSite.url}/`);
      ctx.log(`floor page: ${floor} ms in its longest script task`);
      const results: BenchResult[] = [];
      for (const page of PAGES) {
        const value = await longest(`${site.url}${page.path}`);
        ctx.log(`${page.path}: ${value} ms in its longest script task`);
        results.push(
          benchResult({
            name: `longest-script-task-${page.id}`,
            value,
            unit: 'ms',
            floor,
            goal: { atMost: LONGEST_SCRIPT_TASK_MS },
          }),
        );
      }
      return results;
    } finally {
      await browser.close();
      await site.close();
      await floorSite.close();
      rmSync(floorDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
