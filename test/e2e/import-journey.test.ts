/**
 * In a real browser: a fresh athlete with a large history connects Strava; the dashboard shows the year
 * backfill's progress bar moving page by page, then its result line, and the analysis screen's 365-day heatmap is
 * filled for months older than the 30 days of raw activities.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { newStravaAthlete, SEEDED } from '../support/strava-athletes';
import { simulatorControl } from '../support/simulator-control';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

const ZONE = 'America/Vancouver';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Several hundred in the 30-day window (three pages of 200 in connect's own import)… */
const RECENT = 450;
/** …and a year of older ones for the backfill (six pages of 200 and an empty one). */
const OLDER = 1_200;
const SHOTS = '/tmp/shots';

const localDate = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );

const simulator = (method: string, path: string, body?: unknown) =>
  simulatorControl(stack.stravaUrl, method, path, body);

/** Adds activities to the athlete at the given start times through the simulator's control API, a few at a time. */
async function addActivities(athleteId: number, starts: readonly number[], sport: string): Promise<void> {
  for (let i = 0; i < starts.length; i += 50)
    await Promise.all(
      starts
        .slice(i, i + 50)
        .map((start) =>
          simulator('POST', `athletes/${athleteId}/activities`, { sport, startDate: new Date(start).toISOString() }),
        ),
    );
}

interface Observation {
  now: number;
  fetched: number;
}

/** The backfill's progress bar as the dashboard shows it now, or null when it is not (or no longer) shown. */
async function observeBar(page: Page): Promise<Observation | null> {
  // Read in one step, without waiting: the result line can replace the bar between two separate reads.
  const [reading] = await page
    .getByTestId('import-job-strava-backfill')
    .getByRole('progressbar')
    .evaluateAll((bars) => bars.map((bar) => [bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuetext')]));
  if (!reading) return null;
  const [now, text] = reading;
  const fetched = /^([\d,]+) activit/.exec(text ?? '')?.[1];
  if (now === null || fetched === undefined) return null;
  return { now: Number(now), fetched: Number(fetched.replaceAll(',', '')) };
}

async function screenshotImports(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  const imports = page.getByRole('region', { name: 'Imports' });
  await imports.scrollIntoViewIfNeeded();
  await imports.screenshot({ path: `${SHOTS}/import-progress-${width}.png` });
  // Nothing of the section may stick out sideways at this width.
  const overflow = await imports.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('a large Strava history in a real browser', () => {
  it('shows the year backfill moving page by page, its result, and a year heatmap filled past the 30 days', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = currentPage();
    const now = Date.now();
    const recent = Array.from({ length: RECENT }, (_, i) => now - HOUR_MS - i * 90 * 60_000);
    const older = Array.from({ length: OLDER }, (_, i) => now - 31 * DAY_MS - (i * 329 * DAY_MS) / OLDER);
    // A fresh athlete of this journey's own, like the seeded Noah who has just joined Strava (no activities yet).
    const athlete = await newStravaAthlete(stack.stravaUrl, SEEDED.noah);
    await addActivities(athlete.id, recent, 'Run');
    await addActivities(athlete.id, older, 'Hike');

    const email = newEmail('imports');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);

    // Connect's own import reads its four pages at once; each backfill page then takes 2.5 s at "Strava", so the
    // browser sees the job between pages. Only this athlete's requests are delayed (other suites run beside this one).
    const pathPrefix = '/api/v3/athlete/activities';
    const delay = (count: number, delayMs: number) =>
      simulator('POST', 'faults', { count, fault: { timeout: true, delayMs }, pathPrefix, athleteId: athlete.id });
    await delay(4, 1);
    await delay(7, 2_500);
    try {
      await page.getByRole('button', { name: 'Connect with Strava' }).first().click();
      await page.waitForURL((url) => url.href.startsWith(stack.stravaUrl), { timeout: 15_000 });
      await page.getByLabel('Signed in to Strava as').selectOption(String(athlete.id));
      await page.getByRole('button', { name: 'Authorize' }).click();
      await page.waitForURL('**/dashboard?strava=connected', { timeout: 30_000 });

      // Watch the bar until the result line replaces it.
      const result = page.getByTestId('import-result-strava-backfill');
      const seen: Observation[] = [];
      const shot = new Set<number>();
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && !(await result.isVisible())) {
        const observation = await observeBar(page);
        if (observation && observation.fetched !== seen.at(-1)?.fetched) seen.push(observation);
        // The screenshots, while the bar is on screen part-way: wide first, then a phone's width.
        if (observation && observation.fetched > 0 && shot.size < 2) {
          const width = shot.size === 0 ? 1280 : 390;
          await screenshotImports(page, width);
          shot.add(width);
        }
        await page.waitForTimeout(250);
      }
      await expect
        .poll(() => result.textContent(), { timeout: 30_000 })
        .toMatch(/^Strava history \(last 12 months\) added: [\d,]+ active days\.$/);
      expect(shot.size).toBe(2);

      // The bar moved: several different readings, each further than the one before.
      expect(seen.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < seen.length; i++) {
        expect(seen[i]!.fetched).toBeGreaterThan(seen[i - 1]!.fetched);
        expect(seen[i]!.now).toBeGreaterThanOrEqual(seen[i - 1]!.now);
      }
      expect(seen.at(-1)!.now).toBeGreaterThan(seen[0]!.now);
      expect(seen.at(-1)!.fetched).toBeLessThanOrEqual(OLDER);
    } finally {
      await simulator('DELETE', `faults?athlete_id=${athlete.id}`);
    }

    // The year heatmap: a month four months back, long past the raw window, has every hiking day filled.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Health Analysis' }).first().click();
    await page.waitForURL('**/analysis', { timeout: 10_000 });
    const month = localDate(now - 120 * DAY_MS).slice(0, 7);
    const hikingDays = new Set(older.map(localDate).filter((date) => date.startsWith(month)));
    expect(hikingDays.size).toBeGreaterThan(20);
    const cellsOf = () =>
      page
        .locator(`[data-date^="${month}-"][data-level]`)
        .evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-date'), cell.getAttribute('data-level')]));
    await expect.poll(async () => (await cellsOf()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(28);
    for (const [date, level] of await cellsOf())
      expect(`${date}: level ${level}`).toBe(`${date}: level ${hikingDays.has(date!) ? level : '0'}`);
    const filled = (await cellsOf()).filter(([date, level]) => hikingDays.has(date!) && level !== '0');
    expect(filled).toHaveLength(hikingDays.size);
    await page
      .locator('section[aria-labelledby="heatmap-heading"]')
      .screenshot({ path: `${SHOTS}/import-heatmap-1280.png` });
  }, 240_000);
});
