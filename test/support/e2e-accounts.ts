import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { confirmationCodeFor } from './mailbox';

export const E2E_PASSWORD = 'Trail-Buddy-2026';

export interface StackInfo {
  url: string;
  cognitoEndpoint: string;
  cognitoDataDir: string;
  userPoolId: string;
  clientId: string;
}

export const newEmail = (prefix = 'hiker') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Signs a user up and confirms them as an administrator would (for journeys that start signed in; the sign-up
 * journeys confirm with the emailed code). Reading the code from the emulator's data file raced with other browser
 * suites signing up at the same time, which keep rewriting that file.
 */
export async function createConfirmedUser(stack: StackInfo, email: string): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(
      new SignUpCommand({
        ClientId: stack.clientId,
        Username: email,
        Password: E2E_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.userPoolId, Username: email }));
    // An admin-confirmed sign-up has not verified its email (Cognito and cognito-local alike); the API wants it verified.
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.userPoolId,
        Username: email,
        // cognito-local (like Cognito) takes email_verified only beside the email it verifies.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } finally {
    cognito.destroy();
  }
}

/**
 * /login is prerendered: its links work as plain links at once, but a click before hydration is a full page load
 * (and "Test Database Connection" then shows the JSON page instead of its dialog). The form's fieldset is enabled once
 * the page is hydrated; journeys that test the in-app behaviour wait for that first (under CI's load it took seconds).
 */
export async function gotoHydratedLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
}

/**
 * The sign-up form, reached as a visitor does: the link on a hydrated /login. The link navigates in a transition,
 * so the sign-in form (its own Email field) stays on screen a moment after the click: wait for the sign-up form
 * before typing, or the email goes into a field about to be replaced.
 */
export async function gotoHydratedSignUp(page: Page): Promise<void> {
  await gotoHydratedLogin(page);
  await page
    .getByRole('link', { name: 'Need an account? Sign up' })
    .or(page.getByRole('button', { name: 'Need an account? Sign up' }))
    .click();
  await page.getByLabel('Confirm Password').waitFor();
}

/** Signs up through the form, confirms with the emailed code (read from the emulator), and lands on the dashboard. */
export async function signUpThroughUi(page: Page, stack: StackInfo, email: string): Promise<void> {
  await gotoHydratedSignUp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect
    .poll(() => page.getByText('Check your email for the confirmation code!').isVisible(), { timeout: 15_000 })
    .toBe(true);
  await page
    .getByLabel('Confirmation code')
    .fill(await confirmationCodeFor(stack.cognitoDataDir, stack.userPoolId, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

export async function signInThroughUi(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}

/** The ID token Amplify keeps for the signed-in user, to call the API as that user from the test. */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    // Runs in the page; typed structurally because this project's Node tsconfig has no DOM lib.
    const storage = (
      globalThis as unknown as {
        localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
      }
    ).localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken')) return storage.getItem(key);
    }
    return null;
  });
  if (!token) throw new Error('No ID token in the browser: is the user signed in?');
  return token;
}
