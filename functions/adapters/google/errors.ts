/**
 * What can go wrong talking to Google, by what the caller must do about it. Messages follow spec §8
 * ('Google Health API error: …', 'Failed to refresh token', …) and never contain tokens or secrets.
 */
export class GoogleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The user must reconnect: no tokens stored, a refused refresh token, 401 after a refresh. */
export class GoogleAuthError extends GoogleError {}

/** 401 from the Google Health API: the access token expired or was revoked. */
export class GoogleUnauthorizedError extends GoogleAuthError {
  constructor() {
    super('Google Health API error: 401 Invalid Credentials');
  }
}

/** No answer: DNS, connection reset, the 10 s timeout. */
export class GoogleNetworkError extends GoogleError {}

/** Google answered, but not with what we asked for. `reason` is Google's ErrorInfo reason (e.g. SERVICE_DISABLED). */
export class GoogleApiError extends GoogleError {
  constructor(
    message: string,
    readonly status: number,
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** The refresh failed for a reason other than a refused refresh token (Google down, a 5xx). */
export class GoogleRefreshError extends GoogleError {}

/** The code exchange was refused: the code expired (~10 minutes), was used already, or the redirect URI does not match. */
export class GoogleInvalidCodeError extends GoogleError {}

/** Google kept answering 429 after our retries. */
export class GoogleRateLimitedError extends GoogleError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Rate limited. Try again in ${retryAfterSeconds} seconds`);
  }
}
