import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { keepCheckIn, pendingCheckIns } from '@/features/trip-plans/offline/pending-check-ins';
import { savedTripPlan, saveTripPlan } from '@/features/trip-plans/offline/saved-trip-plans';
import { useAuth } from '@/lib/auth';
import { createFakeAuthService, SIGNED_IN_USER, TEST_CONFIG } from '../test-utils';
import { tripPlan, PLAN_ID } from '../features/trip-plans/trip-plan-fixtures';

function SignOutButton() {
  const { access, signOut, deleteUser } = useAuth();
  return (
    <>
      <p data-testid="access">{access}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
      {/* What the profile's delete-account section calls once the server has deleted the account. */}
      <button type="button" onClick={() => void deleteUser()}>
        Account deleted
      </button>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

/** The app around a sign-out button, with the network either cut (fetch rejects) or answering the closed plan. */
function renderApp() {
  const network = { online: false };
  const fetchFn = vi.fn(async (_url: string, _init: RequestInit = {}) => {
    if (!network.online) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(tripPlan({ status: 'closed', closedAt: '2030-07-04T23:00:00.000Z' })), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFn);
  render(
    <AppProviders config={TEST_CONFIG} authService={createFakeAuthService(SIGNED_IN_USER)}>
      <SignOutButton />
    </AppProviders>,
  );
  return { fetchFn, network };
}

const checkInCalls = (fetchFn: ReturnType<typeof renderApp>['fetchFn']) =>
  fetchFn.mock.calls
    .filter(([url]) => url === `/api/trip-plans/${PLAN_ID}/check-ins`)
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

describe('a "We’re back" kept while offline', () => {
  it('is sent when the app opens signed in and, failing that, when the browser says it is online again', async () => {
    const kept = keepCheckIn(SIGNED_IN_USER.id, PLAN_ID, new Date());
    const { fetchFn, network } = renderApp();
    expect(await screen.findByText('granted')).toBeInTheDocument();
    await vi.waitFor(() => expect(checkInCalls(fetchFn)).toEqual([kept.idempotencyKey]), { timeout: 10_000 });
    expect(pendingCheckIns(SIGNED_IN_USER.id)).toEqual([kept]);

    network.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(pendingCheckIns(SIGNED_IN_USER.id)).toEqual([]), { timeout: 10_000 });
    expect(checkInCalls(fetchFn)).toEqual([kept.idempotencyKey, kept.idempotencyKey]);

    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checkInCalls(fetchFn)).toHaveLength(2);
  });

  it('gets a last try on sign-out, and whatever is still kept then leaves the browser with the person', async () => {
    const kept = keepCheckIn(SIGNED_IN_USER.id, PLAN_ID, new Date());
    keepCheckIn('someone-else', PLAN_ID, new Date());
    const { fetchFn } = renderApp();
    expect(await screen.findByText('granted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('denied')).toBeInTheDocument();
    expect(checkInCalls(fetchFn).at(-1)).toBe(kept.idempotencyKey);
    expect(pendingCheckIns(SIGNED_IN_USER.id)).toEqual([]);
    expect(pendingCheckIns('someone-else')).toEqual([]);
  });

  it('signing out also deletes the trip plans kept for reading offline, and nothing else', async () => {
    saveTripPlan(SIGNED_IN_USER.id, tripPlan(), new Date());
    window.localStorage.setItem('other-setting', 'kept');
    renderApp();
    expect(await screen.findByText('granted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('denied')).toBeInTheDocument();
    expect(savedTripPlan(SIGNED_IN_USER.id, PLAN_ID)).toBeNull();
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('trailbuddy.'))).toEqual([]);
    expect(window.localStorage.getItem('other-setting')).toBe('kept');
  });

  it('an account deleted on this browser takes its kept check-ins and kept trip plans with it, sending nothing', async () => {
    keepCheckIn(SIGNED_IN_USER.id, PLAN_ID, new Date());
    saveTripPlan(SIGNED_IN_USER.id, tripPlan(), new Date());
    const { fetchFn } = renderApp();
    expect(await screen.findByText('granted')).toBeInTheDocument();
    // the kept check-in's try at opening, refused by the cut network
    await vi.waitFor(() => expect(checkInCalls(fetchFn)).toHaveLength(1), { timeout: 10_000 });

    await userEvent.click(screen.getByRole('button', { name: 'Account deleted' }));
    expect(await screen.findByText('denied')).toBeInTheDocument();
    expect(pendingCheckIns(SIGNED_IN_USER.id)).toEqual([]);
    expect(savedTripPlan(SIGNED_IN_USER.id, PLAN_ID)).toBeNull();
    expect(checkInCalls(fetchFn)).toHaveLength(1);
  });
});
