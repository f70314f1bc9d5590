import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install Debian's Chromium with:\n" +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Debian's package of Chromium's old headless mode, the shell Playwright itself runs headless tests in. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser for tests: CHROMIUM_PATH if set, else the headless shell when it is installed (`.ci/run` installs
 * it: the accessibility suite used 22 % less CPU in it than in the full browser),
 * else the full Chromium. Lighthouse keeps the full browser (test/bench/benchmarks/lighthouse.ts).
 */
export function testBrowserPath(): string {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return chromiumPath();
}

/**
 * Headless Chromium with the flags this sandboxed, offline machine needs. The headless shell has no notifications
 * (`Notification.permission` stays 'denied' even when granted), so a suite that needs them passes `chromiumPath()`.
 */
export function launchChromium(executablePath = testBrowserPath()): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

const CAUSE_PREFIX = 'caused by: ';

// On globalThis, not in this module: a worker process runs many browser suites, each in a module registry of its own.
const workerGlobal = globalThis as typeof globalThis & { trailbuddyWorkerBrowser?: Promise<Browser> };

/**
 * One Chromium per worker process, launched by its first browser suite and shared by the suites the worker runs after
 * it (one at a time): a launch cost about a second of CPU, ~15 times a run. Playwright closes it when the worker exits.
 */
function workerBrowser(): Promise<Browser> {
  workerGlobal.trailbuddyWorkerBrowser ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => {
      workerGlobal.trailbuddyWorkerBrowser = undefined;
    });
    return browser;
  });
  return workerGlobal.trailbuddyWorkerBrowser;
}

/**
 * Registers the hooks every browser suite needs: the worker's Chromium, a fresh context and page per test (no
 * shared cookies or storage), and no uncaught page errors. Returns a getter for the page. `contextOptions` shape
 * every context of the suite (e.g. an iPhone's `userAgent` and viewport). A suite's contexts, including those a test
 * opened itself, are closed when it ends, so the next suite in the worker starts with none.
 */
export function useBrowserPage(baseURL: string, contextOptions: BrowserContextOptions = {}): () => Page {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((openContext) => openContext.close()) ?? []);
  });
  beforeEach(async () => {
    context = await browser!.newContext({ ...contextOptions, baseURL });
    // React reports an error it recovered from only as "Minified React error #520"; what was thrown is its cause.
    await context.addInitScript((prefix: string) => {
      // Runs in the page; typed structurally because this project's Node tsconfig has no DOM lib.
      const page = globalThis as unknown as {
        addEventListener(type: 'error', listener: (event: { error?: { cause?: unknown } }) => void): void;
        console: { error(message: string): void };
      };
      page.addEventListener('error', (event) => {
        const cause = event.error?.cause as { stack?: string } | undefined;
        if (cause !== undefined) page.console.error(`${prefix}${cause?.stack ?? String(cause)}`);
      });
    }, CAUSE_PREFIX);
    page = await context.newPage();
    pageErrors.length = 0;
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.text().startsWith(CAUSE_PREFIX)) pageErrors.push(message.text());
    });
  });
  afterEach(async () => {
    await context?.close();
    expect(pageErrors).toEqual([]);
  });
  return () => page!;
}
