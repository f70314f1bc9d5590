/**
 * "Numbers add up", end to end: connect Strava (browser, simulator) and Apple Health (ingest token and a
 * Shortcut post), disconnect one, and the dashboard, the analysis and the activities list show the same total.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AppleIngestResponse, AppleIngestTokenResponse } from '../../functions/shared/schemas/apple';
import { ActivitiesResponse } from '../../functions/shared/schemas/connections';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { newStravaAthlete, SEEDED } from '../support/strava-athletes';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

async function api(page: Page, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stack.url}${path}`, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${await idTokenOf(page)}`, 'content-type': 'application/json' },
  });
}

async function listedCount(page: Page): Promise<number> {
  const res = await api(page, '/api/activities?limit=50');
  expect(res.status).toBe(200);
  const body = ActivitiesResponse.parse(await res.json());
  expect(body.nextCursor).toBeNull();
  return body.activities.length;
}

/** Total Activities on the dashboard, once it has loaded. */
async function dashboardTotal(page: Page, expected: number): Promise<void> {
  await page.goto('/dashboard');
  const card = page
    .locator('dl div', { has: page.getByText('Total Activities', { exact: true }) })
    .locator('dd')
    .first();
  await expect.poll(() => card.textContent(), { timeout: 15_000 }).toBe(String(expected));
}

/** The 'Activities' stat card of the analysis over all time. */
async function analysisTotal(page: Page, expected: number): Promise<void> {
  await page.goto('/analysis?range=all');
  const card = page
    .locator('dl[aria-label="Totals for the selected range"] > div', {
      has: page.getByText('Activities', { exact: true }),
    })
    .locator('dd')
    .first();
  await expect.poll(() => card.textContent(), { timeout: 15_000 }).toBe(String(expected));
}

describe('Numbers add up in a real browser', () => {
  it('connect Strava and Apple Health, disconnect Strava: dashboard, analysis and list show the same total', async () => {
    const page = currentPage();
    const email = newEmail('numbers');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    // An athlete of this journey's own, with a history like the seeded Sofia's.
    const athlete = await newStravaAthlete(stack.stravaUrl, SEEDED.sofia);

    // Strava through its OAuth page (the simulator), as a user does.
    await page.getByRole('button', { name: 'Connect with Strava' }).first().click();
    await page.waitForURL((url) => url.href.startsWith(stack.stravaUrl), { timeout: 15_000 });
    await page.getByLabel('Signed in to Strava as').selectOption(String(athlete.id));
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/dashboard?strava=connected', { timeout: 30_000 });
    const stravaCount = await listedCount(page);
    expect(stravaCount).toBeGreaterThan(0);

    // Apple Health: the token the setup dialog shows, then two workouts from the Shortcut.
    const issued = AppleIngestTokenResponse.parse(
      await (await api(page, '/api/apple/ingest-token', { method: 'POST', body: '{}' })).json(),
    );
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const workouts = [
      {
        uuid: randomUUID(),
        workoutActivityType: 'HKWorkoutActivityTypeHiking',
        startDate: hoursAgo(50),
        endDate: hoursAgo(48),
        duration: 7200,
      },
      {
        uuid: randomUUID(),
        workoutActivityType: 'HKWorkoutActivityTypeRunning',
        startDate: hoursAgo(26),
        endDate: hoursAgo(25),
        duration: 3600,
      },
    ];
    const posted = await fetch(issued.ingestUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${issued.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ health_data: { workouts } }),
    });
    expect(posted.status).toBe(200);
    expect(AppleIngestResponse.parse(await posted.json())).toMatchObject({ accepted: 2 });

    const both = await listedCount(page);
    expect(both).toBe(stravaCount + 2);
    await dashboardTotal(page, both);
    await analysisTotal(page, both);

    // Disconnect Strava: its workouts leave the list, and every total with them.
    expect((await api(page, '/api/connections/strava', { method: 'DELETE' })).status).toBeLessThan(300);
    expect(await listedCount(page)).toBe(2);
    await dashboardTotal(page, 2);
    await analysisTotal(page, 2);
    await page.screenshot({ path: '.test-results/numbers-after-disconnect.png', fullPage: true });
  });
});
