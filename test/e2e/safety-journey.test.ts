import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_GROUP_ACTIVITY_FORM, planDateOf } from '../../functions/shared/schemas/group-activities';
import { useBrowserPage } from '../support/chromium';
import { nearbyInNorthVancouver, secondSession } from '../support/e2e-activities';
import { createConfirmedUser, E2E_PASSWORD, idTokenOf, newEmail, signInThroughUi } from '../support/e2e-accounts';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

async function api(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${stack.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await idTokenOf(page)}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function addToModerators(email: string): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: 'moderators' }),
    );
  } finally {
    cognito.destroy();
  }
}

describe('reports and moderation in a real browser', () => {
  it('three people report C’s activity, it is hidden; a moderator suspends C, and C can no longer sign in', async () => {
    const pageC = currentPage();
    const [emailA, emailB, emailC, emailD, emailM] = [
      newEmail('reporter-a'),
      newEmail('reporter-b'),
      newEmail('reported-c'),
      newEmail('reporter-d'),
      newEmail('moderator'),
    ];
    // One at a time: the emulator writes its users to one file.
    for (const email of [emailA, emailB, emailC, emailD, emailM]) await createConfirmedUser(stack, email);

    // C plans an activity (through the API; the form has its own journey).
    await signInThroughUi(pageC, emailC);
    const title = `Shady meetup ${Date.now().toString(36)}`;
    const created = await api(pageC, '/group-activities', {
      method: 'POST',
      body: {
        ...DEFAULT_GROUP_ACTIVITY_FORM,
        title,
        date: planDateOf(new Date(Date.now() + 3 * 86_400_000)),
        time: '08:00',
        location: 'Lynn Canyon',
        area: 'north-vancouver',
      },
    });
    expect(created.status).toBe(201);
    const createdBody = (await created.json()) as { id?: string; activity?: { id: string } };
    const activityId = createdBody.activity?.id ?? createdBody.id;
    expect(activityId).toBeTruthy();

    // A, B and D each report it from the activity's page and are told what happens next.
    let lastReporter: { page: Page; close: () => Promise<void> } | null = null;
    for (const email of [emailA, emailB, emailD]) {
      await lastReporter?.close();
      const session = await secondSession(pageC, stack.url);
      lastReporter = session;
      await signInThroughUi(session.page, email);
      await session.page.goto(`/plan-activity/${activityId}`);
      await session.page.getByRole('button', { name: `Report ${title}` }).click({ timeout: 15_000 });
      const dialog = session.page.getByRole('dialog', { name: 'Report this activity' });
      await dialog.getByLabel('Reason').selectOption('unsafe');
      await dialog.getByLabel('Note (optional)').fill('Asks people to bring cash.');
      if (process.env.SAFETY_SCREENSHOTS && email === emailA) {
        for (const width of [390, 1280]) {
          await session.page.setViewportSize({ width, height: 800 });
          await session.page.screenshot({ path: `${process.env.SAFETY_SCREENSHOTS}/report-dialog-${width}.png` });
        }
      }
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect
        .poll(() => session.page.getByRole('dialog', { name: 'Report sent' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await session.page.getByRole('dialog', { name: 'Report sent' }).textContent()).toContain(
        'A moderator will review your report',
      );
    }

    // Three distinct reporters: the activity is hidden from others (the last reporter's page no longer finds it).
    const reporterPage = lastReporter!.page;
    expect((await api(reporterPage, `/group-activities/${activityId}`)).status).toBe(404);
    await lastReporter!.close();

    // M joins the moderators group, signs in (so the token carries the group) and suspends C from /moderation.
    await addToModerators(emailM);
    const m = await secondSession(pageC, stack.url);
    try {
      await signInThroughUi(m.page, emailM);
      const link = m.page.getByRole('link', { name: 'Moderation' }).first();
      await link.waitFor({ state: 'attached', timeout: 15_000 });
      await m.page.goto('/moderation');
      const item = m.page.getByRole('listitem').filter({ hasText: 'Asks people to bring cash.' }).first();
      await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await item.textContent()).toContain('3 people');
      if (process.env.SAFETY_SCREENSHOTS) {
        for (const width of [390, 1280]) {
          await m.page.setViewportSize({ width, height: 900 });
          await m.page.screenshot({
            path: `${process.env.SAFETY_SCREENSHOTS}/moderation-${width}.png`,
            fullPage: true,
          });
        }
      }
      await item.getByRole('button', { name: /^Suspend account/ }).click();
      await m.page
        .getByRole('alertdialog', { name: 'Suspend this account?' })
        .getByRole('button', { name: 'Suspend account' })
        .click();
      await expect.poll(() => m.page.getByText('Account suspended.').isVisible(), { timeout: 15_000 }).toBe(true);
    } finally {
      await m.close();
    }

    // C is signed out elsewhere; a fresh sign-in is refused with an error on the login page.
    const fresh = await secondSession(pageC, stack.url);
    try {
      await fresh.page.goto('/login');
      await fresh.page.getByLabel('Email').fill(emailC);
      await fresh.page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      await fresh.page.getByRole('button', { name: 'Sign In' }).click();
      const alert = fresh.page.getByRole('alert');
      await expect.poll(() => alert.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(fresh.page.url()).toContain('/login');
    } finally {
      await fresh.close();
    }
  }, 180_000); // one long journey: five accounts, five sign-ins through the form (66 s on the 2-core CI machine under load)

  it('a non-moderator opening /moderation is told it is not available', async () => {
    const page = currentPage();
    const email = newEmail('curious');
    await createConfirmedUser(stack, email);
    await signInThroughUi(page, email);
    await page.goto('/moderation');
    await expect
      .poll(() => page.getByText('Moderation is not available for your account.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
  });

  it('someone A blocked can no longer find or join A’s group activity', async () => {
    const pageA = currentPage();
    const [emailA, emailB] = [newEmail('blocker-a'), newEmail('blocked-b')];
    for (const email of [emailA, emailB]) await createConfirmedUser(stack, email);
    await signInThroughUi(pageA, emailA);
    const title = `Quiet loop ${Date.now().toString(36)}`;
    const created = await api(pageA, '/group-activities', {
      method: 'POST',
      body: {
        ...DEFAULT_GROUP_ACTIVITY_FORM,
        title,
        date: planDateOf(new Date(Date.now() + 3 * 86_400_000)),
        time: '09:00',
        location: 'Lynn Canyon',
        area: 'north-vancouver',
      },
    });
    expect(created.status).toBe(201);
    const createdBody = (await created.json()) as { id?: string; activity?: { id: string } };
    const activityId = createdBody.activity?.id ?? createdBody.id;

    const b = await secondSession(pageA, stack.url);
    try {
      await signInThroughUi(b.page, emailB);
      const { id: userB } = (await (await api(b.page, '/me')).json()) as { id: string };
      expect((await api(pageA, `/partners/${userB}/block`, { method: 'POST' })).status).toBeLessThan(300);

      const nearby = await nearbyInNorthVancouver(b.page);
      await b.page.waitForLoadState('networkidle');
      expect(await nearby.getByText(title).count()).toBe(0);
      const join = await api(b.page, `/group-activities/${activityId}/join`, { method: 'POST' });
      expect(join.status).toBeGreaterThanOrEqual(400);
      expect(join.status).toBeLessThan(500);
    } finally {
      await b.close();
    }
  });
});
