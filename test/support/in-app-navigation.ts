import type { Page } from 'playwright-core';

/**
 * The page checks below poll every 100 ms: Playwright's default polls on every animation frame, which keeps Chromium
 * drawing frames for as long as the wait lasts.
 */
const POLL_MS = 100;
/**
 * How long a new heading may take before the page is loaded instead. Correctness never depends on it (a load shows
 * the path too); a screen that keeps its heading costs this much wall time.
 */
const NEW_HEADING_WAIT_MS = 2_000;
/** The loading states screens show while they fetch (Spinner's accessible names). */
const LOADING_STATUS = /^(Loading|Finding|Checking)/;

// Runs in the page; typed structurally because this project's Node tsconfig has no DOM lib.
type Heading = { shownBefore?: boolean };
type PageGlobals = {
  document: { querySelectorAll(selector: string): Iterable<Heading> };
  history: { pushState(state: unknown, unused: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string, init: { state: unknown }) => unknown;
};

/**
 * Shows `path` the way the app's own links do, without loading the page again: the History API and a popstate
 * event, which React Router follows. Suites that visit every screen boot the app once this way instead of once per
 * screen: a page load cost about 0.3 s more of Chromium's CPU than an in-app navigation, and axe had to be compiled
 * again in every new document (another 0.3 s), on the 2-core CI machine.
 *
 * Resolves once a main heading that was not on the screen before is shown (React keeps the old screen up while the
 * new one's chunk loads). A path whose screen keeps the same heading element (the same screen component, e.g. `/`
 * and `/about`) shows no new one: then the page is loaded instead, so every path is still shown. A blank page (a
 * test's first) is loaded too.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  // A page that has loaded nothing yet has no app to navigate in.
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  await page.evaluate((target) => {
    const g = globalThis as unknown as PageGlobals;
    for (const heading of g.document.querySelectorAll('h1')) heading.shownBefore = true;
    g.history.pushState(null, '', target);
    g.dispatchEvent(new g.PopStateEvent('popstate', { state: null }));
  }, path);
  const shown = await page
    .waitForFunction(
      () =>
        [...(globalThis as unknown as PageGlobals).document.querySelectorAll('h1')].some(
          (heading) => !heading.shownBefore,
        ),
      undefined,
      { timeout: NEW_HEADING_WAIT_MS, polling: POLL_MS },
    )
    .then(() => true)
    .catch(() => false);
  if (!shown) await page.goto(path);
}

/** Waits until the screen shows its data: a main heading, no element marked busy and no loading status. */
export async function screenSettled(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout });
  await page.waitForFunction(
    () => [...(globalThis as unknown as PageGlobals).document.querySelectorAll('[aria-busy="true"]')].length === 0,
    undefined,
    { timeout, polling: POLL_MS },
  );
  await page.getByRole('status', { name: LOADING_STATUS }).first().waitFor({ state: 'detached', timeout });
}
