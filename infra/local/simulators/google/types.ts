/**
 * Shapes the Google simulator keeps and serves. JSON field names follow Google's OAuth 2.0 endpoints and the Google
 * Health API v4 discovery document (googleapis/google-api-go-client health/v4/health-api.json, read 2026-11-28).
 */

/** A Google account that can sign in on the simulated consent page. */
export interface SimGoogleUser {
  /** Google's stable account id (the OpenID `sub`): 21 digits. */
  sub: string;
  /** Identity.healthUserId: the person's id in the Google Health API (1-63 letters, digits and hyphens). */
  healthUserId: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  city: string;
  /** IANA zone the person lives in; the seeded days are their local days (the API's civil times). */
  timeZone: string;
  /** Wears a watch: exercises carry an average heart rate. */
  heartRate: boolean;
  /** The device named in each exercise's dataSource. */
  device: { formFactor: 'WATCH' | 'FITNESS_BAND' | 'PHONE'; manufacturer: string; displayName: string };
}

/** Exercise.exerciseType values of the reference. */
export type ExerciseType =
  | 'EXERCISE_TYPE_UNSPECIFIED'
  | 'RUNNING'
  | 'WALKING'
  | 'BIKING'
  | 'SWIMMING'
  | 'HIKING'
  | 'YOGA'
  | 'PILATES'
  | 'WORKOUT'
  | 'HIIT'
  | 'WEIGHTLIFTING'
  | 'STRENGTH_TRAINING'
  | 'OTHER';

/** An exercise (a data point of the `exercise` session data type), kept in plain units; served as the reference writes it. */
export interface SimExercise {
  /** The data point id: a long integer, as a string. */
  id: string;
  sub: string;
  displayName: string;
  exerciseType: ExerciseType;
  startMs: number;
  endMs: number;
  /** Duration excluding pauses. */
  activeMs: number;
  distanceMm: number;
  caloriesKcal: number;
  steps: number;
  averageHeartRate: number | null;
  elevationGainMm: number;
  updateMs: number;
}

/** One hour (or less) of a person's recorded data; the daily roll-up sums these by local day. */
export interface HourSample {
  sub: string;
  startMs: number;
  endMs: number;
  steps: number;
  /** kcal, basal + active. */
  calories: number;
  /** Metres. */
  distance: number;
}

export interface SimulatedGoogleClient {
  clientId: string;
  clientSecret: string;
  /** Authorized redirect URIs, matched exactly as Google does. Absent: any http(s) URI on localhost / 127.0.0.1. */
  redirectUris?: string[];
}

/** The OAuth endpoints' error shape: `{ error, error_description }`. */
export interface OAuthErrorBody {
  error: string;
  error_description: string;
}

/** Google's JSON error format (google.rpc.Status): an ErrorInfo detail names the reason. */
export interface ApiErrorBody {
  error: {
    code: number;
    message: string;
    status: string;
    details: Array<{ '@type': string; reason?: string; domain?: string; metadata?: Record<string, string> }>;
  };
}
