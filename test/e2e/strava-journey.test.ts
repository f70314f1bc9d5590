import { describe, expect, inject, it } from 'vitest';
import { ActivitiesResponse } from '../../functions/shared/schemas/connections';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { newStravaAthlete, SEEDED } from '../support/strava-athletes';
import { simulatorControl } from '../support/simulator-control';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

interface SimActivity {
  id: number;
  name: string;
  start_date: string;
  /** 'only_me' activities need activity:read_all, which TrailBuddy does not ask for. */
  visibility: string;
}

const simulator = <T>(method: string, path: string, body?: unknown) =>
  simulatorControl<T>(stack.stravaUrl, method, path, body);

/** The status of one of the user's import jobs, as GET /api/connections/jobs reports it. */
async function jobStatus(jobId: string): Promise<string | undefined> {
  const res = await fetch(`${stack.url}/api/connections/jobs`, {
    headers: { authorization: `Bearer ${await idTokenOf(currentPage())}` },
  });
  expect(res.status).toBe(200);
  const { jobs } = (await res.json()) as { jobs: { id: string; status: string }[] };
  return jobs.find((candidate) => candidate.id === jobId)?.status;
}

async function myActivities(): Promise<ActivitiesResponse['activities']> {
  const res = await fetch(`${stack.url}/api/activities?limit=50`, {
    headers: { authorization: `Bearer ${await idTokenOf(currentPage())}` },
  });
  expect(res.status).toBe(200);
  return ActivitiesResponse.parse(await res.json()).activities;
}

async function connectThroughConsent(athleteId: number, decision: 'Authorize' | 'Cancel'): Promise<void> {
  const page = currentPage();
  await page.getByRole('button', { name: 'Connect with Strava' }).first().click();
  await page.waitForURL((url) => url.href.startsWith(stack.stravaUrl), { timeout: 15_000 });
  await page.getByLabel('Signed in to Strava as').selectOption(String(athleteId));
  await page.getByRole('button', { name: decision }).click();
}

/** Presses Sync now and answers the id of the import job the API started for it. */
async function syncThroughButton(): Promise<string> {
  const page = currentPage();
  const synced = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/connections\/strava\/sync$/.test(new URL(response.url()).pathname),
    { timeout: 30_000 },
  );
  const button = page.getByRole('button', { name: 'Sync now' }).first();
  await button.waitFor({ state: 'visible', timeout: 30_000 });
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  await button.click();
  const answer = await synced;
  expect(answer.status()).toBe(202);
  const { job } = (await answer.json()) as { job: { id: string } };
  return job.id;
}

describe('Strava in a real browser, against the simulator', () => {
  it('connects through the consent page, imports recent activities, and re-syncs only what is new', async () => {
    const page = currentPage();
    const email = newEmail('strava');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    // An athlete of this journey's own who trains like the seeded Liam (bikes, hikes, trail runs).
    const athlete = await newStravaAthlete(stack.stravaUrl, SEEDED.liam);

    await connectThroughConsent(athlete.id, 'Authorize');
    await page.waitForURL('**/dashboard?strava=connected', { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(`Welcome, ${athlete.firstname}!`);

    // What Strava holds for the athlete, asked independently of TrailBuddy: the newest one must be shown.
    const athleteActivities = await simulator<SimActivity[]>('GET', `athletes/${athlete.id}/activities`);
    const imported = await myActivities();
    // The whole 30-day window, every page of it (Strava shows 'Only You' activities only with activity:read_all).
    const windowStart = Date.now() - 30 * 86_400_000;
    const inWindow = athleteActivities.filter(
      (a) => a.visibility !== 'only_me' && Date.parse(a.start_date) > windowStart,
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.map((a) => a.provider_activity_id).sort()).toEqual(inWindow.map((a) => String(a.id)).sort());
    const newestAtStrava = athleteActivities.find((a) => a.visibility !== 'only_me')!;
    expect(imported.map((a) => a.provider_activity_id)).toContain(String(newestAtStrava.id));
    const recent = page
      .getByRole('region', { name: 'Recent Activities' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Recent Activities' }) }));
    await expect.poll(() => recent.getByText(newestAtStrava.name).first().isVisible(), { timeout: 15_000 }).toBe(true);

    // A new workout at Strava: the next sync brings exactly that one.
    const added = await simulator<SimActivity>('POST', `athletes/${athlete.id}/activities`, {
      name: 'E2E Sunrise Loop',
      sport: 'Run',
      startDate: new Date(Date.now() - 30 * 60_000).toISOString(),
    });
    // The sync is a background job: wait for its 202, then for the job to finish, then for the list to show it.
    const firstSync = await syncThroughButton();
    await expect.poll(() => jobStatus(firstSync), { timeout: 60_000, interval: 500 }).toBe('done');
    await expect.poll(() => recent.getByText('E2E Sunrise Loop').first().isVisible(), { timeout: 30_000 }).toBe(true);
    const afterSync = await myActivities();
    expect(afterSync.length).toBe(imported.length + 1);
    expect(afterSync.filter((a) => a.provider_activity_id === String(added.id))).toHaveLength(1);

    // Syncing again with nothing new changes nothing: wait for that job to finish, then compare.
    const secondSync = await syncThroughButton();
    await expect.poll(() => jobStatus(secondSync), { timeout: 60_000, interval: 500 }).toBe('done');
    expect((await myActivities()).length).toBe(afterSync.length);
  }, 180_000);

  it('lands on /profile?error=access_denied when the athlete denies access', async () => {
    const page = currentPage();
    const email = newEmail('denied');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    await connectThroughConsent((await newStravaAthlete(stack.stravaUrl, SEEDED.liam)).id, 'Cancel');
    await page.waitForURL('**/profile?error=access_denied', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('alert').first().isVisible()).toBe(true);
  });
});
