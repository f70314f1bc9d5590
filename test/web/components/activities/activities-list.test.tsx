import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ActivitiesResponse } from '@shared/schemas/connections';
import { ActivitiesList, ACTIVITIES_PAGE_SIZE } from '@/components/activities/activities-list';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { activity, createFakeApiClient, createFakeAuthService, SIGNED_IN_USER, TestProviders } from '../../test-utils';

function renderList(overrides: Partial<ApiClient> = {}, connected = true, showApiUsage?: boolean) {
  const apiClient = createFakeApiClient(overrides);
  const view = render(
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      <ActivitiesList connected={connected} showApiUsage={showApiUsage} />
    </TestProviders>,
  );
  return { apiClient, view };
}

const page = (activities: ActivitiesResponse['activities'], nextCursor: string | null = null): ActivitiesResponse => ({
  activities,
  nextCursor,
});

describe('ActivitiesList (spec health-connections §2)', () => {
  it('asks for newest first by default, then sends each filter, sort and order change', async () => {
    const activities = vi.fn(async () => page([activity()]));
    renderList({ activities });
    const user = userEvent.setup();
    await screen.findByText('Morning Run');
    expect(activities).toHaveBeenLastCalledWith({
      type: 'all',
      sort: 'date',
      order: 'desc',
      limit: ACTIVITIES_PAGE_SIZE,
    });

    await user.selectOptions(screen.getByLabelText('Type'), 'Cycling');
    await waitFor(() =>
      expect(activities).toHaveBeenLastCalledWith({ type: 'ride', sort: 'date', order: 'desc', limit: 50 }),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Elevation');
    await waitFor(() =>
      expect(activities).toHaveBeenLastCalledWith({ type: 'ride', sort: 'elevation', order: 'desc', limit: 50 }),
    );
    await user.selectOptions(screen.getByLabelText('Order'), 'Lowest First');
    await waitFor(() =>
      expect(activities).toHaveBeenLastCalledWith({ type: 'ride', sort: 'elevation', order: 'asc', limit: 50 }),
    );

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() =>
      expect(activities).toHaveBeenLastCalledWith({ type: 'all', sort: 'date', order: 'desc', limit: 50 }),
    );
    expect(screen.getByLabelText('Type')).toHaveValue('all');
  });

  it('offers exactly the spec options', async () => {
    renderList();
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    await screen.findByLabelText('Type');
    expect(options('Type')).toEqual([
      ['all', 'All Types'],
      ['run', 'Running'],
      ['ride', 'Cycling'],
      ['hike', 'Hiking'],
      ['walk', 'Walking'],
      ['swim', 'Swimming'],
    ]);
    expect(options('Sort by').map(([value]) => value)).toEqual(['date', 'distance', 'duration', 'elevation']);
    expect(options('Order')).toEqual([
      ['desc', 'Highest First'],
      ['asc', 'Lowest First'],
    ]);
  });

  it('shows six skeleton cards while loading', async () => {
    renderList({ activities: vi.fn(() => new Promise<never>(() => {})) });
    const loading = await screen.findByRole('status', { name: 'Loading activities' });
    expect(within(loading).getAllByTestId('activity-skeleton')).toHaveLength(6);
  });

  it('shows each activity formatted: type, distance, duration, elevation and speed', async () => {
    const item = activity({
      name: 'Grouse Grind',
      activity_type: 'TrailRun',
      distance_meters: 2900,
      duration_seconds: 3725,
      elevation_gain_meters: 853,
      average_speed_mps: 0.78,
      start_time: new Date().toISOString(),
    });
    renderList({
      activities: vi.fn(async () =>
        page([item, activity({ provider_activity_id: '2', name: 'Swim', distance_meters: null })]),
      ),
    });
    const card = (await screen.findByRole('heading', { name: 'Grouse Grind' })).closest('article');
    if (!card) throw new Error('no card');
    expect(card).toHaveTextContent('Run · Today');
    expect(card).toHaveTextContent('Distance2.9 km');
    expect(card).toHaveTextContent('Duration1:02:05');
    expect(card).toHaveTextContent('Elevation853 m');
    expect(card).toHaveTextContent('Avg speed2.8 km/h');
    expect(screen.getByRole('heading', { name: 'Swim' }).closest('article')).toHaveTextContent('Distance-');
  });

  it('says so when no activity matches', async () => {
    renderList();
    expect(
      await screen.findByText('No activities found. Try adjusting your filters or go for a run!'),
    ).toBeInTheDocument();
  });

  it('asks to connect Strava first, without loading anything', async () => {
    const { apiClient } = renderList({}, false);
    expect(screen.getByText('Connect your Strava account to view your activities.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Type')).not.toBeInTheDocument();
    expect(apiClient.activities).not.toHaveBeenCalled();
    expect(apiClient.stravaUsage).not.toHaveBeenCalled();
  });

  it('shows an error with Try Again', async () => {
    const activities = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'Daily rate limit exceeded'))
      .mockResolvedValueOnce(page([activity()]));
    renderList({ activities });
    expect(await screen.findByRole('alert')).toHaveTextContent('Daily rate limit exceeded');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Morning Run')).toBeInTheDocument();
  });

  it('loads more with the cursor and keeps what was there', async () => {
    const activities = vi
      .fn()
      .mockResolvedValueOnce(page([activity({ provider_activity_id: '1', name: 'First page run' })], 'cursor-2'))
      .mockResolvedValueOnce(page([activity({ provider_activity_id: '2', name: 'Second page ride' })], null));
    renderList({ activities });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page ride')).toBeInTheDocument();
    expect(screen.getByText('First page run')).toBeInTheDocument();
    expect(activities).toHaveBeenLastCalledWith({
      type: 'all',
      sort: 'date',
      order: 'desc',
      limit: 50,
      cursor: 'cursor-2',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('badges each activity with its provider', async () => {
    renderList({
      activities: vi.fn(async () =>
        page([
          activity({ provider_activity_id: 's1', name: 'Seawall Run' }),
          activity({
            provider_type: 'google_health',
            provider_activity_id: 'g1',
            activity_type: 'Walk',
            name: 'Lunchtime Walk',
            elevation_gain_meters: null,
          }),
          activity({
            provider_type: 'apple_health',
            provider_activity_id: 'a1',
            activity_type: 'HKWorkoutActivityTypeSwimming',
            name: null,
            distance_meters: 1500,
          }),
        ]),
      ),
    });
    const cardOf = async (name: string) => (await screen.findByRole('heading', { name })).closest('article')!;
    expect(await cardOf('Seawall Run')).toHaveTextContent('Strava');
    const walk = await cardOf('Lunchtime Walk');
    expect(walk).toHaveTextContent('Google Health');
    expect(walk).toHaveTextContent('Elevation-');
    // Unnamed: the type stands in for the name.
    const swim = await cardOf('Swim');
    expect(swim).toHaveTextContent('Apple Health');
    expect(swim).toHaveTextContent('Distance1.5 km');
  });

  it('shows the Strava API-request indicator only when asked to', async () => {
    const { apiClient, view } = renderList({}, true, false);
    await screen.findByText('No activities found. Try adjusting your filters or go for a run!');
    expect(apiClient.stravaUsage).not.toHaveBeenCalled();
    view.unmount();
    renderList();
    expect(await screen.findByTestId('api-usage')).toHaveTextContent('90 API requests remaining');
  });
});
