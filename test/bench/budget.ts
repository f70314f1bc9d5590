/**
 * `npm run check:budget`: CI's quick check that the public pages' initial JS stays within budget. Measures the
 * already built web/dist (run `npm run build:web` first; nothing is built here) the way the initial-js-gzip
 * benchmark does, in headless Chromium, and exits 1 when / or /login loads more than 160 kB gzip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../support/chromium';
import { INITIAL_JS_BUDGET_KB } from './benchmarks/initial-js-gzip';
import { fileForSitePath, gzipSize, scriptsLoadedFor, serveBuiltSite } from './support/initial-js';

const PUBLIC_ROUTES = ['/', '/login'];

async function main(): Promise<number> {
  const distDir = join(resolve(fileURLToPath(import.meta.url), '../../..'), 'web', 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error('web/dist is missing: run `npm run build:web` first.');
    return 1;
  }
  const site = await serveBuiltSite(distDir);
  const browser = await launchChromium();
  let over = 0;
  try {
    for (const path of PUBLIC_ROUTES) {
      const scripts = await scriptsLoadedFor(browser, site.url, path);
      const kB = scripts.reduce((sum, script) => sum + gzipSize(readFileSync(fileForSitePath(distDir, script))), 0) / 1000;
      const within = kB <= INITIAL_JS_BUDGET_KB;
      if (!within) over++;
      console.log(`${within ? 'ok    ' : 'OVER  '} ${path.padEnd(8)} ${kB.toFixed(1)} kB gzip initial JS (budget ${INITIAL_JS_BUDGET_KB} kB, ${scripts.length} scripts)`);
    }
  } finally {
    await browser.close();
    await site.close();
  }
  if (over > 0) console.error(`Initial JS budget exceeded on ${over} route${over === 1 ? '' : 's'}: see npm run bench -- initial-js for the scripts each loads.`);
  return over > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`check:budget failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
