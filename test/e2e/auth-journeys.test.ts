import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../support/chromium';
import { confirmationCodeFor } from '../support/mailbox';
import {
  createConfirmedUser as createConfirmedUserIn,
  E2E_PASSWORD as PASSWORD,
  gotoHydratedLogin,
  gotoHydratedSignUp,
  newEmail,
  signUpThroughUi,
} from '../support/e2e-accounts';

const stack = inject('stack');
const currentPage = useBrowserPage(stack.url);

const createConfirmedUser = (email: string) => createConfirmedUserIn(stack, email);

describe('accounts in a real browser against the local stack', () => {
  it('signs up, confirms, lands on the dashboard, reaches the API as that user, and signs out', async () => {
    const page = currentPage();
    const email = newEmail();
    await signUpThroughUi(page, stack, email);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toMatch(/^Welcome, /);
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);

    // The profile reads /api/me through the JWT authorizer: the API knows this user by their token.
    await page.goto('/profile');
    await expect.poll(() => page.getByText(email).first().isVisible(), { timeout: 15_000 }).toBe(true);

    // The landing and terms pages are static for a signed-out visitor; a signed-in one still gets their own header.
    for (const path of ['/', '/terms']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
    }

    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
  });

  it('says the same for a wrong password and for an email with no account (which accounts exist is not revealed)', async () => {
    const page = currentPage();
    const email = newEmail();
    await createConfirmedUser(email);
    const messages: string[] = [];
    for (const [who, password] of [
      [email, 'Wrong-password-1'],
      [newEmail('nobody'), PASSWORD],
    ] as const) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(who);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.isVisible(), { timeout: 15_000 }).toBe(true);
      messages.push((await alert.textContent()) ?? '');
      expect(new URL(page.url()).pathname).toBe('/login');
    }
    expect(messages).toEqual(['Incorrect email or password.', 'Incorrect email or password.']);
  });

  it('signs in with what was typed into the prerendered form before its code arrived, never putting it in the URL', async () => {
    const page = currentPage();
    const email = newEmail('early');
    await createConfirmedUser(email);
    // The forms' code is a chunk of its own that loads on first use: hold it back until the form has been sent.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const formsCode = '**/assets/auth-forms-*.js';
    const requested: string[] = [];
    await page.route(formsCode, async (route) => {
      requested.push(route.request().url());
      await released;
      await route.continue();
    });
    await gotoHydratedLogin(page);
    expect(requested).toEqual([]);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => requested.length).toBe(1);
    expect(new URL(page.url()).search).toBe('');
    release();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
    await page.unroute(formsCode);
  });

  it('resets a forgotten password with the emailed code (printed locally) and signs in with the new one', async () => {
    const page = currentPage();
    const email = newEmail('forgetful');
    await createConfirmedUser(email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Code' }).click();
    // The code field appears once ForgotPassword has answered, i.e. once the emulator holds the new code (reading
    // earlier could find the sign-up code still on the record of a user confirmed by AdminConfirmSignUp).
    // A failure names what the page shows instead (an error, or the form still asking for the email).
    const codeStep = async () => {
      if (await page.getByLabel('Code', { exact: true }).isVisible()) return 'code field';
      const alerts = await page.getByRole('alert').allInnerTexts();
      const typed = await page
        .getByLabel('Email')
        .inputValue({ timeout: 1_000 })
        .catch(() => '(no email field)');
      return `no code field; alerts ${JSON.stringify(alerts)}; email "${typed}"`;
    };
    await expect.poll(codeStep, { timeout: 30_000 }).toBe('code field');
    const code = await confirmationCodeFor(stack.cognitoDataDir, stack.userPoolId, email);
    await page.getByLabel('Code', { exact: true }).fill(code);
    // The form checks the pool's rules before sending anything.
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm new password').fill('abc');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect
      .poll(() => page.getByText('Choose a password that meets every requirement listed.').isVisible())
      .toBe(true);

    await page.getByLabel('New password', { exact: true }).fill('New-Trail-2027');
    await page.getByLabel('Confirm new password').fill('New-Trail-2027');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/dashboard', { timeout: 20_000 });

    const cognito = new CognitoIdentityProviderClient({
      endpoint: stack.cognitoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const signIn = (password: string) =>
      cognito
        .send(
          new InitiateAuthCommand({
            ClientId: stack.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        )
        .then(
          () => 'signed in',
          (error: Error) => error.name,
        );
    expect(await signIn(PASSWORD)).toBe('NotAuthorizedException');
    expect(await signIn('New-Trail-2027')).toBe('signed in');
    cognito.destroy();
  });

  it('brings a deep link opened while signed out back after sign-in', async () => {
    const page = currentPage();
    const email = newEmail();
    await createConfirmedUser(email);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: 20_000 });
    await expect.poll(() => page.getByText(email).first().isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('refuses mismatched passwords with "Passwords do not match" and sends nothing', async () => {
    const page = currentPage();
    const authRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(stack.cognitoEndpoint)) authRequests.push(request.url());
    });
    await gotoHydratedSignUp(page);
    await page.getByLabel('Email').fill(newEmail());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(`${PASSWORD}-typo`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    // Not a fixed sleep: wait until the page has made no request for a while, then check none went to Cognito.
    await page.waitForLoadState('networkidle');
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
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
      .toMatch(/^Welcome, /);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('sends a signed-out visitor of a protected route to /login', async () => {
    const page = currentPage();
    for (const path of ['/dashboard', '/profile', '/analysis', '/find-partners']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    }
  });

  it('shows the health JSON from the Test Database Connection link', async () => {
    const page = currentPage();
    await gotoHydratedLogin(page);
    // The form is enabled before /config.json arrives; the link's boundary waits for it. Until React has hydrated the
    // prerendered link, a click follows its href to the raw report instead of showing it in an alert.
    const link = page.getByRole('link', { name: 'Test Database Connection' });
    await expect
      .poll(() => link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))), {
        timeout: 30_000,
      })
      .toBe(true);
    const dialog = page.waitForEvent('dialog');
    await link.or(page.getByRole('button', { name: 'Test Database Connection' })).click();
    const shown = await dialog;
    const report = JSON.parse(shown.message()) as { status: string; tables: { table: string; reachable: boolean }[] };
    await shown.dismiss();
    expect(report.status).toBe('ok');
    expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['users', 'connections', 'activities']));
  });
});
