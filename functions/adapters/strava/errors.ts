/**
 * What can go wrong talking to Strava, by what the caller must do about it. Messages follow spec §8
 * ('Token expired', 'Failed to fetch activities: …', …) and never contain tokens or secrets.
 */
export class StravaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The user must reconnect: 401 after a refresh, a refused refresh token, no tokens stored. */
export class StravaAuthError extends StravaError {}

/** No answer: DNS, connection reset, the 10 s timeout. */
export class StravaNetworkError extends StravaError {}

/** Strava answered, but not with what we asked for (4xx/5xx other than 401/429, or a body we cannot read). */
export class StravaApiError extends StravaError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** 401 from /api/v3: the access token expired or was revoked. */
export class StravaUnauthorizedError extends StravaAuthError {
  constructor() {
    super('Token expired');
  }
}

/** The code exchange was refused with an invalid `code` (expired, used, or redirect URI mismatch; spec §5). */
export class StravaInvalidCodeError extends StravaError {}

/**
 * The code exchange was refused because the app already has as many athletes connected as Strava allows it (a
 * Standard-tier app: 10). Strava answers 403 "Limit of connected athletes exceeded".
 */
export class StravaAthleteCapacityError extends StravaError {}

/** Strava kept answering 429 after our retries. */
export class StravaRateLimitedError extends StravaError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Rate limited. Try again in ${retryAfterSeconds} seconds`);
  }
}
