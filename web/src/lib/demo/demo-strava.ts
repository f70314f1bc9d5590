import { workoutActivityLevel } from '@shared/activity-level';
import type { UnifiedActivity } from '@shared/schemas/activity';
import { DEMO_USER } from './demo-user';

/** The demo athlete (spec core-app §3, "Demo athlete"): who demo mode is connected to Strava as. */
export const DEMO_ATHLETE = {
  id: 48_213_907,
  username: 'alex_rivera_bc',
  firstname: 'Alex',
  lastname: 'Rivera',
  city: 'Vancouver',
  state: 'British Columbia',
  country: 'Canada',
  profile: '/favicon.svg',
  stats: {
    recent_run_totals: { count: 9, distance: 93_700, moving_time: 33_960, elevation_gain: 2_685 },
    all_run_totals: { count: 412, distance: 4_386_200, moving_time: 1_562_400, elevation_gain: 61_850 },
  },
} as const;

/** A demo activity as Strava describes it (spec core-app §3, "Tracked activity"), placed relative to today. */
interface DemoStravaActivity {
  id: number;
  name: string;
  type: 'Run' | 'Ride';
  sport_type: 'Run' | 'TrailRun' | 'Ride';
  daysAgo: number;
  /** Local hour of day the activity started. */
  hour: number;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  total_elevation_gain: number;
  max_speed: number;
  average_heartrate: number | null;
  max_heartrate: number | null;
  kudos_count: number;
  comment_count: number;
  athlete_count: number;
}

