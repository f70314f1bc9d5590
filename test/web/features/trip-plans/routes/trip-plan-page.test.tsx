import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TripPlan } from '@shared/schemas/trip-plans';
import { deliverPendingCheckIns, keepCheckIn } from '@/features/trip-plans/offline/pending-check-ins';
import { savedTripPlan, saveTripPlan } from '@/features/trip-plans/offline/saved-trip-plans';
import TripPlanPage from '@/features/trip-plans/routes/trip-plan-page';
import { ProtectedRoute } from '@/app/route-guards';
import { ApiError } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { captureDownloads } from '../../../capture-downloads';
import { PLAN_ID, tripPlan } from '../trip-plan-fixtures';

function renderPage(overrides: Parameters<typeof createFakeApiClient>[0]) {
  const apiClient = createFakeApiClient(overrides);
  // Behind the app's guard, as in the router: the page renders once the session is known.
  renderRoutes(
    [
      {
        path: '/trip-plans/:planId',
        element: (
          <ProtectedRoute>
            <TripPlanPage />
          </ProtectedRoute>
        ),
      },
    ],
    {
      path: `/trip-plans/${PLAN_ID}`,
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient,
    },
  );
  return apiClient;
}

describe('TripPlanPage', () => {
  it('shows a spinner while the plan loads, then the plan and its contacts', async () => {
    let answer: (plan: TripPlan) => void = () => {};
    renderPage({ tripPlan: vi.fn(() => new Promise<TripPlan>((resolve) => (answer = resolve))) });
    expect(await screen.findByRole('status', { name: 'Loading the trip plan' })).toBeInTheDocument();
    answer(tripPlan());
    expect(await screen.findByRole('heading', { level: 1, name: 'Lynn Headwaters' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the trip plan' })).not.toBeInTheDocument();
    const contacts = screen.getByRole('heading', { name: 'Emergency contacts' }).closest('section')!;
    expect(within(contacts).getByText('sam@example.com')).toBeInTheDocument();
  });

  it('adds an open trip to a calendar from its start to its expected return, as the server converted them', async () => {
    const downloads = captureDownloads();
    renderPage({ tripPlan: vi.fn(async () => tripPlan({ returnMoves: 1 })) });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Add to calendar/ }));
    expect(downloads.map((d) => d.fileName)).toEqual(['trailbuddy-trip-lynn-headwaters.ics']);
    const lines = (await downloads[0]!.text()).replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `UID:trip-plan-${PLAN_ID}@trailbuddy`,
        'SUMMARY:Trip: Lynn Headwaters',
        'DTSTART:20300704T150000Z',
        'DTEND:20300705T000000Z',
        'SEQUENCE:1',
        `URL:${window.location.origin}/trip-plans/${PLAN_ID}`,
      ]),
    );
  });

  it('offers no calendar for a closed trip', async () => {
    renderPage({ tripPlan: vi.fn(async () => tripPlan({ status: 'closed', closedAt: '2030-07-04T23:00:00.000Z' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lynn Headwaters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add to calendar/ })).not.toBeInTheDocument();
  });

  it('says when the plan did not load and loads it again on Try Again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error', 'Something went wrong.'))
      .mockResolvedValueOnce(tripPlan());
    renderPage({ tripPlan: load });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'TrailBuddy is having trouble right now. Please try again in a moment.',
    );
    expect(screen.getByRole('link', { name: 'Back to Trip plans' })).toHaveAttribute('href', '/trip-plans');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lynn Headwaters' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(PLAN_ID);
  });

  it('offers no Try Again for a plan that is not there (or not the viewer’s), only the way back', async () => {
    renderPage({ tripPlan: vi.fn(async () => Promise.reject(new ApiError(404, 'not_found', 'No such trip plan.'))) });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find what you were looking for.');
    expect(screen.getByRole('heading', { level: 1, name: 'Trip plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Trip plans' })).toBeInTheDocument();
  });

  it('shows the plan the check-in answered with', async () => {
    const checkInTripPlan = vi.fn(async () => tripPlan({ status: 'closed', closedAt: '2030-07-04T23:00:00.000Z' }));
    const load = vi.fn(async () => tripPlan());
    renderPage({ tripPlan: load, checkInTripPlan });
    expect(await screen.findByText('Not started yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'We’re back' }));
    expect(checkInTripPlan).toHaveBeenCalledWith(PLAN_ID, { kind: 'back' }, expect.any(String));
    expect(await screen.findByText('Back safely')).toBeInTheDocument();
    expect(screen.getByText('Welcome back! Your contacts have been told.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('pressed without signal, says plainly that nobody was told, lists the contacts, and delivers it with the same key', async () => {
    const offline = new ApiError(0, 'network_error', 'Could not reach TrailBuddy.');
    const checkInTripPlan = vi
      .fn()
      .mockRejectedValueOnce(offline)
      .mockRejectedValueOnce(offline)
      .mockResolvedValueOnce(tripPlan({ status: 'closed', closedAt: '2030-07-04T23:00:00.000Z' }));
    renderPage({ tripPlan: vi.fn(async () => tripPlan()), checkInTripPlan });
    await userEvent.click(await screen.findByRole('button', { name: 'We’re back' }));

    const notice = await screen.findByRole('status', { name: 'Not sent yet: your check-in has not reached anyone' });
    expect(notice).toHaveTextContent('Until then your contacts don’t know you are back');
    expect(within(notice).getByRole('link', { name: 'sam@example.com' })).toHaveAttribute(
      'href',
      'mailto:sam@example.com',
    );
    expect(screen.queryByRole('button', { name: 'We’re back' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();

    await userEvent.click(within(notice).getByRole('button', { name: 'Try sending now' }));
    expect(await screen.findByRole('status', { name: /Not sent yet/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try sending now' }));

    expect(await screen.findByText('Back safely')).toBeInTheDocument();
    expect(screen.getByText('Welcome back! Your contacts have been told.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Not sent yet/ })).not.toBeInTheDocument();
    const keys = checkInTripPlan.mock.calls.map((call) => call[2] as string);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('a kept check-in sent from elsewhere (back online, another tab) shows the closed plan once it is delivered', async () => {
    const closed = tripPlan({ status: 'closed', closedAt: '2030-07-04T23:00:00.000Z' });
    const load = vi.fn().mockResolvedValueOnce(tripPlan()).mockResolvedValue(closed);
    const checkInTripPlan = vi.fn().mockResolvedValue(closed);
    const api = renderPage({ tripPlan: load, checkInTripPlan });
    keepCheckIn(SIGNED_IN_USER.id, PLAN_ID, new Date());
    expect(await screen.findByRole('status', { name: /Not sent yet/ })).toBeInTheDocument();

    await act(() => deliverPendingCheckIns(api, SIGNED_IN_USER.id));

    expect(await screen.findByText('Back safely')).toBeInTheDocument();
    expect(screen.getByText('Welcome back! Your contacts have been told.')).toBeInTheDocument();
    expect(checkInTripPlan).toHaveBeenCalledTimes(1);
  });

  it('without signal shows the copy last read on this device, saying when it was updated; online, the server’s', async () => {
    const offline = new ApiError(0, 'network_error', 'Could not reach TrailBuddy.');
    saveTripPlan(SIGNED_IN_USER.id, tripPlan({ trailhead: 'Kept copy' }), new Date('2030-07-03T18:00:00.000Z'));
    renderPage({ tripPlan: vi.fn().mockRejectedValue(offline) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kept copy' })).toBeInTheDocument();
    expect(
      screen.getByText(/No connection: this is the plan as it was last updated on this device/),
    ).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
  });

  it('keeps what the server answered for next time, and keeps no copy of another person’s', async () => {
    renderPage({ tripPlan: vi.fn(async () => tripPlan({ trailhead: 'Fresh' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh' })).toBeInTheDocument();
    expect(screen.queryByText(/No connection/)).not.toBeInTheDocument();
    expect(savedTripPlan(SIGNED_IN_USER.id, PLAN_ID)?.plan.trailhead).toBe('Fresh');
    expect(savedTripPlan('someone-else', PLAN_ID)).toBeNull();
  });
});
