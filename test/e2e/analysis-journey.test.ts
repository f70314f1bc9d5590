import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { localDateOf as zoneDateOf } from '../../functions/domain/google-health-time';
import { describe, expect, inject, it } from 'vitest';
import type { UnifiedActivity } from '../../functions/shared/schemas/activity';
import { ActivitiesResponse } from '../../functions/shared/schemas/connections';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { newStravaAthlete, SEEDED, type AddedAthlete } from '../support/strava-athletes';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

/** Users have no zone of their own yet: the server counts days in this one. */
const ZONE = 'America/Vancouver';
const DAY_MS = 86_400_000;

// ---- An independent computation of what the screen must show, from the activities the API lists ----

// BC's local date by the app's zone rules: Node's time zone data still moves BC's clocks, so Intl would put the hour
// after local midnight (07:00-08:00 UTC) on the previous day.
const localDateOf = (iso: string) => zoneDateOf(Date.parse(iso), ZONE);
const todayIn = () => localDateOf(new Date().toISOString());
/** The calendar date `days` before `date` (both 'YYYY-MM-DD'). */
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

interface Expected {
  sessions: number;
  minutes: number;
  distanceKm: string;
  activeDays: number;
  /** Minutes per local date. */
  minutesByDate: Map<string, number>;
  sessionsByDate: Map<string, number>;
}

function expectedOver(activities: readonly UnifiedActivity[], days: number): Expected {
  const start = daysBefore(todayIn(), days - 1);
  const inRange = activities.filter((a) => localDateOf(a.start_time) >= start);
  const secondsByDate = new Map<string, number>();
  const sessionsByDate = new Map<string, number>();
  for (const a of inRange) {
    const date = localDateOf(a.start_time);
    secondsByDate.set(date, (secondsByDate.get(date) ?? 0) + a.duration_seconds);
    sessionsByDate.set(date, (sessionsByDate.get(date) ?? 0) + 1);
  }
  // Whole seconds summed per day, then divided once, so ratios between days are exact.
  const minutesByDate = new Map([...secondsByDate].map(([date, seconds]) => [date, seconds / 60]));
  return {
    sessions: inRange.length,
    minutes: inRange.reduce((sum, a) => sum + a.duration_seconds, 0) / 60,
    distanceKm: (inRange.reduce((sum, a) => sum + (a.distance_meters ?? 0), 0) / 1000).toFixed(1),
    activeDays: sessionsByDate.size,
    minutesByDate,
    sessionsByDate,
  };
}

const formatMinutes = (minutes: number) => {
  const whole = Math.round(minutes);
  return whole < 60 ? `${whole} min` : `${Math.floor(whole / 60)}h ${String(whole % 60).padStart(2, '0')}m`;
};

/** Spec health-connections §9, written out again here rather than imported. */
function expectedScore(activities: readonly UnifiedActivity[]): { score: number; label: string } {
  const last28 = expectedOver(activities, 28);
  const steps = activities
    .filter((a) => localDateOf(a.start_time) >= daysBefore(todayIn(), 27))
    .reduce((sum, a) => sum + (a.steps ?? 0), 0);
  // Strava measures no steps: unless some activity carries them, the score is over minutes and sessions alone (70
  // points), scaled to 100.
  const stepsMeasured = activities.some((a) => a.provider_type !== 'strava' || (a.steps ?? 0) > 0);
  const earned =
    Math.min(40, (last28.minutes / 4 / 150) * 40) +
    Math.min(30, (last28.sessions / 4 / 4) * 30) +
    (stepsMeasured ? Math.min(30, (steps / 28 / 10_000) * 30) : 0);
  const score = Math.min(100, Math.round((earned / (stepsMeasured ? 100 : 70)) * 100));
  const label =
    score >= 80
      ? 'Elite'
      : score >= 60
        ? 'Advanced'
        : score >= 40
          ? 'Intermediate'
          : score >= 20
            ? 'Beginner'
            : 'Getting Started';
  return { score, label };
}

// ---- Reading the screen ----

async function statCards(page: Page): Promise<Record<string, string>> {
  return page
    .locator('dl[aria-label="Totals for the selected range"] > div')
    .evaluateAll((cards) =>
      Object.fromEntries(
        cards.map((card) => [card.querySelector('dt')?.textContent ?? '', card.querySelector('dd')?.textContent ?? '']),
      ),
    );
}

