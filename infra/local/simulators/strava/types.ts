/** Shapes the simulator keeps and serves. Field names follow Strava's API v3 JSON. */

export interface SimAthlete {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  bio: string;
  city: string;
  state: string;
  country: string;
  sex: 'M' | 'F';
  weight: number;
  premium: boolean;
  created_at: string;
  /** IANA zone the athlete records in; drives start_date_local and utc_offset. */
  timeZone: string;
  home: readonly [number, number];
  /** Metres above sea level where they usually start. */
  baseElevation: number;
}

export type Visibility = 'everyone' | 'followers_only' | 'only_me';

/** A stored activity: everything DetailedActivity shows; SummaryActivity is a subset. */
export interface SimActivity {
  id: number;
  athleteId: number;
  name: string;
  type: string;
  sport_type: string;
  workout_type: number | null;
  start_date: string;
  start_date_local: string;
  timezone: string;
  utc_offset: number;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  total_elevation_gain: number;
  elev_high: number | null;
  elev_low: number | null;
  average_speed: number;
  max_speed: number;
  has_heartrate: boolean;
  average_heartrate: number | null;
  max_heartrate: number | null;
  calories: number;
  start_latlng: [number, number] | [];
  end_latlng: [number, number] | [];
  summary_polyline: string;
  kudos_count: number;
  comment_count: number;
  athlete_count: number;
  achievement_count: number;
  pr_count: number;
  trainer: boolean;
  commute: boolean;
  manual: boolean;
  visibility: Visibility;
  device_name: string;
  description: string | null;
  upload_id: number;
  /** The uploader's file name; null for activities recorded in the Strava app. */
  external_id: string | null;
}

export interface RateLimitPair {
  fifteenMin: number;
  daily: number;
}

export interface RateLimitSettings {
  /** Every request (Strava's default 200 per 15 minutes, 2,000 per day). */
  overall: RateLimitPair;
  /** "Non-upload" requests, i.e. every endpoint simulated here (Strava's default 100 / 1,000). */
  read: RateLimitPair;
}

export interface RateLimitUsage {
  overall: RateLimitPair;
  read: RateLimitPair;
}

export interface SimulatedClient {
  clientId: string;
  clientSecret: string;
  /** Strava's "Authorization Callback Domain"; localhost and 127.0.0.1 are always allowed. Absent: any host. */
  callbackDomain?: string;
}

/** An error answer in Strava's shape: `{ message, errors: [{ resource, field, code }] }`. */
export interface StravaErrorBody {
  message: string;
  errors: Array<{ resource: string; field: string; code: string }>;
}