const activities: readonly DemoStravaActivity[] = [
  {
    id: 11_900_001,
    name: 'Morning Seawall Run',
    type: 'Run',
    sport_type: 'Run',
    daysAgo: 0,
    hour: 7,
    distance: 8_200,
    moving_time: 2_580,
    elapsed_time: 2_700,
    total_elevation_gain: 35,
    max_speed: 4.3,
    average_heartrate: 148,
    max_heartrate: 168,
    kudos_count: 12,
    comment_count: 1,
    athlete_count: 1,
  },
  {
    id: 11_900_002,
    name: 'Grouse Grind Trail Run',
    type: 'Run',
    sport_type: 'TrailRun',
    daysAgo: 1,
    hour: 6,
    distance: 2_900,
    moving_time: 3_120,
    elapsed_time: 3_300,
    total_elevation_gain: 853,
    max_speed: 2.4,
    average_heartrate: 162,
    max_heartrate: 181,
    kudos_count: 24,
    comment_count: 4,
    athlete_count: 2,
  },
  {
    id: 11_900_003,
    name: 'Commute to Granville Island',
    type: 'Ride',
    sport_type: 'Ride',
    daysAgo: 2,
    hour: 8,
    distance: 12_400,
    moving_time: 2_280,
    elapsed_time: 2_640,
    total_elevation_gain: 95,
    max_speed: 9.8,
    average_heartrate: null,
    max_heartrate: null,
    kudos_count: 3,
    comment_count: 0,
    athlete_count: 1,
  },
  {
    id: 11_900_004,
    name: 'Pacific Spirit Trail Loop',
    type: 'Run',
    sport_type: 'TrailRun',
    daysAgo: 3,
    hour: 17,
    distance: 10_600,
    moving_time: 3_900,
    elapsed_time: 4_080,
    total_elevation_gain: 210,
    max_speed: 4.1,
    average_heartrate: 151,
    max_heartrate: 172,
    kudos_count: 15,
    comment_count: 2,
    athlete_count: 3,
  },
  {
    id: 11_900_005,
    name: 'Stanley Park Loop Ride',
    type: 'Ride',
    sport_type: 'Ride',
    daysAgo: 5,
    hour: 9,
    distance: 28_600,
    moving_time: 4_200,
    elapsed_time: 4_500,
    total_elevation_gain: 180,
    max_speed: 11.6,
    average_heartrate: 134,
    max_heartrate: 161,
    kudos_count: 9,
    comment_count: 1,
    athlete_count: 4,
  },
  {
    id: 11_900_006,
    name: 'Recovery Jog',
    type: 'Run',
    sport_type: 'Run',
    daysAgo: 6,
    hour: 18,
    distance: 5_100,
    moving_time: 1_860,
    elapsed_time: 1_920,
    total_elevation_gain: 22,
    max_speed: 3.4,
    average_heartrate: null,
    max_heartrate: null,
    kudos_count: 6,
    comment_count: 0,
    athlete_count: 1,
  },
  {
    id: 11_900_007,
    name: 'Cypress Mountain Climb',
    type: 'Ride',
    sport_type: 'Ride',
    daysAgo: 8,
    hour: 8,
    distance: 41_800,
    moving_time: 7_560,
    elapsed_time: 8_100,
    total_elevation_gain: 1_120,
    max_speed: 17.2,
    average_heartrate: 146,
    max_heartrate: 176,
    kudos_count: 31,
    comment_count: 5,
    athlete_count: 2,
  },
  {
    id: 11_900_008,
    name: 'Lynn Canyon Trail Run',
    type: 'Run',
    sport_type: 'TrailRun',
    daysAgo: 10,
    hour: 7,
    distance: 12_300,
    moving_time: 4_680,
    elapsed_time: 5_040,
    total_elevation_gain: 540,
    max_speed: 4.0,
    average_heartrate: 155,
    max_heartrate: 178,
    kudos_count: 18,
    comment_count: 3,
    athlete_count: 2,
  },
  {
    id: 11_900_009,
    name: 'False Creek Tempo Run',
    type: 'Run',
    sport_type: 'Run',
    daysAgo: 12,
    hour: 6,
    distance: 10_000,
    moving_time: 2_820,
    elapsed_time: 2_880,
    total_elevation_gain: 40,
    max_speed: 4.6,
    average_heartrate: 158,
    max_heartrate: 176,
    kudos_count: 14,
    comment_count: 2,
    athlete_count: 1,
  },
  {
    id: 11_900_010,
    name: 'Sea to Sky Gravel Ride',
    type: 'Ride',
    sport_type: 'Ride',
    daysAgo: 14,
    hour: 8,
    distance: 63_500,
    moving_time: 11_400,
    elapsed_time: 12_600,
    total_elevation_gain: 1_350,
    max_speed: 15.9,
    average_heartrate: 139,
    max_heartrate: 170,
    kudos_count: 42,
    comment_count: 7,
    athlete_count: 5,
  },
  {
    id: 11_900_011,
    name: 'Quarry Rock Trail Run',
    type: 'Run',
    sport_type: 'TrailRun',
    daysAgo: 16,
    hour: 7,
    distance: 7_800,
    moving_time: 3_000,
    elapsed_time: 3_240,
    total_elevation_gain: 390,
    max_speed: 3.9,
    average_heartrate: 149,
    max_heartrate: 169,
    kudos_count: 11,
    comment_count: 1,
    athlete_count: 2,
  },
  {
    id: 11_900_012,
    name: 'Easy Kitsilano Beach Run',
    type: 'Run',
    sport_type: 'Run',
    daysAgo: 18,
    hour: 18,
    distance: 6_400,
    moving_time: 2_280,
    elapsed_time: 2_340,
    total_elevation_gain: 28,
    max_speed: 3.6,
    average_heartrate: 138,
    max_heartrate: 152,
    kudos_count: 7,
    comment_count: 0,
    athlete_count: 1,
  },
  {
    id: 11_900_013,
    name: 'Whistler Valley Trail Ride',
    type: 'Ride',
    sport_type: 'Ride',
    daysAgo: 21,
    hour: 10,
    distance: 35_200,
    moving_time: 6_300,
    elapsed_time: 7_200,
    total_elevation_gain: 420,
    max_speed: 12.4,
    average_heartrate: 131,
    max_heartrate: 158,
    kudos_count: 20,
    comment_count: 2,
    athlete_count: 3,
  },
  {
    id: 11_900_014,
    name: 'Long Run to UBC',
    type: 'Run',
    sport_type: 'Run',
    daysAgo: 24,
    hour: 7,
    distance: 21_100,
    moving_time: 6_780,
    elapsed_time: 7_020,
    total_elevation_gain: 180,
    max_speed: 4.2,
    average_heartrate: 150,
    max_heartrate: 169,
    kudos_count: 27,
    comment_count: 6,
    athlete_count: 1,
  },
  {
    id: 11_900_015,
    name: 'Burnaby Mountain Hill Repeats',
    type: 'Run',
    sport_type: 'Run',
    daysAgo: 27,
    hour: 17,
    distance: 9_400,
    moving_time: 3_420,
    elapsed_time: 3_900,
    total_elevation_gain: 460,
    max_speed: 4.8,
    average_heartrate: 161,
    max_heartrate: 183,
    kudos_count: 10,
    comment_count: 1,
    athlete_count: 1,
  },
];

