import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AppleIngestResponse } from '../../functions/shared/schemas/apple';
import { ActivitiesResponse } from '../../functions/shared/schemas/connections';
import { useBrowserPage } from '../support/chromium';
import { createConfirmedUser, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';

const stack = inject('stack');

const IPHONE = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
};

// A seeded Google simulator user (infra/local/simulators/google/seed-data.ts): runs, hikes, walks and step days.
const AVERY = { sub: '104729384756102938475', healthUserId: 'A7kR2mQ9xL4' };

type Activity = ActivitiesResponse['activities'][number];

async function myActivities(page: Page, query = ''): Promise<Activity[]> {
  const res = await fetch(`${stack.url}/api/activities?limit=50${query}`, {
    headers: { authorization: `Bearer ${await idTokenOf(page)}` },
  });
  expect(res.status).toBe(200);
  return ActivitiesResponse.parse(await res.json()).activities;
}

/** The activity names the list shows, top to bottom. */
const listedNames = (page: Page) =>
  page.getByRole('region', { name: 'Your Activities' }).getByRole('heading', { level: 3 }).allTextContents();

/** Waits until the list shows exactly what the API answers for the same filters, in the same order. */
async function expectListToMatch(page: Page, query: string): Promise<string[]> {
  const expected = (await myActivities(page, query)).map((a) => a.name ?? '');
  await expect.poll(() => listedNames(page), { timeout: 15_000 }).toEqual(expected);
  return expected;
}

async function signUpAndOpenProfile(page: Page, prefix: string): Promise<void> {
  const email = newEmail(prefix);
  await createConfirmedUser(stack, email);
  await signInThroughUi(page, email);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Health Connections' }).waitFor({ timeout: 15_000 });
}

describe('Google Health in a real browser, against the Google simulator', () => {
  const currentPage = useBrowserPage(stack.url);

  it('connects through the consent page, lists the imported workouts, and filters and sorts them', async () => {
    const page = currentPage();
    await signUpAndOpenProfile(page, 'googlehealth');
    const card = page.getByRole('article', { name: 'Google Health' });
    await expect.poll(() => card.textContent()).toContain('Covers Fitbit and Pixel Watch');

    await card.getByRole('button', { name: 'Connect Google Health' }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.googleUrl), { timeout: 15_000 });
    await page.getByLabel('Choose an account').selectOption(AVERY.sub);
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL('**/auth/health/callback?provider=google_health**', { timeout: 15_000 });
    const outcome = page.getByRole('heading', { name: /^(Successfully Connected!|Connection Failed)$/ });
    await outcome.waitFor({ timeout: 45_000 });
    const failure = (await page.getByRole('alert').allTextContents()).join(' ');
    expect(await outcome.textContent(), failure).toBe('Successfully Connected!');
    const marker = await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        'trailbuddy.healthConnected',
      ),
    );
    expect(JSON.parse(marker ?? 'null')).toMatchObject({ provider: 'google_health' });
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    await page.goto('/profile');
    await expect
      .poll(() => card.textContent(), { timeout: 15_000 })
      .toContain(`User ID: ${AVERY.healthUserId.slice(0, 8)}`);
    expect(await card.getByRole('button', { name: 'Disconnect Google Health' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Sync All' }).isVisible()).toBe(true);

    // What the simulator holds for Avery, asked independently of TrailBuddy: its recent workouts are imported.
    const imported = (await myActivities(page)).filter((a) => a.provider_type === 'google_health');
    expect(imported.length, 'the initial sync imported nothing').toBeGreaterThan(0);
    const exercises = (await (
      await fetch(`${stack.googleUrl}/__simulator/users/${AVERY.sub}/exercises`)
    ).json()) as Array<{ displayName: string; startMs: number }>;
    const recentSession = exercises
      .filter((exercise) => exercise.startMs > Date.now() - 29 * 86_400_000 && exercise.startMs < Date.now())
      .sort((a, b) => b.startMs - a.startMs)[0];
    expect(recentSession).toBeDefined();
    expect(imported.map((a) => a.name)).toContain(recentSession!.displayName);

    const all = await expectListToMatch(page, '');
    expect(all).toContain(recentSession!.displayName);
    const region = page.getByRole('region', { name: 'Your Activities' });
    expect(await region.getByText('Google Health', { exact: true }).count()).toBe(all.length);

    // Filter, sort and order: the list follows the API for the same query, and the filter really narrows it.
    await region.getByLabel('Type').selectOption('walk');
    const walks = await expectListToMatch(page, '&type=walk');
    expect(walks.length).toBeGreaterThan(0);
    expect(walks.length).toBeLessThan(all.length);

    await region.getByLabel('Type').selectOption('all');
    await region.getByLabel('Sort by').selectOption('duration');
    await region.getByLabel('Order').selectOption('asc');
    await expectListToMatch(page, '&sort=duration&order=asc');
    const durations = (await myActivities(page, '&sort=duration&order=asc')).map((a) => a.duration_seconds);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));

    await region.getByRole('button', { name: 'Reset Filters' }).click();
    await expectListToMatch(page, '');
  });
});

