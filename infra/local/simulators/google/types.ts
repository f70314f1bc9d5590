/** Shapes the Google simulator keeps and serves. JSON field names follow Google's OAuth 2.0 and Fitness REST API v1. */

/** A Google account that can sign in on the simulated consent page. */
export interface SimGoogleUser {
  /** Google's stable account id (the OpenID `sub`): 21 digits. */
  sub: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  city: string;
  /** IANA zone the person lives in; the seeded days are their local days. */
  timeZone: string;
  /** Wears a watch: heart-rate samples exist. */
  heartRate: boolean;
}

/** A Fitness session (users.sessions resource). Millisecond times are int64, which Google writes as strings. */
export interface SimSession {
  id: string;
  sub: string;
  name: string;
  description: string;
  activityType: number;
  startTimeMillis: number;
  endTimeMillis: number;
  modifiedTimeMillis: number;
  activeTimeMillis?: number;
  application: { packageName: string; version?: string; detailsUrl?: string; name?: string };
}

/** One hour (or less) of a person's recorded data; the aggregate endpoint sums these into buckets. */
export interface HourSample {
  sub: string;
  startMs: number;
  endMs: number;
  steps: number;
  /** kcal, basal + active, as com.google.calories.expended. */
  calories: number;
  /** Metres. */
  distance: number;
  heartRate: { average: number; max: number; min: number } | null;
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

/** The Google APIs' error shape (googleapis.com JSON errors). */
export interface ApiErrorBody {
  error: {
    code: number;
    message: string;
    errors: Array<{
      message: string;
      domain: string;
      reason: string;
      location?: string;
      locationType?: string;
      extendedHelp?: string;
    }>;
    status: string;
    details?: unknown[];
  };
}
