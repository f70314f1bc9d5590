import { chromium } from 'playwright-core';
import { chromiumPath } from '../support/chromium';
import { serveBuiltSite } from './support/initial-js';
const dists = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
for (const dist of dists) {
  const site = await serveBuiltSite(dist);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, javaScriptEnabled: false });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'viz', 'toplevel'] });
  await page.goto(site.url + '/dashboard');
  await page.waitForTimeout(1500);
  const t = JSON.parse((await browser.stopTracing()).toString()).traceEvents as any[];
  const names = new Map(t.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const viz = [...names].find(([, v]) => v === 'VizCompositorThread')?.[0];
  const start = Math.min(...t.filter((e) => e.ts > 0).map((e) => e.ts));
  const tasks = t.filter((e) => `${e.pid}:${e.tid}` === viz && e.ph === 'X' && e.name === 'RunTask');
  const b = new Map<number, number>();
  for (const e of tasks) { const k = Math.floor((e.ts - start) / 250000); b.set(k, (b.get(k) ?? 0) + e.dur / 1000); }
  console.log(dist.padEnd(20), 'viz ms per 250 ms:', [...b].sort((x, y) => x[0] - y[0]).map(([k, v]) => `${k * 250}:${v.toFixed(0)}`).join(' '));
  await context.close(); await site.close();
}
await browser.close();