async function heatmapCells(page: Page): Promise<{ date: string; level: string; label: string }[]> {
  return page.locator('[data-date][data-level]').evaluateAll((cells) =>
    cells.map((cell) => ({
      date: cell.getAttribute('data-date') ?? '',
      level: cell.getAttribute('data-level') ?? '',
      label: cell.getAttribute('aria-label') ?? '',
    })),
  );
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses inline script tags.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // Runs in the page; typed structurally because this project's Node tsconfig has no DOM lib.
    const axe = (
      globalThis as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`);
  });
}

async function myActivities(page: Page): Promise<UnifiedActivity[]> {
  const res = await fetch(`${stack.url}/api/activities?limit=50`, {
    headers: { authorization: `Bearer ${await idTokenOf(page)}` },
  });
  expect(res.status).toBe(200);
  const body = ActivitiesResponse.parse(await res.json());
  expect(body.nextCursor).toBeNull();
  return body.activities;
}

async function connect(page: Page, athlete: AddedAthlete): Promise<void> {
  await page.getByRole('button', { name: 'Connect with Strava' }).first().click();
  await page.waitForURL((url) => url.href.startsWith(stack.stravaUrl), { timeout: 15_000 });
  await page.getByLabel('Signed in to Strava as').selectOption(String(athlete.id));
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL('**/dashboard?strava=connected', { timeout: 30_000 });
}

async function chooseRange(
  page: Page,
  name: 'Week' | 'Month' | 'Year' | 'All time',
  expectedSessions: number,
): Promise<void> {
  await page.getByRole('group', { name: 'Date range' }).getByRole('button', { name }).click();
  await expect.poll(async () => (await statCards(page)).Activities, { timeout: 15_000 }).toBe(String(expectedSessions));
  expect(await page.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');
}

describe('Health analysis in a real browser', () => {
  it('shows stat cards, charts, heatmap and score that match the imported activities, across the date filters', async () => {
    const page = currentPage();
    const email = newEmail('analysis');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    // An athlete of this journey's own, with a history like the seeded Sofia's (rides, swims, walks, runs).
    const athlete = await newStravaAthlete(stack.stravaUrl, SEEDED.sofia);
    await connect(page, athlete);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(`Welcome, ${athlete.firstname}!`);

    const activities = await myActivities(page);
    expect(activities.length).toBeGreaterThan(3);
    const week = expectedOver(activities, 7);
    const month = expectedOver(activities, 30);
    const year = expectedOver(activities, 365);

    // The dashboard's cards read the same aggregates: all time, and the last 7 local days.
    const dashboardCard = (label: string) =>
      page
        .locator('dl div', { has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .first();
    await expect
      .poll(() => dashboardCard('Total Activities').textContent(), { timeout: 15_000 })
      .toBe(String(activities.length));
    expect(await dashboardCard('This Week').textContent()).toBe(String(week.sessions));
    const totalKm = (activities.reduce((sum, a) => sum + (a.distance_meters ?? 0), 0) / 1000).toFixed(1);
    expect(await dashboardCard('Total Distance').textContent()).toBe(`${totalKm} km`);

    await page.getByRole('link', { name: 'Health Analysis' }).first().click();
    await page.waitForURL('**/analysis', { timeout: 10_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Health & Activity Analysis');
    await expect.poll(async () => (await statCards(page)).Activities, { timeout: 15_000 }).toBe(String(month.sessions));
    expect(await page.getByRole('list', { name: 'Connected providers' }).textContent()).toContain('Strava');

    // Month (the default): the six cards and the two charts.
    expect(await statCards(page)).toMatchObject({
      Activities: String(month.sessions),
      'Active Time': formatMinutes(month.minutes),
      Distance: `${month.distanceKm} km`,
      'Active Days': `${month.activeDays} of 30`,
    });
    const perDayMinutes = (expected: Expected) =>
      [...expected.minutesByDate.values()].reduce((sum, minutes) => sum + Math.round(minutes), 0);
    await expect
      .poll(() => page.getByRole('img', { name: /^Active minutes per day:/ }).getAttribute('aria-label'))
      .toBe(`Active minutes per day: 30 bars, ${perDayMinutes(month)} min in total`);
    // the bars are drawn after the figures, once the charts near the viewport (recharts loads then)
    await page.getByRole('heading', { name: 'Trends' }).scrollIntoViewIfNeeded();
    await page.locator('.recharts-bar-rectangle').first().waitFor();

    // The year heatmap: every active day labelled with its sessions and minutes, the busiest at level 4.
    const cells = await heatmapCells(page);
    expect(cells).toHaveLength(365);
    expect(cells.at(-1)!.date).toBe(todayIn());
    const busiest = Math.max(...year.minutesByDate.values());
    for (const cell of cells) {
      const minutes = year.minutesByDate.get(cell.date);
      const sessions = year.sessionsByDate.get(cell.date);
      if (sessions === undefined) {
        expect(cell.level, cell.date).toBe('0');
        continue;
      }
      expect(cell.label).toMatch(new RegExp(`: ${sessions} sessions?, ${Math.round(minutes!)} minutes?$`));
      expect(cell.level, cell.date).toBe(String(Math.min(4, Math.max(1, Math.ceil((minutes! / busiest) * 4)))));
    }
    expect(cells.filter((cell) => cell.level === '4').length).toBeGreaterThan(0);

    // The score and its label.
    const { score, label } = expectedScore(activities);
    expect(await page.getByTestId('activity-score').textContent()).toBe(String(score));
    expect(await page.getByTestId('activity-label').textContent()).toBe(label);
    expect(
      await page.locator('section', { has: page.getByRole('heading', { name: 'Activity Level' }) }).textContent(),
    ).toContain(`(${year.activeDays} of the last 365 days)`);

    // Switching filters.
    await chooseRange(page, 'Week', week.sessions);
    expect(await statCards(page)).toMatchObject({
      'Active Time': formatMinutes(week.minutes),
      Distance: `${week.distanceKm} km`,
      'Active Days': `${week.activeDays} of 7`,
    });
    expect(await page.getByRole('img', { name: /^Active minutes per day:/ }).getAttribute('aria-label')).toBe(
      `Active minutes per day: 7 bars, ${perDayMinutes(week)} min in total`,
    );
    expect(new URL(page.url()).searchParams.get('range')).toBe('week');

    await chooseRange(page, 'Year', year.sessions);
    expect(await page.getByRole('img', { name: /^Active minutes per month:/ }).getAttribute('aria-label')).toMatch(
      /^Active minutes per month: 1[23] bars/,
    );
    await chooseRange(page, 'All time', activities.length);

    // The recent list: the 10 newest, newest first.
    const newest = [...activities].sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time)).slice(0, 10);
    const recent = page
      .locator('section', { has: page.getByRole('heading', { name: 'Recent Activities' }) })
      .locator('li');
    // The list re-renders when the range changes; wait for it rather than read it mid-update.
    await expect.poll(() => recent.count(), { timeout: 15_000 }).toBe(newest.length);
    await expect.poll(() => recent.first().textContent(), { timeout: 15_000 }).toContain(newest[0]!.name);
  });
});

describe('Demo mode in a real browser', () => {
  it('shows every dashboard section', async () => {
    const page = currentPage();
    await page.goto('/dashboard?demo=true');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('Welcome, Alex!');
    for (const name of ['Find Partners', 'Health Analysis', 'Plan Activity'])
      expect(await page.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Overview', 'Find Rides']);
    await expect
      .poll(() => page.getByText('Rides Shared', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    for (const label of ['Total Activities', 'This Week', 'Total Distance'])
      expect(await page.getByText(label, { exact: true }).isVisible()).toBe(true);
    for (const heading of [
      'Find Partners',
      'Plan an Activity',
      'Analyze Your Health',
      'Upcoming Activities',
      'Recent Activities',
    ]) {
      expect(await page.getByRole('heading', { name: heading, exact: true }).isVisible(), heading).toBe(true);
    }
    const upcoming = page
      .locator('section', { has: page.getByRole('heading', { name: 'Upcoming Activities' }) })
      .locator('li');
    await expect.poll(() => upcoming.count(), { timeout: 10_000 }).toBe(3);
    expect(await page.getByRole('link', { name: 'Manage connection' }).getAttribute('href', { timeout: 10_000 })).toBe(
      '/profile',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Find Rides' }).click({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Available Ride Offers' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Ride Requests' }).isVisible()).toBe(true);
  });

  it('shows every analysis section with a year of content', async () => {
    const page = currentPage();
    await page.goto('/analysis?demo=true');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('Health & Activity Analysis');
    await expect
      .poll(async () => Object.keys(await statCards(page)), { timeout: 15_000 })
      .toEqual(['Activities', 'Active Time', 'Distance', 'Calories', 'Steps', 'Active Days']);
    expect(await page.getByRole('button', { name: 'Sync Data' }).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Connected providers' }).textContent()).toContain('Strava');
    expect(await page.getByRole('group', { name: 'Date range' }).getByRole('button').allTextContents()).toEqual([
      'Week',
      'Month',
      'Year',
      'All time',
    ]);
    // the bars are drawn after the figures, once the charts near the viewport (recharts loads then)
    await page.getByRole('heading', { name: 'Trends' }).scrollIntoViewIfNeeded();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    const levels = new Set((await heatmapCells(page)).map((cell) => cell.level));
    expect([...levels].sort()).toEqual(['0', '1', '2', '3', '4']);
    for (const heading of ['Trends', 'Activity Calendar', 'Activity Level', 'Workout Patterns', 'Recent Activities']) {
      expect(await page.getByRole('heading', { name: heading, exact: true }).isVisible(), heading).toBe(true);
    }
    expect(Number(await page.getByTestId('activity-score').textContent())).toBeGreaterThan(0);
    expect(
      await page
        .locator('section', { has: page.getByRole('heading', { name: 'Recent Activities' }) })
        .locator('li')
        .count(),
    ).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sync Data' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sync Data' }).isEnabled(), { timeout: 10_000 })
      .toBe(true);
  });
});

describe('The analysis screen on a phone', () => {
  const phonePage = useBrowserPage(stack.url, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  it('fits the screen width; the calendar scrolls inside its own box', async () => {
    const page = phonePage();
    await page.goto('/analysis?demo=true&range=year');
    await expect.poll(async () => (await heatmapCells(page)).length, { timeout: 15_000 }).toBe(365);
    const overflow = await page.evaluate(() => {
      const root = (
        globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
      ).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByRole('region', { name: 'Activity calendar, scrollable' }).isVisible()).toBe(true);
  });
});
