import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '@/lib/auth';
import { createFakeAuthService, SIGNED_IN_USER } from '../../test-utils';

/** Renders the provider with a child that records every auth value it is rendered with; returns the records. */
function renderRecordingAuth(service: Parameters<typeof AuthProvider>[0]['service']): unknown[] {
  const values: unknown[] = [];
  function Recorder() {
    values.push(useAuth());
    return null;
  }
  render(
    <AuthProvider service={service}>
      <Recorder />
    </AuthProvider>,
  );
  return values;
}

function Probe() {
  const { access, user, isDemo, startDemo, signOut } = useAuth();
  return (
    <div>
      <p data-testid="access">{access}</p>
      <p data-testid="user">{user ? `${user.id} ${user.email} ${user.name ?? ''}`.trim() : 'none'}</p>
      <p data-testid="demo">{String(isDemo)}</p>
      <button type="button" onClick={startDemo}>
        demo
      </button>
      <button type="button" onClick={() => void signOut()}>
        out
      </button>
    </div>
  );
}

describe('AuthProvider', () => {
  it('is loading until the session is read, then signed out', async () => {
    render(
      <AuthProvider service={createFakeAuthService(null)}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('access')).toHaveTextContent('loading');
    expect(await screen.findByText('denied')).toBeInTheDocument();
    expect(screen.getByTestId('user')).toHaveTextContent('none');
  });

  it('starts signed out, not loading, when the service knows no session can exist (what the prerendered pages show)', () => {
    render(
      <AuthProvider service={{ ...createFakeAuthService(null), signedOutAtStart: () => true }}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('access')).toHaveTextContent('denied');
  });

  it('does not re-render the app when a session read finds what it already shows (a prerendered page hydrating)', async () => {
    // An update while React hydrates a prerendered page makes it throw the page's HTML away and draw it again.
    const service = { ...createFakeAuthService(null), signedOutAtStart: () => true };
    const values = renderRecordingAuth(service);
    await act(async () => undefined);
    expect(service.currentUser).toHaveBeenCalled();
    act(() => service.emit({ type: 'sessionChanged' })); // read again, still signed out
    await act(async () => undefined);
    expect(new Set(values).size).toBe(1);
  });

  it('does not re-render for a re-read that finds the same signed-in user', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    const values = renderRecordingAuth(service);
    await act(async () => undefined);
    const signedIn = values.at(-1);
    expect(signedIn).toMatchObject({ access: 'granted', user: SIGNED_IN_USER });
    service.currentUser.mockResolvedValue({ ...SIGNED_IN_USER });
    act(() => service.emit({ type: 'sessionChanged' }));
    await act(async () => undefined);
    expect(values.at(-1)).toBe(signedIn);
  });

  it('re-reads the session when the provider reports a change (e.g. a Google redirect completing)', async () => {
    const service = createFakeAuthService(null);
    render(
      <AuthProvider service={service}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('denied');
    service.currentUser.mockResolvedValue(SIGNED_IN_USER);
    act(() => service.emit({ type: 'sessionChanged' }));
    expect(await screen.findByText('granted')).toBeInTheDocument();
    expect(screen.getByTestId('user')).toHaveTextContent(`user-1 ${SIGNED_IN_USER.email}`);
  });

  it('demo mode fixes the user to the demo user, persists for the tab, and sign-out only ends demo', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    render(
      <AuthProvider service={service}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('granted');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'demo' }));
    expect(screen.getByTestId('user')).toHaveTextContent('demo-user demo@trailbuddy.app Alex Rivera');
    expect(window.sessionStorage.getItem('trailbuddy.demo')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'out' }));
    expect(screen.getByTestId('demo')).toHaveTextContent('false');
    expect(service.signOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('user')).toHaveTextContent(`user-1 ${SIGNED_IN_USER.email}`);
  });

  it('runs the step before sign-out while still signed in, then signs out; a failing step does not stop it', async () => {
    const service = createFakeAuthService(SIGNED_IN_USER);
    const order: string[] = [];
    service.signOut.mockImplementation(async () => void order.push('signOut'));
    const beforeSignOut = vi.fn(async () => {
      order.push('beforeSignOut');
      throw new Error('offline');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AuthProvider service={service} beforeSignOut={beforeSignOut}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('granted');
    service.currentUser.mockResolvedValue(null);
    await userEvent.setup().click(screen.getByRole('button', { name: 'out' }));
    expect(await screen.findByText('denied')).toBeInTheDocument();
    expect(order).toEqual(['beforeSignOut', 'signOut']);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('does not run the step when only demo mode ends', async () => {
    const service = createFakeAuthService(null);
    const beforeSignOut = vi.fn(async () => undefined);
    render(
      <AuthProvider service={service} beforeSignOut={beforeSignOut}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('denied');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'demo' }));
    await user.click(screen.getByRole('button', { name: 'out' }));
    expect(screen.getByTestId('demo')).toHaveTextContent('false');
    expect(beforeSignOut).not.toHaveBeenCalled();
  });

  it('stops listening to the provider when unmounted', async () => {
    const service = createFakeAuthService(null);
    const { unmount } = render(
      <AuthProvider service={service}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('denied');
    const readsBefore = service.currentUser.mock.calls.length;
    unmount();
    service.emit({ type: 'sessionChanged' });
    expect(service.currentUser.mock.calls.length).toBe(readsBefore);
  });
});
