/**
 * A year of Google Health history in a real browser: connect through the simulator's consent page, watch the import
 * and the year backfill, see the year heatmap fill past the 30 days of raw activities, then disconnect while the
 * backfill is still running: every total drops to nothing and stays there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/chromium';
import { ActivitiesResponse } from '../../functions/shared/schemas/connections';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { simulatorControl } from '../support/simulator-control';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

/** Seeded in the Google simulator (infra/local/simulators/google/seed-data.ts): 600+ exercises over 400 days. */
const SAM = { sub: '112233445566778899001' };
const DAY_MS = 86_400_000;

const simulator = (method: string, path: string, body?: unknown) =>
  simulatorControl(stack.googleUrl, method, path, body);

/** Google's answers to Sam's exercise listings come late, so the browser sees the backfill between its pages. */
const slowExerciseListings = (count: number, delayMs: number) =>
  simulator('POST', 'faults', {
    count,
    fault: { timeout: true, delayMs },
    pathPrefix: '/v4/users/me/dataTypes/exercise',
    sub: SAM.sub,
  });

async function backfillFetched(page: Page): Promise<number | null> {
  const [text] = await page
    .getByTestId('import-job-google_health-backfill')
    .getByRole('progressbar')
    .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-valuetext')));
  const fetched = /^([\d,]+) activit/.exec(text ?? '')?.[1];
  return fetched === undefined ? null : Number(fetched.replaceAll(',', ''));
}

/** The heatmap's days before the raw 30-day window that show any activity. */
async function filledOlderDays(page: Page): Promise<number> {
  const cutoff = new Date(Date.now() - 31 * DAY_MS).toISOString().slice(0, 10);
  const cells = await page
    .locator('section[aria-labelledby="heatmap-heading"] [data-date][data-level]')
    .evaluateAll((all) => all.map((cell) => [cell.getAttribute('data-date') ?? '', cell.getAttribute('data-level')]));
  return cells.filter(([date, level]) => date < cutoff && level !== '0').length;
}

async function dashboardTotal(page: Page): Promise<string | null> {
  const card = page
    .locator('dl div', { has: page.getByText('Total Activities', { exact: true }) })
    .locator('dd')
    .first();
  return card.textContent();
}

async function connectSam(page: Page): Promise<void> {
  await page.goto('/profile');
  const card = page.getByRole('article', { name: 'Google Health' });
  await card.getByRole('button', { name: 'Connect Google Health' }).click();
  await page.waitForURL((url) => url.href.startsWith(stack.googleUrl), { timeout: 15_000 });
  await page.getByLabel('Choose an account').selectOption(SAM.sub);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL('**/dashboard', { timeout: 60_000 });
  // The import: the recent workouts are on the dashboard.
  await expect.poll(async () => Number(await dashboardTotal(page)), { timeout: 60_000 }).toBeGreaterThan(0);
}

async function disconnectGoogle(page: Page): Promise<void> {
  await page.goto('/profile');
  const card = page.getByRole('article', { name: 'Google Health' });
  await card.getByRole('button', { name: 'Disconnect Google Health' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect
    .poll(() => card.getByRole('button', { name: 'Connect Google Health' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

/** Waits until the backfill's bar has shown at least `readings` different non-zero counts (it moves page by page). */
async function watchBackfill(page: Page, readings: number): Promise<void> {
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const fetched = await backfillFetched(page);
        if (fetched !== null && fetched > 0 && fetched !== seen.at(-1)) seen.push(fetched);
        return seen.length;
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBeGreaterThanOrEqual(readings);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
}

describe('a year of Google Health history in a real browser', () => {
  it('imports, fills the year heatmap, and a disconnect mid-backfill leaves nothing behind', async () => {
    const page = currentPage();
    const email = newEmail('googleyear');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);

    try {
      // Each exercise listing comes late enough for the browser to see the backfill between its pages (the live
      // channel brings each page's progress as it is stored; the test needs two different counts of ~25 pages).
      await slowExerciseListings(60, 300);
      await connectSam(page);
      await watchBackfill(page, 2);
      await expect
        .poll(() => page.getByTestId('import-result-google_health-backfill').isVisible(), { timeout: 90_000 })
        .toBe(true);

      // The year heatmap is filled far past the 30 days of raw activities.
      await page.getByRole('link', { name: 'Health Analysis' }).first().click();
      await page.waitForURL('**/analysis', { timeout: 10_000 });
      await page.locator('section[aria-labelledby="heatmap-heading"]').waitFor({ timeout: 15_000 });
      await expect.poll(() => filledOlderDays(page), { timeout: 20_000 }).toBeGreaterThan(200);

      // Again from the start, and this time disconnect while the backfill is still reading Google.
      await disconnectGoogle(page);
      await simulator('DELETE', `faults?sub=${SAM.sub}`);
      await slowExerciseListings(400, 2_000);
      await connectSam(page);
      await watchBackfill(page, 1);
      await disconnectGoogle(page);
    } finally {
      await simulator('DELETE', `faults?sub=${SAM.sub}`);
    }

    // Nothing is shown, and the stopped backfill writes nothing afterwards (looked at again 4 s later).
    for (let look = 0; look < 2; look++) {
      if (look > 0) await page.waitForTimeout(4_000);
      // No connection left: the dashboard is the welcome one, and the API holds no activity of theirs.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Connect with Strava' }).first().waitFor({ timeout: 15_000 });
      expect(await page.getByText('Total Activities', { exact: true }).count()).toBe(0);
      const listed = await fetch(`${stack.url}/api/activities?limit=50`, {
        headers: { authorization: `Bearer ${await idTokenOf(page)}` },
      });
      expect(ActivitiesResponse.parse(await listed.json()).activities).toEqual([]);
      await page.goto('/analysis');
      await page.waitForLoadState('networkidle');
      expect(await filledOlderDays(page)).toBe(0);
    }
  }, 300_000);
});
