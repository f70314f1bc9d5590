import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { UnifiedActivity } from '@shared/schemas/activity';
import { RecentActivitiesCard } from '@/features/dashboard/components/recent-activities-card';

const now = new Date('2026-11-28T18:00:00.000Z');

function activity(overrides: Partial<UnifiedActivity>): UnifiedActivity {
  return {
    user_id: 'user-1',
    provider_type: 'strava',
    provider_activity_id: '1',
    activity_type: 'Run',
    name: 'Seawall loop',
    start_time: '2026-11-28T15:00:00.000Z',
    duration_seconds: 3000,
    distance_meters: 10_000,
    calories_burned: null,
    steps: null,
    heart_rate_avg: null,
    heart_rate_max: null,
    activity_level: 'active',
    elevation_gain_meters: null,
    average_speed_mps: null,
    fetched_at: '2026-11-28T16:00:00.000Z',
    ...overrides,
  };
}

describe('RecentActivitiesCard', () => {
  it('credits Garmin on an activity recorded on a Garmin, and nothing on others', () => {
    render(
      <MemoryRouter>
        <RecentActivitiesCard
          now={now}
          activities={[
            activity({ provider_activity_id: '1', name: 'Seawall loop', device_name: 'Garmin Forerunner 965' }),
            activity({ provider_activity_id: '2', name: 'Commute', device_name: 'Apple Watch Ultra' }),
            activity({ provider_activity_id: '3', name: 'Hike' }),
          ]}
        />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Recorded on Garmin Forerunner 965');
    expect(items[1]).not.toHaveTextContent(/Recorded on/);
    expect(items[2]).not.toHaveTextContent(/Recorded on/);
  });
});
