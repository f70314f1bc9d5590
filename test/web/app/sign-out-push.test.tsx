import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { useAuth } from '@/lib/auth';
import { createFakeAuthService, SIGNED_IN_USER, TEST_CONFIG } from '../test-utils';
import { fakeSubscription, installFakeBrowserPush, serverDeviceIdOf } from '../features/profile/push/fake-browser-push';

function SignOutButton() {
  const { access, signOut } = useAuth();
  return (
    <>
      <p data-testid="access">{access}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    </>
  );
}

let browser: ReturnType<typeof installFakeBrowserPush> | undefined;
afterEach(() => {
  browser?.remove();
  browser = undefined;
  vi.unstubAllGlobals();
});

function renderApp() {
  const service = createFakeAuthService(SIGNED_IN_USER);
  const order: string[] = [];
  const fetchFn = vi.fn(async (url: string, init: RequestInit = {}) => {
    order.push(`${init.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify({ removed: true }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFn);
  const signOut = service.signOut.getMockImplementation()!;
  service.signOut.mockImplementation(async () => {
    order.push('signOut');
    await signOut();
  });
  render(
    <AppProviders config={TEST_CONFIG} authService={service}>
      <SignOutButton />
    </AppProviders>,
  );
  return { service, fetchFn, order };
}

describe('signing out on a shared computer', () => {
  it("stops this browser's pushes: the server forgets the device (with the person's token) before the session ends, and the browser unsubscribes", async () => {
    const existing = fakeSubscription('https://push.example.com/send/shared-computer');
    browser = installFakeBrowserPush({ permission: 'granted', existing });
    const { fetchFn, order } = renderApp();
    expect(await screen.findByText('granted')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('denied')).toBeInTheDocument();

    const deviceUrl = `/api/push/subscriptions/${serverDeviceIdOf(existing.endpoint)}`;
    expect(order).toEqual([`DELETE ${deviceUrl}`, 'signOut']);
    const [, init] = fetchFn.mock.calls[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer id-token');
    expect(existing.unsubscribe).toHaveBeenCalled();
  });

  it('signs out without a request in a browser that never subscribed, and never registers the worker', async () => {
    browser = installFakeBrowserPush({ permission: 'granted' });
    const { fetchFn, service } = renderApp();
    expect(await screen.findByText('granted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('denied')).toBeInTheDocument();
    expect(service.signOut).toHaveBeenCalled();
    expect(fetchFn).not.toHaveBeenCalled();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
  });

  it('signs out even when the server cannot be reached', async () => {
    const existing = fakeSubscription();
    browser = installFakeBrowserPush({ permission: 'granted', existing });
    const { fetchFn, service } = renderApp();
    fetchFn.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await screen.findByText('granted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('denied')).toBeInTheDocument();
    expect(service.signOut).toHaveBeenCalled();
    expect(existing.unsubscribe).toHaveBeenCalled();
  });
});