function startOf(activity: DemoStravaActivity, now: Date): Date {
  const start = new Date(now);
  start.setDate(start.getDate() - activity.daysAgo);
  start.setHours(activity.hour, 0, 0, 0);
  // "Today" at a later hour than now would be in the future: move it an hour before now.
  if (start > now) return new Date(now.getTime() - 60 * 60 * 1000);
  return start;
}

/** The demo activities in the unified shape the API returns, newest first. */
export function demoActivities(now: Date): UnifiedActivity[] {
  return activities.map((activity) => {
    const averageSpeed = Math.round((activity.distance / activity.moving_time) * 1000) / 1000;
    return {
      user_id: DEMO_USER.id,
      provider_type: 'strava',
      provider_activity_id: String(activity.id),
      // As the server maps Strava: the legacy `type` first (a trail run is a Run).
      activity_type: activity.type,
      name: activity.name,
      start_time: startOf(activity, now).toISOString(),
      duration_seconds: activity.moving_time,
      distance_meters: activity.distance,
      calories_burned: null,
      steps: null,
      heart_rate_avg: activity.average_heartrate,
      heart_rate_max: activity.max_heartrate,
      activity_level: workoutActivityLevel({
        durationSeconds: activity.moving_time,
        averageSpeedMps: averageSpeed,
        averageHeartRate: activity.average_heartrate,
      }),
      elevation_gain_meters: activity.total_elevation_gain,
      average_speed_mps: averageSpeed,
      fetched_at: now.toISOString(),
    };
  });
}

/** One older workout of the demo athlete: only what daily aggregates keep (raw data is purged after 7 days). */
export interface DemoHistoryWorkout {
  provider_type: 'strava';
  activity_type: 'Run' | 'Ride' | 'Hike';
  start_time: string;
  duration_seconds: number;
  distance_meters: number;
}

/** The detailed activities above cover the last 4 weeks; the history fills the 11 months before them. */
const HISTORY_FIRST_DAY_AGO = 28;
const HISTORY_LAST_DAY_AGO = 364;

/** A small seeded generator, so the demo year is the same on every visit. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A plausible year for a Vancouver trail runner and cyclist, older than the detailed activities: about
 * four sessions a week, more riding in the summer months, hikes on weekends, a quiet fortnight in winter.
 * Deterministic for a given day, placed in the viewer's local calendar like the detailed ones.
 */
export function demoActivityHistory(now: Date): DemoHistoryWorkout[] {
  const random = seededRandom(DEMO_ATHLETE.id);
  const workouts: DemoHistoryWorkout[] = [];
  for (let daysAgo = HISTORY_LAST_DAY_AGO; daysAgo >= HISTORY_FIRST_DAY_AGO; daysAgo--) {
    const day = new Date(now);
    day.setDate(day.getDate() - daysAgo);
    const month = day.getMonth();
    const weekend = day.getDay() === 0 || day.getDay() === 6;
    const summer = month >= 4 && month <= 8;
    const holidayBreak = month === 11 && day.getDate() >= 20;
    const chance = holidayBreak ? 0.08 : weekend ? 0.8 : 0.5;
    if (random() >= chance) continue;

    const roll = random();
    const activityType: DemoHistoryWorkout['activity_type'] =
      weekend && roll < 0.3 ? 'Hike' : roll < (summer ? 0.65 : 0.3) ? 'Ride' : 'Run';
    const minutes = { Run: 35 + random() * 55, Ride: 50 + random() * 130, Hike: 120 + random() * 180 }[activityType];
    const kmPerHour = { Run: 10 + random() * 2.5, Ride: 20 + random() * 8, Hike: 3.5 + random() * 1.5 }[activityType];
    const hour = weekend
      ? 8 + Math.floor(random() * 3)
      : random() < 0.6
        ? 6 + Math.floor(random() * 2)
        : 17 + Math.floor(random() * 2);
    day.setHours(hour, Math.floor(random() * 60), 0, 0);
    workouts.push({
      provider_type: 'strava',
      activity_type: activityType,
      start_time: day.toISOString(),
      duration_seconds: Math.round(minutes * 60),
      distance_meters: Math.round((minutes / 60) * kmPerHour * 1000),
    });
  }
  return workouts;
}