describe('Apple Health on an iPhone: the Shortcut posts workouts with the ingest token', () => {
  const currentPage = useBrowserPage(stack.url, IPHONE);

  it('issues the token in the setup dialog, accepts a Shortcut payload once, and lists, filters and sorts the workouts', async () => {
    const page = currentPage();
    await signUpAndOpenProfile(page, 'applehealth');
    await expect.poll(() => page.getByTestId('platform-banner').textContent()).toContain('Platform: iOS');

    const card = page.getByRole('article', { name: 'Apple Health' });
    await card.getByRole('button', { name: 'Connect Apple Health' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Apple Health' });
    await dialog.getByRole('button', { name: 'Get Started' }).click();
    await dialog.getByRole('button', { name: 'Get my ingest token' }).click();
    const tokenField = dialog.getByRole('textbox', { name: 'Ingest token' });
    await tokenField.waitFor({ timeout: 15_000 });
    const token = await tokenField.inputValue();
    const ingestUrl = await dialog.getByRole('textbox', { name: 'Ingest URL' }).inputValue();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(ingestUrl).toBe(`${stack.url}/api/apple/ingest`);
    // The header value the dialog gives to paste into the Shortcut (or Health Auto Export) is what the ingest route accepts.
    const authorization = await dialog.getByRole('textbox', { name: 'Authorization header' }).inputValue();
    expect(authorization).toBe(`Bearer ${token}`);

    await dialog.getByRole('button', { name: "I've installed it" }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Test Connection' }).click();
    await dialog.getByText('Connection Verified').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Complete Setup' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Disconnect Apple Health' }).isVisible()).toBe(true);

    // The token lives only on the screen and in the Shortcut, never in the browser's storage.
    const stored = await page.evaluate(() => {
      const g = globalThis as unknown as {
        localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
        sessionStorage: typeof g.localStorage;
      };
      const dump = (s: typeof g.localStorage) =>
        Array.from({ length: s.length }, (_, i) => s.getItem(s.key(i) ?? '')).join('\n');
      return dump(g.localStorage) + dump(g.sessionStorage);
    });
    expect(stored).not.toContain(token);

    // What the Shortcut sends: one workout in Apple's own fields, one in Health Auto Export's, one with steps only.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const withOffset = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} +0000`;
    const payload = {
      health_data: {
        workouts: [
          {
            uuid: randomUUID().toUpperCase(),
            workoutActivityType: 'HKWorkoutActivityTypeHiking',
            sourceName: 'Apple Watch',
            startDate: hoursAgo(50).toISOString(),
            endDate: hoursAgo(48).toISOString(),
            duration: 7200,
            totalDistance: { doubleValue: 8.3, unit: 'km' },
            totalEnergyBurned: { doubleValue: 690, unit: 'kcal' },
            averageHeartRate: 121,
            maxHeartRate: 158,
          },
          {
            id: `hae-${randomUUID()}`,
            name: 'Pool Swim',
            start: withOffset(hoursAgo(30)),
            end: withOffset(hoursAgo(29.4)),
            duration: 2160,
            distance: { qty: 1.2, units: 'km' },
            activeEnergyBurned: { qty: 1590, units: 'kJ' },
            heartRate: { avg: { qty: 128 }, max: { qty: 151 } },
          },
          {
            uuid: randomUUID(),
            workoutActivityType: 'HKWorkoutActivityTypeWalking',
            startDate: hoursAgo(6).toISOString(),
            duration: 1800,
            steps: 3200,
          },
        ],
      },
    };
    const post = () =>
      fetch(ingestUrl, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(AppleIngestResponse.parse(await first.json())).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    // The Shortcut runs again with the same export: nothing is duplicated.
    const again = AppleIngestResponse.parse(await (await post()).json());
    expect(again).toMatchObject({ accepted: 0, duplicates: 3 });

    await page.reload();
    const region = page.getByRole('region', { name: 'Your Activities' });
    const all = await expectListToMatch(page, '');
    expect(all).toEqual(['Walking', 'Pool Swim', 'Hiking']);
    expect(await region.getByText('Apple Health', { exact: true }).count()).toBe(3);
    const walk = region.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Walking' }) });
    // Steps only: 3200 × 0.75 m.
    expect(await walk.textContent()).toContain('2.4 km');

    await region.getByLabel('Type').selectOption('hike');
    expect(await expectListToMatch(page, '&type=hike')).toEqual(['Hiking']);
    await region.getByLabel('Type').selectOption('swim');
    expect(await expectListToMatch(page, '&type=swim')).toEqual(['Pool Swim']);

    await region.getByLabel('Type').selectOption('all');
    await region.getByLabel('Sort by').selectOption('distance');
    expect(await expectListToMatch(page, '&sort=distance')).toEqual(['Hiking', 'Walking', 'Pool Swim']);
    await region.getByLabel('Order').selectOption('asc');
    expect(await expectListToMatch(page, '&sort=distance&order=asc')).toEqual(['Pool Swim', 'Walking', 'Hiking']);

    // A wrong token writes nothing.
    const refused = await fetch(ingestUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${[...token].reverse().join('')}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(refused.status).toBe(401);
    expect((await myActivities(page)).length).toBe(3);
  });
});
