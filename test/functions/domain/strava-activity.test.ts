import { describe, expect, it } from 'vitest';
import {
  InvalidStravaActivityError,
  mapStravaActivity,
  parseStravaActivity,
} from '../../../functions/domain/strava-activity';
import { UnifiedActivity } from '../../../functions/shared/schemas/activity';

/** A SummaryActivity as GET /athlete/activities returns it (trimmed of the fields nobody reads). */
function summaryActivity(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resource_state: 2,
    athlete: { id: 40100001, resource_state: 1 },
    name: 'Stanley Park Seawall',
    distance: 10012.4,
    moving_time: 3125,
    elapsed_time: 3302,
    total_elevation_gain: 41.2,
    type: 'Run',
    sport_type: 'Run',
    workout_type: 0,
    id: 13100004242,
    start_date: '2025-03-14T15:02:11Z',
    start_date_local: '2025-03-14T08:02:11Z',
    timezone: '(GMT-08:00) America/Vancouver',
    utc_offset: -25200,
    kudos_count: 7,
    map: { id: 'a13100004242', summary_polyline: 'ki{kHfwpnV??', resource_state: 2 },
    average_speed: 3.204,
    max_speed: 4.9,
    has_heartrate: true,
    average_heartrate: 152.3,
    max_heartrate: 171,
    ...overrides,
  };
}

const context = { userId: 'user-1', fetchedAt: new Date('2025-03-15T10:00:00.000Z') };

describe('mapStravaActivity', () => {
  it('maps every field the spec reads to the unified activity', () => {
    const activity = mapStravaActivity(summaryActivity({ calories: 689.5 }), context);
    expect(activity).toEqual({
      user_id: 'user-1',
      provider_type: 'strava',
      provider_activity_id: '13100004242',
      activity_type: 'Run',
      name: 'Stanley Park Seawall',
      start_time: '2025-03-14T15:02:11.000Z',
      duration_seconds: 3125,
      distance_meters: 10012.4,
      calories_burned: 689.5,
      steps: null,
      heart_rate_avg: 152.3,
      heart_rate_max: 171,
      // 3125 s is under 3600, but 152.3 bpm is over 150.
      activity_level: 'very_active',
      elevation_gain_meters: 41.2,
      average_speed_mps: 3.204,
      garmin_device: null,
      fetched_at: '2025-03-15T10:00:00.000Z',
    });
    expect(UnifiedActivity.safeParse(activity).success).toBe(true);
  });

  it('keeps values Strava did not send as null (summary without calories, no heart rate)', () => {
    const input = summaryActivity({ has_heartrate: false });
    delete input.average_heartrate;
    delete input.max_heartrate;
    const activity = mapStravaActivity(input, context);
    expect(activity.calories_burned).toBeNull();
    expect(activity.heart_rate_avg).toBeNull();
    expect(activity.heart_rate_max).toBeNull();
    // 3125 s > 1800 and 3.2 m/s > 2, but nothing reaches very_active any more.
    expect(activity.activity_level).toBe('active');
  });

  it('accepts explicit nulls for optional values', () => {
    const activity = mapStravaActivity(
      summaryActivity({
        average_heartrate: null,
        max_heartrate: null,
        calories: null,
        average_speed: null,
        total_elevation_gain: null,
      }),
      context,
    );
    expect(activity).toMatchObject({
      heart_rate_avg: null,
      heart_rate_max: null,
      calories_burned: null,
      average_speed_mps: null,
      elevation_gain_meters: null,
    });
  });

  it('classifies with the spec §9 rules, short workouts first', () => {
    const sprint = mapStravaActivity(
      summaryActivity({ moving_time: 540, average_speed: 5.5, average_heartrate: 178 }),
      context,
    );
    expect(sprint.activity_level).toBe('light');
    const walk = mapStravaActivity(
      summaryActivity({
        type: 'Walk',
        sport_type: 'Walk',
        moving_time: 1500,
        average_speed: 1.4,
        average_heartrate: 98,
      }),
      context,
    );
    expect(walk.activity_level).toBe('moderate');
    const ride = mapStravaActivity(
      summaryActivity({
        type: 'Ride',
        sport_type: 'Ride',
        moving_time: 1200,
        average_speed: 7.1,
        average_heartrate: null,
      }),
      context,
    );
    expect(ride.activity_level).toBe('very_active');
  });

  it('uses the legacy type for activity_type (TrailRun and MountainBikeRide stay Run and Ride)', () => {
    expect(mapStravaActivity(summaryActivity({ type: 'Run', sport_type: 'TrailRun' }), context).activity_type).toBe(
      'Run',
    );
    expect(
      mapStravaActivity(summaryActivity({ type: 'Ride', sport_type: 'MountainBikeRide' }), context).activity_type,
    ).toBe('Ride');
  });

  it('falls back to sport_type when the deprecated type is missing', () => {
    const input = summaryActivity({ sport_type: 'Hike' });
    delete input.type;
    expect(mapStravaActivity(input, context).activity_type).toBe('Hike');
  });

  it('normalises start_date to UTC ISO', () => {
    expect(mapStravaActivity(summaryActivity({ start_date: '2025-07-01T06:30:00-07:00' }), context).start_time).toBe(
      '2025-07-01T13:30:00.000Z',
    );
  });

  it('stamps the fetch time it is given, not the clock', () => {
    const fetchedAt = new Date('2030-01-02T03:04:05.678Z');
    expect(mapStravaActivity(summaryActivity(), { userId: 'u', fetchedAt }).fetched_at).toBe(
      '2030-01-02T03:04:05.678Z',
    );
  });
});

