import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ActivitiesResponse } from '../../functions/shared/schemas/connections';
import { ProfileResponse } from '../../functions/shared/schemas/profile';
import { TABLE_IDS, tableEnvVar } from '../../functions/shared/tables';
import { useBrowserPage } from '../support/chromium';
import { E2E_PASSWORD, idTokenOf, newEmail, signUpThroughUi } from '../support/e2e-accounts';
import { newStravaAthlete, SEEDED } from '../support/strava-athletes';
import { simulatorControl } from '../support/simulator-control';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface SimRequest {
  method: string;
  path: string;
  status: number;
  athleteId?: number;
}

/** How many times Strava was told to deauthorize `athleteId` (other suites' athletes are theirs). */
const successfulDeauthorizations = async (athleteId: number) =>
  (await simulatorControl<SimRequest[]>(stack.stravaUrl, 'GET', 'requests')).filter(
    (r) => r.method === 'POST' && r.path === '/oauth/deauthorize' && r.status === 200 && r.athleteId === athleteId,
  ).length;

async function api<T>(path: string, token: string, parse: (json: unknown) => T): Promise<T> {
  const response = await fetch(`${stack.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return parse(await response.json());
}

/** The `sub` claim of a JWT (the user id every table keys by). */
function subOf(idToken: string): string {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return payload.sub;
}

/** Every item in every table of the local stack that mentions `userId` anywhere, as "table: pk | sk". */
async function itemsMentioning(userId: string): Promise<string[]> {
  const env = stack.dynamoEnv;
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: env.AWS_REGION ?? 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const found: string[] = [];
  try {
    for (const table of TABLE_IDS) {
      for await (const page of paginateScan({ client }, { TableName: env[tableEnvVar(table)] })) {
        for (const item of page.Items ?? [])
          if (JSON.stringify(item).includes(userId)) found.push(`${table}: ${item.pk} | ${item.sk}`);
      }
    }
  } finally {
    client.destroy();
  }
  return found;
}

async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy rightly refuses inline scripts.
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

describe('an account from sign-up to deletion, in a real browser', () => {
  it('signs up, fills in the profile, connects Strava, deletes everything, and can no longer sign in', async () => {
    const page = currentPage();
    const email = newEmail('leaver');
    await signUpThroughUi(page, stack, email);
    const userId = subOf(await idTokenOf(page));

    // Connect Strava through the simulator's consent page, as an athlete of this journey's own (deauthorizing
    // here revokes nobody else's tokens).
    const athlete = await newStravaAthlete(stack.stravaUrl, SEEDED.sofia);
    await page.getByRole('button', { name: 'Connect with Strava' }).first().click();
    await page.waitForURL((url) => url.href.startsWith(stack.stravaUrl), { timeout: 15_000 });
    await page.getByLabel('Signed in to Strava as').selectOption(String(athlete.id));
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/dashboard?strava=connected', { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(`Welcome, ${athlete.firstname}!`);
    const imported = await api(
      '/activities?limit=50',
      await idTokenOf(page),
      (json) => ActivitiesResponse.parse(json).activities,
    );
    expect(imported.length).toBeGreaterThan(0);

    // Fill in the partner profile and save it.
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Partner Profile' });
    await form.getByLabel('Display name').waitFor({ timeout: 15_000 });
    await form.getByLabel('Display name').fill('Leaving Soon');
    await form.getByRole('combobox', { name: 'Home area' }).selectOption({ label: 'North Vancouver' });
    await form.getByLabel('Hiking').check();
    await form.getByLabel('Weekends').check();
    await form.getByLabel('Short bio').fill('Here for one journey.');
    await form.getByLabel('Let other members find me').check();
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => page.getByText('Profile saved.').isVisible(), { timeout: 15_000 }).toBe(true);
    const saved = await api('/profile', await idTokenOf(page), (json) => ProfileResponse.parse(json));
    expect(saved.settings).toMatchObject({
      displayName: 'Leaving Soon',
      homeArea: 'north-vancouver',
      activities: ['hiking'],
      availability: ['weekends'],
      discoverable: true,
    });
    await page.reload();
    await expect.poll(() => form.getByLabel('Display name').inputValue(), { timeout: 15_000 }).toBe('Leaving Soon');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await itemsMentioning(userId)).not.toEqual([]);
    // A second tab's token, still unexpired after the deletion.
    const staleToken = await idTokenOf(page);

    // Delete the account through the confirmation dialog.
    expect(await successfulDeauthorizations(athlete.id)).toBe(0);
    await page.getByRole('button', { name: 'Delete my account and data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account and data?' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete Forever' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await expect
      .poll(() => page.getByText('Your account and data have been deleted.').isVisible(), { timeout: 10_000 })
      .toBe(true);

    // Nothing of the user is left in any table but the tombstone that refuses their tokens, Strava was told,
    // and the browser holds no session.
    expect(await itemsMentioning(userId)).toEqual([`users: DELETED_USER#${userId} | TOMBSTONE`]);
    expect(await successfulDeauthorizations(athlete.id)).toBe(1);
    await expect(idTokenOf(page)).rejects.toThrow('No ID token in the browser');
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });

    // The stale token is refused and recreates nothing.
    const stale = await fetch(`${stack.url}/api/me`, { headers: { authorization: `Bearer ${staleToken}` } });
    expect(stale.status).toBe(401);
    expect(await itemsMentioning(userId)).toEqual([`users: DELETED_USER#${userId} | TOMBSTONE`]);

    // The Cognito user is gone: signing in fails, directly and through the UI.
    const cognito = new CognitoIdentityProviderClient({
      endpoint: stack.cognitoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const signIn = cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: E2E_PASSWORD },
        }),
      );
      await expect(signIn).rejects.toMatchObject({
        name: expect.stringMatching(/UserNotFoundException|NotAuthorizedException/),
      });
    } finally {
      cognito.destroy();
    }
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toContain('/login');
  }, 180_000); // one long journey through sign-up, a provider's consent page and deletion
});
