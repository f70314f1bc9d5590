import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { planDateOf } from '@shared/schemas/group-activities-plain';
import NewTripPlanPage from '@/features/trip-plans/routes/new-trip-plan-page';
import { addMinutesToWallClock } from '@/features/trip-plans/utils/prefill';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../../test-utils';
import { ACTIVITY_ID, details } from '../../group-activities/group-activities-fixtures';
import { tripPlan } from '../trip-plan-fixtures';

const daysFromToday = (days: number) => planDateOf(new Date(Date.now() + days * 86_400_000));
const DAY = daysFromToday(10);
const NEXT_DAY = daysFromToday(11);

function renderPage(path: string, overrides: Parameters<typeof createFakeApiClient>[0]) {
  const apiClient = createFakeApiClient(overrides);
  renderRoutes(
    [
      { path: '/trip-plans/new', element: <NewTripPlanPage /> },
      { path: '/trip-plans/:planId', element: <p>Filed</p> },
    ],
    {
      path,
      service: createFakeAuthService(SIGNED_IN_USER),
      apiClient,
    },
  );
  return apiClient;
}

describe('NewTripPlanPage', () => {
  it('fills in the trailhead, area, start and expected return from the activity, and names it', async () => {
    const activity = details({ date: DAY, time: '22:30', duration: 180, location: 'Lynn Headwaters gate' });
    const fileTripPlan = vi.fn(async () => tripPlan());
    const api = renderPage(`/trip-plans/new?activity=${ACTIVITY_ID}`, {
      groupActivity: vi.fn(async () => activity),
      fileTripPlan,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Trip plan for Sunday Grouse Grind' })).toBeVisible();
    expect(api.groupActivity).toHaveBeenCalledWith(ACTIVITY_ID);
    expect(screen.getByLabelText('Trailhead')).toHaveValue('Lynn Headwaters gate');
    expect(screen.getByLabelText('Area')).toHaveValue('North Vancouver');
    expect(screen.getByLabelText('Start date')).toHaveValue(DAY);
    expect(screen.getByLabelText('Start time')).toHaveValue('22:30');
    // Three hours after 22:30 is the next day.
    expect(screen.getByLabelText('Expected return date')).toHaveValue(NEXT_DAY);
    expect(screen.getByLabelText('Expected return time')).toHaveValue('01:30');
    expect(screen.getByLabelText('Route description')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Route description'), { target: { value: 'Loop to the falls.' } });
    fireEvent.change(screen.getByLabelText('Contact 1 name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Contact 1 email'), { target: { value: 'sam@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'File trip plan' }));
    expect(await screen.findByText('Filed')).toBeVisible();
    expect(fileTripPlan).toHaveBeenCalledWith(
      expect.objectContaining({
        activityId: ACTIVITY_ID,
        trailhead: 'Lynn Headwaters gate',
        area: 'North Vancouver',
        startDate: DAY,
        startTime: '22:30',
        returnDate: NEXT_DAY,
        returnTime: '01:30',
      }),
      // A retry of the same plan reuses it, so the server files it once.
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
  });

  it('leaves the area for the filer when the activity has none', async () => {
    renderPage(`/trip-plans/new?activity=${ACTIVITY_ID}`, {
      groupActivity: vi.fn(async () => details({ area: null })),
    });
    expect(await screen.findByLabelText('Trailhead')).toHaveValue('Grouse Mountain base');
    expect(screen.getByLabelText('Area')).toHaveValue('');
  });

  it('opens blank for a solo plan', async () => {
    const api = renderPage('/trip-plans/new', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'New trip plan' })).toBeVisible();
    expect(screen.getByLabelText('Trailhead')).toHaveValue('');
    expect(api.groupActivity).not.toHaveBeenCalled();
  });
});

describe('addMinutesToWallClock', () => {
  it('adds across midnight, month and year ends without the browser zone', () => {
    expect(addMinutesToWallClock('2030-07-06', '08:00', 120)).toEqual({ date: '2030-07-06', time: '10:00' });
    expect(addMinutesToWallClock('2030-12-31', '23:30', 60)).toEqual({ date: '2031-01-01', time: '00:30' });
    expect(addMinutesToWallClock('2028-02-28', '20:00', 8 * 60)).toEqual({ date: '2028-02-29', time: '04:00' });
  });
});
