import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityCard } from '@/components/activities/activity-card';
import { activity } from '../../test-utils';

const now = new Date('2026-01-03T12:00:00.000Z');

describe('ActivityCard source credit', () => {
  it('credits the Garmin model a Strava activity was recorded on, beside View on Strava', () => {
    render(
      <ActivityCard
        activity={activity({ provider_activity_id: '987', garmin_device: 'Garmin Forerunner 965' })}
        now={now}
      />,
    );
    expect(screen.getByText('Garmin Forerunner 965')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View on Strava' })).toHaveAttribute(
      'href',
      'https://www.strava.com/activities/987',
    );
  });

  it('credits a Garmin device when only the upload tells it came from Garmin', () => {
    render(<ActivityCard activity={activity({ garmin_device: 'Garmin' })} now={now} />);
    expect(screen.getByText('Recorded on a Garmin device')).toBeInTheDocument();
  });

  it('credits no Garmin when the device is not one or is unknown', () => {
    render(<ActivityCard activity={activity({ garmin_device: null })} now={now} />);
    render(<ActivityCard activity={activity()} now={now} />);
    expect(screen.queryByText(/garmin/i)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'View on Strava' })).toHaveLength(2);
  });

  it('shows no Strava attribution on another provider’s activity', () => {
    render(<ActivityCard activity={activity({ provider_type: 'google_health' })} now={now} />);
    expect(screen.queryByText('View on Strava')).toBeNull();
  });
});
