import { describe, expect, inject, it } from 'vitest';
import { ActivitiesResponse } from '../../functions/shared/schemas/connections';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';
import { newStravaAthlete, SEEDED } from '../support/strava-athletes';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

const MISSING =
  "TrailBuddy needs permission to view data about your activities. Reconnect and keep 'View data about your activities' ticked.";

async function myActivities(): Promise<ActivitiesResponse['activities']> {
  const res = await fetch(`${stack.url}/api/activities?limit=50`, {
    headers: { authorization: `Bearer ${await idTokenOf(currentPage())}` },
  });
  expect(res.status).toBe(200);
  return ActivitiesResponse.parse(await res.json()).activities;
}

/** On the simulator's consent page: pick the athlete, set the activity checkbox, Authorize. */
async function consent(athleteId: number, activityPermission: boolean): Promise<void> {
  const page = currentPage();
  await page.waitForURL((url) => url.href.startsWith(stack.stravaUrl), { timeout: 15_000 });
  await page.getByLabel('Signed in to Strava as').selectOption(String(athleteId));
  await page
    .getByRole('checkbox', { name: 'View data about your activities', exact: true })
    .setChecked(activityPermission);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

describe('Strava connect without the activity permission, in a real browser', () => {
  it('names the missing permission, then Reconnect with it ticked connects with activities', async () => {
    const page = currentPage();
    const email = newEmail('noactivity');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    // An athlete of this journey's own, with a history like the seeded Sofia's.
    const athlete = await newStravaAthlete(stack.stravaUrl, SEEDED.sofia);

    await page.getByRole('button', { name: 'Connect with Strava' }).first().click();
    await consent(athlete.id, false);

    await expect
      .poll(() => page.getByRole('heading', { name: 'Strava Permission Missing' }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(page.url()).toContain('/auth/strava/callback');
    expect(await page.getByRole('alert').first().textContent()).toContain(MISSING);
    expect(await page.getByText('Successfully connected').count()).toBe(0);
    expect(await myActivities()).toEqual([]);

    // Keyboard: focus the Reconnect button and press Enter.
    const reconnect = page.getByRole('button', { name: 'Reconnect Strava' });
    await reconnect.focus();
    await page.keyboard.press('Enter');
    await consent(athlete.id, true);

    await page.waitForURL('**/dashboard?strava=connected', { timeout: 30_000 });
    await expect.poll(async () => (await myActivities()).length, { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
