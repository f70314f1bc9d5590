import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_QUERY_PARAM, ROUTE_TABLE, type RouteEntry } from '../../web/src/lib/paths';
import { axeViolations, describeViolations } from '../support/axe';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { navigateInApp, screenSettled } from '../support/in-app-navigation';

/**
 * axe on every screen of the route table (web/src/lib/paths.ts), so a new screen is checked as soon as it is
 * routed: signed out (public screens and the not-found page), in demo mode (every screen, with the sample data),
 * and signed in as a real user of the local stack (every protected screen, with a new account's empty states).
 * Zero serious or critical violations anywhere; every offender is listed at once.
 */
const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

/** OAuth return screens expect a provider's redirect; without one they show their error state, which is checked too. */
const isParametrised = (route: RouteEntry) => route.path.includes('/:');
const uniquePaths = (routes: readonly RouteEntry[]) => [...new Set(routes.map((r) => r.path))];

/**
 * Shows `path` and waits for its data. Signed-out screens are loaded, as a visitor meets them (prerendered HTML,
 * then hydration); in the app, a test's first screen is loaded and the rest are reached in the app (navigateInApp),
 * so the app and axe are not booted again for every screen.
 */
async function show(page: Page, path: string, how: 'load' | 'in-app'): Promise<void> {
  if (how === 'load') await page.goto(path);
  else await navigateInApp(page, path);
  await screenSettled(page);
}

async function check(page: Page, path: string, findings: string[], how: 'load' | 'in-app' = 'in-app'): Promise<void> {
  try {
    await show(page, path, how);
  } catch {
    findings.push(`${path}: did not settle within 20 s (now at ${page.url()})`);
    return;
  }
  findings.push(...describeViolations(path, await axeViolations(page)));
}

/** A real id for `/things/:id` screens: the first link to one on the screen above it, else a made-up id (its not-found state). */
async function concretePath(page: Page, template: string, query: string): Promise<string> {
  const [parent] = template.split('/:');
  await show(page, `${parent}${query}`, 'in-app');
  const pattern = new RegExp(`^${template.replace(/:\w+/g, '[^/?#]+')}$`);
  const hrefs = await page
    .locator(`a[href^="${parent}/"]`)
    .evaluateAll((anchors) =>
      anchors.map((a) => (a as unknown as { getAttribute(n: string): string | null }).getAttribute('href') ?? ''),
    );
  return hrefs.find((href) => pattern.test(href.split(/[?#]/)[0]!)) ?? template.replace(/:\w+/g, 'no-such-id');
}

// Each suite allows 180 s: every screen may take up to its 20 s settle on a loaded machine.
describe('accessibility (axe: no serious or critical violations)', () => {
  it('every public screen, signed out, and the not-found page', async () => {
    const page = currentPage();
    const findings: string[] = [];
    const publicPaths = uniquePaths(ROUTE_TABLE.filter((r) => r.access === 'public'));
    expect(publicPaths).toEqual(expect.arrayContaining(['/', '/login']));
    for (const path of [...publicPaths, '/no-such-page']) await check(page, path, findings, 'load');
    expect(findings).toEqual([]);
  }, 180_000);

  it('every screen in demo mode', async () => {
    const page = currentPage();
    const findings: string[] = [];
    const demo = `?${DEMO_QUERY_PARAM}=true`;
    for (const path of uniquePaths(ROUTE_TABLE.filter((r) => !isParametrised(r))))
      await check(page, `${path}${demo}`, findings);
    for (const template of uniquePaths(ROUTE_TABLE.filter(isParametrised)))
      await check(page, `${await concretePath(page, template, demo)}${demo}`, findings);
    expect(findings).toEqual([]);
  }, 180_000);

  it('every protected screen, signed in as a new user', async () => {
    const page = currentPage();
    const email = newEmail('a11y');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    const findings: string[] = [];
    for (const path of uniquePaths(ROUTE_TABLE.filter((r) => r.access === 'protected' && !isParametrised(r))))
      await check(page, path, findings);
    for (const template of uniquePaths(ROUTE_TABLE.filter((r) => r.access === 'protected' && isParametrised(r))))
      await check(page, await concretePath(page, template, ''), findings);
    expect(findings).toEqual([]);
  }, 180_000);
});