function rejection(input: unknown): InvalidStravaActivityError {
  try {
    parseStravaActivity(input);
  } catch (error) {
    if (error instanceof InvalidStravaActivityError) return error;
    throw error;
  }
  throw new Error('expected the activity to be rejected');
}

describe('Garmin credit', () => {
  it('credits a Garmin Connect upload from the summary external_id', () => {
    expect(mapStravaActivity(summaryActivity({ external_id: 'garmin_ping_1070000042' }), context).garmin_device).toBe(
      'Garmin',
    );
    expect(mapStravaActivity(summaryActivity({ external_id: 'garmin_push_9876543210' }), context).garmin_device).toBe(
      'Garmin',
    );
  });

  it('names the model when the detailed activity gives its device_name', () => {
    const detailed = summaryActivity({ external_id: 'garmin_ping_1', device_name: 'Garmin Forerunner 965' });
    expect(mapStravaActivity(detailed, context).garmin_device).toBe('Garmin Forerunner 965');
  });

  it('does not credit Garmin for other devices or the Strava app', () => {
    for (const other of [
      { external_id: 'wahoo-elemnt-bolt-1070000043.fit', device_name: 'Wahoo ELEMNT BOLT' },
      { external_id: null, device_name: 'Strava App' },
      { external_id: '2025-03-14-08-02-11.gpx' },
      { device_name: 'Apple Watch Series 9' },
      {},
    ])
      expect(mapStravaActivity(summaryActivity(other), context).garmin_device).toBeNull();
  });
});

describe('parseStravaActivity rejects bad provider data clearly', () => {
  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['id as a string', { id: '13100004242' }, 'id'],
    ['a negative id', { id: -1 }, 'id'],
    ['a start_date that is not a date-time', { start_date: 'last Tuesday' }, 'start_date'],
    ['a fractional moving_time', { moving_time: 12.5 }, 'moving_time'],
    ['a negative distance', { distance: -3 }, 'distance'],
    ['a zero heart rate', { average_heartrate: 0 }, 'average_heartrate'],
    ['neither type nor sport_type', { type: undefined, sport_type: undefined }, 'type'],
  ];

  it.each(bad)('%s', (_label, overrides, field) => {
    const input = summaryActivity(overrides);
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete input[key];
    const error = rejection(input);
    expect(Object.keys(error.fields)).toContain(field);
    expect(error.message).toContain(field);
  });

  it('names every missing required field', () => {
    expect(Object.keys(rejection({}).fields).sort()).toEqual(['id', 'moving_time', 'start_date']);
    expect(() => mapStravaActivity({}, context)).toThrow(InvalidStravaActivityError);
  });

  it('rejects things that are not objects at all', () => {
    expect(() => parseStravaActivity(null)).toThrow(InvalidStravaActivityError);
    expect(() => parseStravaActivity([summaryActivity()])).toThrow(InvalidStravaActivityError);
  });
});
