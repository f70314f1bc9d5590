import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GuestOnlyRoute } from '@/app/route-guards';
import LoginPage from '@/features/auth/routes/login-page';
import { GOOGLE_NOT_CONFIGURED_MESSAGE } from '@/lib/auth';
import { lazyRuntimeConfig } from '@/lib/runtime-config-source';
import { createFakeApiClient, createFakeAuthService, renderRoutes, type FakeAuthService } from '../../../test-utils';

const routes = [
  {
    path: '/login',
    element: (
      <GuestOnlyRoute>
        <LoginPage />
      </GuestOnlyRoute>
    ),
  },
  { path: '/dashboard', element: <h1>Dashboard stand-in</h1> },
  { path: '/plan-activity', element: <h1>Plan stand-in</h1> },
  { path: '/', element: <h1>Home stand-in</h1> },
];

async function renderLogin({
  path = '/login',
  service = createFakeAuthService(null),
  apiClient = createFakeApiClient(),
} = {}) {
  const rendered = renderRoutes(routes, { path, service, apiClient });
  await screen.findByRole('heading', { level: 1 });
  // The forms are a chunk of their own: a fresh render asks for it at once.
  await screen.findByLabelText('Email');
  return { ...rendered, service: service as FakeAuthService, apiClient };
}

function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

async function fillSignUp(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return user;
}

describe('LoginPage — sign in', () => {
  it('shows the sign-in form with labelled, required inputs and the Google option', async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('is usable while /config.json is still loading: only the connection test link waits for it', async () => {
    const config = lazyRuntimeConfig(never);
    renderRoutes(routes, { path: '/login', service: createFakeAuthService(null), config });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Test Database Connection' })).not.toBeInTheDocument();
  });

  it('reads "Signing in..." while the sign-in is pending', async () => {
    const service = createFakeAuthService(null);
    service.signIn.mockReturnValue(never());
    await renderLogin({ service });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'hunter22');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(service.signIn).toHaveBeenCalledWith('sam@example.com', 'hunter22');
  });

  it('shows one message for a wrong password and an unknown email (no account enumeration), and lets the user retry', async () => {
    const service = createFakeAuthService(null);
    const { router } = await renderLogin({ service });
    const user = userEvent.setup();
    const messages: string[] = [];
    for (const failure of [
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
      Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }),
    ]) {
      service.signIn.mockRejectedValueOnce(failure);
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'sam@example.com');
      await user.clear(screen.getByLabelText('Password'));
      await user.type(screen.getByLabelText('Password'), 'wrong');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      messages.push((await screen.findByRole('alert')).textContent ?? '');
    }
    expect(messages).toEqual(['Incorrect email or password.', 'Incorrect email or password.']);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to the dashboard after a successful sign-in', async () => {
    const { router, service } = await renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(service.signIn).toHaveBeenCalledTimes(1);
  });

  it('asks for the confirmation code when the account was never confirmed', async () => {
    const service = createFakeAuthService(null);
    service.signIn.mockResolvedValueOnce('confirmSignUp');
    await renderLogin({ service });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw-123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Confirmation code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(service.confirmSignUp).toHaveBeenCalledWith('new@example.com', '123456');
  });

  it('shows why a Google redirect sign-in failed', async () => {
    const { service } = await renderLogin();
    act(() => service.emit({ type: 'redirectFailed', message: 'The user cancelled the sign-in.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The user cancelled the sign-in.');
  });
});

describe('LoginPage — Google', () => {
  it('reads "Connecting to Google..." while the redirect starts', async () => {
    const service = createFakeAuthService(null);
    service.signInWithGoogle.mockReturnValue(never());
    await renderLogin({ service });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('button', { name: 'Connecting to Google...' })).toBeDisabled();
  });

  it('shows the error and re-enables the button when Google is not configured', async () => {
    const service = createFakeAuthService(null);
    service.signInWithGoogle.mockRejectedValue(new Error(GOOGLE_NOT_CONFIGURED_MESSAGE));
    await renderLogin({ service });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in is not configured for this environment.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });
});

