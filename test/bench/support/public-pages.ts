import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { fileForSitePath } from './initial-js';

/** Runs `use` on a new page of a fresh browser context, closed afterwards: each check starts with no state. */
async function inFreshPage<T>(
  browser: Browser,
  options: BrowserContextOptions,
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The site paths and resource types of every request the browser makes opening `path`, until the network is quiet. */
async function requestsOpening(
  browser: Browser,
  siteUrl: string,
  path: string,
): Promise<{ pathname: string; type: string }[]> {
  return inFreshPage(browser, {}, async (page) => {
    const requests: { pathname: string; type: string }[] = [];
    page.on('request', (request) =>
      requests.push({ pathname: new URL(request.url()).pathname, type: request.resourceType() }),
    );
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    return requests;
  });
}

/**
 * The page's main heading as it paints from HTML alone (JavaScript off), or null when it needs JavaScript
 * to show one: what a visitor sees before the entry script has run.
 */
export async function mainHeadingWithoutJs(browser: Browser, siteUrl: string, path: string): Promise<string | null> {
  return inFreshPage(browser, { javaScriptEnabled: false }, async (page) => {
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
    const heading = page.locator('#root h1').first();
    if ((await heading.count()) === 0 || !(await heading.isVisible())) return null;
    return (await heading.textContent())?.trim() || null;
  });
}

/** Whether `path` paints the app's header and page frame from HTML alone (JavaScript off): the layout shell. */
export async function paintsLayoutWithoutJs(browser: Browser, siteUrl: string, path: string): Promise<boolean> {
  return inFreshPage(browser, { javaScriptEnabled: false }, async (page) => {
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
    return (await page.locator('#root header').isVisible()) && (await page.locator('#root main').isVisible());
  });
}

/**
 * How the layout shell's loading spinner starts (JavaScript off, as the HTML paints it), read from its animations'
 * timing rather than from what is painted at some moment (a slow machine reaches the load event after the delay):
 * until when an animation holds it transparent (a first keyframe at opacity 0, filled backwards), and the earliest
 * time (ms) at which any of its animations starts; null when the shell has no spinner.
 */
export async function shellSpinnerStart(
  browser: Browser,
  siteUrl: string,
  path: string,
): Promise<{ hiddenUntilMs: number; firstAnimationMs: number } | null> {
  return inFreshPage(browser, { javaScriptEnabled: false }, async (page) => {
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
    const spinner = page.locator('#root main [role="status"] > [aria-hidden="true"]').first();
    if ((await spinner.count()) === 0) return null;
    // Runs in the page; typed structurally, as this project's Node tsconfig has no DOM lib.
    type Effect = {
      getTiming(): { delay?: number; fill?: string };
      getKeyframes(): { opacity?: string }[];
    };
    type Animated = { getAnimations(): { effect: Effect | null }[] };
    return spinner.evaluate((element: Animated) => {
      const effects = element
        .getAnimations()
        .map((animation) => animation.effect)
        .filter((effect): effect is Effect => effect !== null);
      const delays = effects.map((effect) => effect.getTiming().delay ?? 0);
      const hiding = effects.filter((effect) => {
        const { fill } = effect.getTiming();
        return (fill === 'backwards' || fill === 'both') && Number(effect.getKeyframes()[0]?.opacity) === 0;
      });
      return {
        hiddenUntilMs: hiding.length > 0 ? Math.max(...hiding.map((effect) => effect.getTiming().delay ?? 0)) : 0,
        firstAnimationMs: delays.length > 0 ? Math.min(...delays) : Infinity,
      };
    });
  });
}

/**
 * The elements of `path`'s prerendered HTML that the app, once it has hydrated the page, no longer shows: React
 * should hydrate the HTML, not throw part of it away and draw it again (a repaint, a flicker, and main-thread time).
 * Waits until the main heading belongs to React (hydrated) and the network is quiet, at most `timeoutMs`; null when
 * the page never hydrates.
 */
export async function prerenderedElementsLostInHydration(
  browser: Browser,
  siteUrl: string,
  path: string,
  timeoutMs = 20_000,
): Promise<string[] | null> {
  return inFreshPage(browser, {}, async (page) => {
    // Runs in the page; typed structurally, as this project's Node tsconfig has no DOM lib.
    type PaintedElement = {
      isConnected: boolean;
      tagName: string;
      textContent: string | null;
      contains(other: PaintedElement): boolean;
    };
    type InPage = {
      document: {
        addEventListener(type: string, listener: () => void): void;
        querySelector(selector: string): object | null;
        querySelectorAll(selector: string): Iterable<PaintedElement>;
      };
      painted?: PaintedElement[];
    };
    await page.addInitScript(() => {
      const view = globalThis as unknown as InPage;
      view.document.addEventListener('DOMContentLoaded', () => {
        view.painted = [...view.document.querySelectorAll('#root *')];
      });
    });
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const reactOwns = () =>
      page.evaluate(() => {
        const heading = (globalThis as unknown as InPage).document.querySelector('#root main h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      });
    const deadline = Date.now() + timeoutMs;
    while (!(await reactOwns())) {
      if (Date.now() > deadline) return null;
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    return page.evaluate(() => {
      const painted = (globalThis as unknown as InPage).painted ?? [];
      const lost = painted.filter((element) => !element.isConnected);
      // An element lost with its parent is reported once, by the outermost.
      return lost
        .filter((element) => !lost.some((other) => other !== element && other.contains(element)))
        .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    });
  });
}

/**
 * Whether the sign-in form on `path` becomes usable (hydrated: its Email field enabled) while `/config.json` is held
 * back: the page must not wait for the runtime config (or the zod code that checks it) to hydrate.
 */
export async function interactiveWithoutConfig(
  browser: Browser,
  siteUrl: string,
  path: string,
  timeoutMs = 20_000,
): Promise<boolean> {
  return inFreshPage(browser, {}, async (page) => {
    try {
      await page.route('**/config.json', () => undefined); // never answered while the check runs
      await page.goto(`${siteUrl}${path}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.getByLabel('Email').and(page.locator(':enabled')).waitFor({ timeout: timeoutMs });
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The stylesheets the browser downloads when it opens `path` (until the network is quiet). None, for every page: the
 * build inlines the one stylesheet into each HTML page, and a lazy chunk loading it again restyles the whole page.
 */
export async function stylesheetsRequested(browser: Browser, siteUrl: string, path: string): Promise<string[]> {
  return (await requestsOpening(browser, siteUrl, path))
    .filter(({ pathname, type }) => type === 'stylesheet' || pathname.endsWith('.css'))
    .map(({ pathname }) => pathname);
}

/** Code the public pages must never load: Amplify, the demo client, the analysis screen and zod. */
export const FORBIDDEN_ON_PUBLIC_PAGES: readonly { label: string; source: RegExp; onlyOn?: readonly string[] }[] = [
  { label: 'Amplify', source: /node_modules\/(@aws-amplify|aws-amplify)\// },
  // demo-user.ts is the demo account's name and email, which the auth provider shows; the rest is the demo API.
  { label: 'demo mode', source: /(^|\/)src\/lib\/demo\/(?!demo-user\.ts$)/ },
  { label: 'analysis screen', source: /(^|\/)src\/features\/analysis\// },
  // Sign-in checks /config.json and calls the API (both with zod); the landing page does neither.
  { label: 'zod', source: /node_modules\/zod\//, onlyOn: ['/'] },
];

/**
 * The site paths of the scripts the browser has asked for by the time `path` shows its figures (the first value of
 * its stat cards, `figures`), in request order. Throws when the figures do not show within `timeoutMs`.
 */
export async function scriptsBeforeFigures(
  browser: Browser,
  siteUrl: string,
  path: string,
  figures = '#root main dl dd',
  timeoutMs = 30_000,
): Promise<string[]> {
  return inFreshPage(browser, {}, async (page) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'commit', timeout: 60_000 });
    await page.locator(figures).first().waitFor({ state: 'visible', timeout: timeoutMs });
    return [...scripts];
  });
}

/**
 * Whether a signed-out visitor's browser asks for `/config.json` when it opens `path` (until the network is quiet).
 * The landing and terms pages must not: only signing in needs it.
 */
export async function fetchesRuntimeConfig(browser: Browser, siteUrl: string, path: string): Promise<boolean> {
  return (await requestsOpening(browser, siteUrl, path)).some(({ pathname }) => pathname === '/config.json');
}

/** Which code forbidden on `path` each loaded script bundles, read from its source map (`script → labels`). */
export function forbiddenCodeIn(distDir: string, scripts: readonly string[], path: string): Map<string, string[]> {
  return codeIn(
    distDir,
    scripts,
    FORBIDDEN_ON_PUBLIC_PAGES.filter((rule) => !rule.onlyOn || rule.onlyOn.includes(path)),
  );
}

/**
 * Code the demo dashboard and analysis must not load before they show their figures: zod (with the shared
 * schemas; the demo client checks writes with them, loaded by the write) and the HTTP API client, which demo mode
 * never calls. Both lengthened the time to the first figures by their download and their evaluation.
 */
export const FORBIDDEN_BEFORE_FIGURES: readonly { label: string; source: RegExp }[] = [
  { label: 'zod', source: /node_modules\/zod\// },
  { label: 'the HTTP API client', source: /(^|\/)src\/lib\/(api-client\.ts|api\/transport\.ts)$/ },
];

/** Which of `rules` each script bundles, read from its source map (`script → labels`). */
export function codeIn(
  distDir: string,
  scripts: readonly string[],
  rules: readonly { label: string; source: RegExp }[],
): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const script of scripts) {
    const mapFile = `${fileForSitePath(distDir, script)}.map`;
    if (!existsSync(mapFile)) continue;
    const sources = (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
    const labels = rules.filter(({ source }) => sources.some((file) => source.test(file))).map(({ label }) => label);
    if (labels.length > 0) found.set(script, labels);
  }
  return found;
}

/**
 * Whether a static page's phone menu (a <details> in its HTML) works at phone width, with JavaScript on or off: it
 * starts closed, its toggle opens it, Escape closes it with the focus back on the toggle (JavaScript on: the page's
 * few lines), and its Sign In link leads to sign-in. 'works', or what failed.
 */
export async function staticPhoneMenu(
  browser: Browser,
  siteUrl: string,
  path: string,
  javaScriptEnabled: boolean,
): Promise<string> {
  return inFreshPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled }, async (page) => {
    await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const toggle = page.locator('header details > summary');
    if ((await toggle.count()) !== 1) return 'no menu toggle (a <summary> in the header)';
    if (!(await toggle.isVisible())) return 'its toggle is not visible at 390 px';
    const menu = page.locator('#mobile-menu');
    if (await menu.isVisible()) return 'it is open before it is asked';
    await toggle.click();
    if (!(await menu.isVisible())) return 'the toggle does not open it';
    if (javaScriptEnabled) {
      await page.keyboard.press('Escape');
      if (await menu.isVisible()) return 'Escape does not close it';
      if ((await page.locator('header details > summary:focus').count()) !== 1)
        return 'Escape leaves the focus off its toggle';
      await toggle.click();
    }
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login', { timeout: 30_000 });
    return 'works';
  });
}

/**
 * What a static page's HTML links: its script tags' addresses, the app entry its own script may load (its
 * data-app-entry), and its modulepreload links.
 */
export async function staticPageLinks(
  siteUrl: string,
  path: string,
): Promise<{ scripts: string[]; appEntry: string | undefined; modulePreloads: string[] }> {
  const html = await (await fetch(`${siteUrl}${path}`)).text();
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
  return {
    scripts: scriptTags.flatMap((tag) => attribute(tag, 'src') ?? []),
    appEntry: scriptTags.map((tag) => attribute(tag, 'data-app-entry')).find((entry) => entry !== undefined),
    modulePreloads: (html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []).flatMap(
      (tag) => attribute(tag, 'href') ?? [],
    ),
  };
}
