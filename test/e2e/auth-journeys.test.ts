import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/chromium';
import { confirmationCodeFor } from '../support/mailbox';
import { createConfirmedUser as createConfirmedUserIn, E2E_PASSWORD as PASSWORD, newEmail } from '../support/e2e-accounts';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);


const createConfirmedUser = (email: string) => createConfirmedUserIn(stack, email);

describe('accounts in a real browser against the local stack', () => {
  it('signs up, confirms, lands on the dashboard, reaches the API as that user, and signs out', async () => {
    const page = currentPage();
    const email = newEmail();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Need an account? Sign up' }).or(page.getByRole('button', { name: 'Need an account? Sign up' })).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect.poll(() => page.getByText('Check your email for the confirmation code!').isVisible(), { timeout: 15_000 }).toBe(true);
    const code = await confirmationCodeFor(stack.cognitoDataDir, stack.userPoolId, email);
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toMatch(/^Welcome, /);
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);

    // The profile reads /api/me through the JWT authorizer: the API knows this user by their token.
    await page.goto('/profile');
    await expect.poll(() => page.getByText(email).first().isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.goto('/dashboard');
    await page.waitForURL('**/login', { timeout: 15_000 });
  });

  it('shows the provider message in red when the password is wrong', async () => {
    const page = currentPage();
    const email = newEmail();
    await createConfirmedUser(email);
    // What the auth provider itself answers for a wrong password, asked directly.
    const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const providerMessage = await cognito
      .send(new InitiateAuthCommand({ ClientId: stack.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'Wrong-password-1' } }))
      .then(() => 'signed in?!', (error: Error) => error.message);
    cognito.destroy();

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert').filter({ hasText: providerMessage });
    await expect.poll(() => alert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toContain('/login');
  });

  it('refuses mismatched passwords with "Passwords do not match" and sends nothing', async () => {
    const page = currentPage();
    const authRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(stack.cognitoEndpoint)) authRequests.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Need an account? Sign up' }).or(page.getByRole('button', { name: 'Need an account? Sign up' })).click();
    await page.getByLabel('Email').fill(newEmail());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(`${PASSWORD}-typo`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await page.waitForTimeout(500);
    expect(authRequests).toEqual([]);
  });

  it('enters demo mode from the login page without an account', async () => {
    const page = currentPage();
    const authRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(stack.cognitoEndpoint)) authRequests.push(request.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Start Demo Mode' }).click();
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Welcome, /);
    expect(authRequests).toEqual([]);
  });

  it('enters demo mode from ?demo=true', async () => {
    const page = currentPage();
    await page.goto('/dashboard?demo=true');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 }).toMatch(/^Welcome, /);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('sends a signed-out visitor of a protected route to /login', async () => {
    const page = currentPage();
    for (const path of ['/dashboard', '/profile', '/analysis', '/find-partners']) {
      await page.goto(path);
      await page.waitForURL('**/login', { timeout: 10_000 });
    }
  });

  it('shows the health JSON from the Test Database Connection link', async () => {
    const page = currentPage();
    await page.goto('/login');
    const dialog = page.waitForEvent('dialog');
    await page.getByRole('link', { name: 'Test Database Connection' }).or(page.getByRole('button', { name: 'Test Database Connection' })).click();
    const shown = await dialog;
    const report = JSON.parse(shown.message()) as { status: string; tables: { table: string; reachable: boolean }[] };
    await shown.dismiss();
    expect(report.status).toBe('ok');
    expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['users', 'connections', 'activities']));
  });
});