describe('LoginPage — sign up', () => {
  it('toggles between sign-in and sign-up with the two links', async () => {
    await renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Need an account? Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: /^Join/ })).toBeInTheDocument();
    expect(screen.getByText(/connect with adventure partners/i)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
  });

  it('rejects mismatched passwords without sending anything', async () => {
    const { service } = await renderLogin({ path: '/login?mode=signup' });
    await fillSignUp('sam@example.com', 'Trail-Run-1', 'Trail-Run-2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(service.signUp).not.toHaveBeenCalled();
    expect(service.signIn).not.toHaveBeenCalled();
  });

  it('reads "Creating account..." while the sign-up is pending', async () => {
    const service = createFakeAuthService(null);
    service.signUp.mockReturnValue(never());
    await renderLogin({ path: '/login?mode=signup', service });
    await fillSignUp('sam@example.com', 'Trail-Run-1', 'Trail-Run-1');
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });

  it('maps a duplicate account to its message', async () => {
    const service = createFakeAuthService(null);
    service.signUp.mockRejectedValue(
      Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' }),
    );
    await renderLogin({ path: '/login?mode=signup', service });
    await fillSignUp('taken@example.com', 'Trail-Run-1', 'Trail-Run-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('shows the password rule the provider rejected', async () => {
    const service = createFakeAuthService(null);
    service.signUp.mockRejectedValue(
      Object.assign(new Error('Password did not conform with policy: Password not long enough'), {
        name: 'InvalidPasswordException',
      }),
    );
    await renderLogin({ path: '/login?mode=signup', service });
    await fillSignUp('sam@example.com', 'Trail-Run-1', 'Trail-Run-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password did not conform with policy: Password not long enough',
    );
  });

  it("shows the pool's password rules, ticks them as they are met, and sends nothing while one is unmet", async () => {
    const service = createFakeAuthService(null);
    await renderLogin({ path: '/login?mode=signup', service });
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(rules).toHaveTextContent('At least 8 characters');
    expect(rules).toHaveTextContent('A symbol');
    await fillSignUp('sam@example.com', 'abc', 'abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a password that meets every requirement listed.',
    );
    expect(service.signUp).not.toHaveBeenCalled();
    expect(screen.getByText('A lowercase letter').textContent).toContain('(met)');
    expect(screen.getByText('An uppercase letter').textContent).toContain('(not met yet)');
  });

  it('confirms the code, signs in with the password just typed, and goes to the dashboard', async () => {
    const { service, router } = await renderLogin({ path: '/login?mode=signup' });
    const user = await fillSignUp('river@example.com', 'Trail-Run-1', 'Trail-Run-1');
    expect(service.signUp).toHaveBeenCalledWith('river@example.com', 'Trail-Run-1');
    expect(await screen.findByText('Check your email for the confirmation code!')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirmation code'), ' 424242 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(service.confirmSignUp).toHaveBeenCalledWith('river@example.com', '424242');
    expect(service.signIn).toHaveBeenCalledWith('river@example.com', 'Trail-Run-1');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('reads "Confirming..." while the code is checked, and shows a wrong code\'s message', async () => {
    const service = createFakeAuthService(null);
    let rejectConfirm: (error: Error) => void = () => {};
    service.confirmSignUp.mockReturnValue(new Promise<void>((_, reject) => (rejectConfirm = reject)));
    await renderLogin({ path: '/login?mode=signup', service });
    const user = await fillSignUp('river@example.com', 'Trail-Run-1', 'Trail-Run-1');
    await user.type(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Confirming...' })).toBeDisabled();

    act(() => rejectConfirm(new Error('Invalid verification code provided, please try again.')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code provided, please try again.');
    expect(service.signIn).not.toHaveBeenCalled();
  });
});

describe('LoginPage — demo and connection test', () => {
  it('starts demo mode after 1 second and goes to the dashboard', async () => {
    const { router, service } = await renderLogin();
    vi.useFakeTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Start Demo Mode' }));
    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('trailbuddy.demo')).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem('trailbuddy.demo')).toBe('true');
    expect(service.signIn).not.toHaveBeenCalled();
  });

  it('shows the health report of GET /api/health in an alert', async () => {
    const report = {
      status: 'degraded' as const,
      checkedAt: '2026-02-01T08:00:00.000Z',
      tables: [{ table: 'users' as const, reachable: false, latencyMs: 12, error: 'timeout' }],
    };
    const apiClient = createFakeApiClient({ health: vi.fn(async () => report) });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await renderLogin({ apiClient });

    const link = screen.getByRole('link', { name: 'Test Database Connection' });
    expect(link).toHaveAttribute('href', '/api/health');
    await userEvent.setup().click(link);

    await waitFor(() => expect(alert).toHaveBeenCalledWith(JSON.stringify(report, null, 2)));
    expect(apiClient.health).toHaveBeenCalledTimes(1);
  });
});

describe('LoginPage — forgot password, resend, return to a deep link', () => {
  it('emails a reset code, sets the new password with it and signs in', async () => {
    const { service, router } = await renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(service.resetPassword).toHaveBeenCalledWith('sam@example.com');
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'New-Trail-2027');
    await user.type(screen.getByLabelText('Confirm new password'), 'New-Trail-2027');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(service.confirmResetPassword).toHaveBeenCalledWith('sam@example.com', '123456', 'New-Trail-2027');
    expect(service.signIn).toHaveBeenCalledWith('sam@example.com', 'New-Trail-2027');
  });

  it('does not reveal an unknown email: the code step follows as for any account', async () => {
    const service = createFakeAuthService(null);
    service.resetPassword.mockRejectedValue(
      Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }),
    );
    await renderLogin({ service });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(
      await screen.findByText(
        'If an account exists for nobody@example.com, we have emailed it a code. Enter it below with your new password.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/does not exist/)).not.toBeInTheDocument();
  });

  it('sends a new sign-up confirmation code on request', async () => {
    const { service } = await renderLogin({ path: '/login?mode=signup' });
    const user = await fillSignUp('river@example.com', 'Trail-Run-1', 'Trail-Run-1');
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(service.resendSignUpCode).toHaveBeenCalledWith('river@example.com');
    expect(await screen.findByText('We sent a new code to river@example.com.')).toBeInTheDocument();
  });

  it('returns to the page the visitor was going to after sign-in', async () => {
    const { router } = await renderLogin({ path: '/login?next=%2Fplan-activity%3Ftab%3Drides' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Trail-Run-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Plan stand-in' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/plan-activity?tab=rides');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores an unsafe return target (%s) and goes to the dashboard',
    async (next) => {
      const { router } = await renderLogin({ path: `/login?next=${encodeURIComponent(next)}` });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Email'), 'sam@example.com');
      await user.type(screen.getByLabelText('Password'), 'Trail-Run-1');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    },
  );
});
