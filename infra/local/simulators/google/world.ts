import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { FaultQueue, RequestLog, TokenBook, type AccessTokenEntry, type Fault, type Outcome } from '../kit';
import { localMidnightMs } from '../../../../functions/domain/google-health-time';
import { localTimeIn, zoneRules } from '../../../../functions/shared/analysis/local-time';
import { deriveSeed, seededRandom, type Random } from '../strava/prng';
import { API_ERRORS, OAUTH_ERRORS } from './google-errors';
import { EXERCISE_TYPES, addExerciseToSamples, buildExercise, seedWorld, type SportKey } from './seed-data';
import type { ExerciseType, HourSample, SimExercise, SimGoogleUser, SimulatedGoogleClient } from './types';

/** Google's numbers: access tokens live an hour (expires_in 3599), authorization codes about ten minutes. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3599;
export const AUTHORIZATION_CODE_LIFETIME_MS = 10 * 60 * 1000;

/*
 * The Google Health API v4 as its discovery document (health/v4/health-api.json, read 2026-11-28) describes it:
 * ListDataPoints pages of `exercise` hold at most 25 (the default too), newest start first, continued by
 * nextPageToken; the filter takes exercise.interval.civil_start_time with >= and < joined by AND; dailyRollUp takes a
 * CivilTimeInterval range starting at a midnight, at most 90 days for steps. Developers' pages give a quota of about
 * 300 requests a minute per user.
 */
export const EXERCISE_MAX_PAGE_SIZE = 25;
export const MAX_ROLLUP_DAYS = 90;
export const DEFAULT_QUOTA_PER_MINUTE = 300;

const HEALTH = 'https://www.googleapis.com/auth/googlehealth.';
const USERINFO_EMAIL = 'https://www.googleapis.com/auth/userinfo.email';
const USERINFO_PROFILE = 'https://www.googleapis.com/auth/userinfo.profile';
/** The scope areas of the discovery document (each as `.readonly`, or read-write without the suffix). */
export const HEALTH_AREAS = [
  'activity_and_fitness',
  'health_metrics_and_measurements',
  'location',
  'sleep',
  'profile',
  'settings',
  'ecg',
  'irn',
] as const;
const BASIC_SCOPES = new Set(['openid', 'email', 'profile', USERINFO_EMAIL, USERINFO_PROFILE]);

export function isHealthScope(scope: string): boolean {
  const match = /^https:\/\/www\.googleapis\.com\/auth\/googlehealth\.([a-z_]+)(\.readonly)?$/.exec(scope);
  return match !== null && (HEALTH_AREAS as readonly string[]).includes(match[1] as string);
}

/** Reading exercises and steps takes the activity and fitness scope (read-only or read-write). */
function canReadActivity(scopes: readonly string[]): boolean {
  return scopes.includes(`${HEALTH}activity_and_fitness.readonly`) || scopes.includes(`${HEALTH}activity_and_fitness`);
}

/** Any Google Health scope lets the app read the person's identity (users.getIdentity). */
function hasAnyHealthScope(scopes: readonly string[]): boolean {
  return scopes.some(isHealthScope);
}

export type { Fault, Outcome };

export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  at: string;
  sub?: string;
}

export interface AuthorizeRequest {
  client: SimulatedGoogleClient;
  redirectUri: string;
  scopes: string[];
  state: string;
  accessType: 'online' | 'offline';
  prompt: string;
  includeGrantedScopes: boolean;
  loginHint: string;
}

interface CodeRecord {
  clientId: string;
  sub: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  issuedAtMs: number;
  used: boolean;
}

/** A Google token belongs to an account (the kit's TokenBook keeps client, scopes, expiry and revocation). */
type TokenRecord = AccessTokenEntry<{ sub: string }>;

export interface AddExerciseInput {
  sport?: SportKey;
  /** Overrides the sport's exercise type (e.g. one the app reads as "workout"). */
  exerciseType?: ExerciseType;
  name?: string;
  /** Default: two hours before the simulator's clock. */
  startTime?: Date;
  minutes?: number;
}

export interface WorldOptions {
  clock: () => Date;
  clients: SimulatedGoogleClient[];
  seed: number;
  historyDays: number;
  /** Requests a minute per person before a 429 (the real quota: about 300). */
  quotaPerMinute: number;
}

const newToken = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('base64url')}`;
const grantKey = (clientId: string, sub: string) => `${clientId}:${sub}`;

let signingKey: { privateKey: KeyObject; kid: string } | undefined;
function idTokenKey() {
  signingKey ??= {
    privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    kid: randomBytes(20).toString('hex'),
  };
  return signingKey;
}

/** The state of the simulated Google: accounts, Health data, OAuth grants and tokens, quota, faults, the request log. */
export class GoogleWorld {
  readonly clients: SimulatedGoogleClient[];
  private readonly clock: () => Date;
  private readonly users = new Map<string, SimGoogleUser>();
  private exercises: SimExercise[];
  private samples: HourSample[];
  private readonly rng: Random;
  private readonly codes = new Map<string, CodeRecord>();
  private readonly tokens: TokenBook<{ sub: string }>;
  private readonly grants = new Map<string, string[]>();
  private readonly faults = new FaultQueue('/v4');
  private readonly requestLog = new RequestLog<RequestRecord>(() => this.clock());
  private readonly quotaPerMinute: number;
  /** Each person's recent API calls (epoch ms), for the per-user quota. */
  private readonly calls = new Map<string, number[]>();
  /** Off: every call is refused as for a Cloud project that has not enabled the Google Health API. */
  healthApiEnabled = true;

  constructor(options: WorldOptions) {
    if (options.clients.length === 0) throw new Error('The Google simulator needs at least one client');
    this.clock = options.clock;
    this.tokens = new TokenBook(options.clock);
    this.clients = options.clients;
    const seeded = seedWorld(options.seed, options.clock(), options.historyDays);
    for (const user of seeded.users) this.users.set(user.sub, user);
    this.exercises = seeded.exercises;
    this.samples = seeded.samples;
    this.rng = seededRandom(deriveSeed(options.seed, 4000));
    this.quotaPerMinute = options.quotaPerMinute;
  }

  now(): Date {
    return this.clock();
  }

  // ---- accounts and Health data----------------------------------------------------------------

  listUsers(): SimGoogleUser[] {
    return [...this.users.values()].map((u) => ({ ...u }));
  }

  user(sub: string): SimGoogleUser | undefined {
    return this.users.get(sub);
  }

  private requireUser(sub: string): SimGoogleUser {
    const user = this.users.get(sub);
    if (!user) throw new Error(`No simulated Google user ${sub}`);
    return user;
  }

  /** Oldest first. */
  exercisesOf(sub: string): SimExercise[] {
    return this.exercises.filter((e) => e.sub === sub).sort((a, b) => a.startMs - b.startMs);
  }

  /** The person's daily totals by local date (what the Fitbit app shows), oldest first. */
  dailyTotals(sub: string): { date: string; steps: number; calories: number; distance: number }[] {
    const user = this.requireUser(sub);
    const byDate = new Map<string, { date: string; steps: number; calories: number; distance: number }>();
    // One converter for the whole history (a year and more of hourly samples).
    const localTime = localTimeIn(user.timeZone);
    for (const sample of this.samples) {
      if (sample.sub !== sub) continue;
      const { date } = localTime(sample.startMs);
      const day = byDate.get(date) ?? { date, steps: 0, calories: 0, distance: 0 };
      day.steps += sample.steps;
      day.calories += sample.calories;
      day.distance += sample.distance;
      byDate.set(date, day);
    }
    return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  }

  addExercise(sub: string, input: AddExerciseInput = {}): SimExercise {
    const user = this.requireUser(sub);
    const sport = input.sport ?? 'running';
    if (!(sport in EXERCISE_TYPES)) throw new Error(`Unknown sport ${sport}`);
    const startMs = (input.startTime ?? new Date(this.clock().getTime() - 2 * 60 * 60 * 1000)).getTime();
    const exercise = buildExercise(this.rng, user, sport, startMs, input.minutes ?? 45, input.name);
    if (input.exerciseType !== undefined) exercise.exerciseType = input.exerciseType;
    while (this.exercises.some((e) => e.id === exercise.id)) exercise.id = `${exercise.id}${this.rng.int(0, 9)}`;
    this.exercises.push(exercise);
    addExerciseToSamples(
      this.samples.filter((s) => s.sub === sub),
      exercise,
      sport,
    );
    return { ...exercise };
  }

  deleteExercise(id: string): boolean {
    const index = this.exercises.findIndex((e) => e.id === id);
    if (index < 0) return false;
    this.exercises.splice(index, 1);
    return true;
  }

  /** Replaces a local day's recorded data with one midday reading (steps 0 and calories 0 leave the day empty). */
  setDay(sub: string, date: string, values: { steps: number; calories?: number; distance?: number }): void {
    const user = this.requireUser(sub);
    const midnight = localMidnightMs(date, user.timeZone);
    const nextMidnight = localMidnightMs(shiftDays(date, 1), user.timeZone);
    this.samples = this.samples.filter((s) => s.sub !== sub || s.startMs < midnight || s.startMs >= nextMidnight);
    const calories = values.calories ?? (values.steps > 0 ? 1500 + values.steps * 0.04 : 0);
    if (values.steps <= 0 && calories <= 0) return;
    const noon = midnight + 12 * 60 * 60 * 1000;
    this.samples.push({
      sub,
      startMs: noon,
      endMs: noon + 60 * 60 * 1000,
      steps: values.steps,
      calories,
      distance: values.distance ?? values.steps * 0.75,
    });
  }

  // ---- OAuth -----------------------------------------------------------------------------------

  client(clientId: string | null | undefined): SimulatedGoogleClient | undefined {
    return this.clients.find((c) => c.clientId === clientId);
  }

  /** GET /o/oauth2/v2/auth and the consent form posted back. Google shows its own error page for these problems. */
  validateAuthorize(
    params: URLSearchParams,
  ): { ok: true; request: AuthorizeRequest } | { ok: false; status: number; error: string; description: string } {
    const fail = (status: number, error: string, description: string) => ({
      ok: false as const,
      status,
      error,
      description,
    });
    const client = this.client(params.get('client_id'));
    if (!client) return fail(401, 'invalid_client', 'The OAuth client was not found.');
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!redirectAllowed(redirectUri, client))
      return fail(
        400,
        'redirect_uri_mismatch',
        `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. Redirect URI: ${redirectUri}`,
      );
    if (params.get('response_type') !== 'code')
      return fail(400, 'unsupported_response_type', `Invalid response_type: ${params.get('response_type') ?? ''}`);
    const scopes = splitScopes(params.get('scope'));
    if (scopes.length === 0) return fail(400, 'invalid_request', 'Missing required parameter: scope');
    const unknown = scopes.find((scope) => !BASIC_SCOPES.has(scope) && !isHealthScope(scope));
    if (unknown) return fail(400, 'invalid_scope', `Some requested scopes were invalid. {invalid=[${unknown}]}`);
    return {
      ok: true,
      request: {
        client,
        redirectUri,
        scopes,
        state: params.get('state') ?? '',
        accessType: params.get('access_type') === 'offline' ? 'offline' : 'online',
        prompt: params.get('prompt') ?? '',
        includeGrantedScopes: params.get('include_granted_scopes') === 'true',
        loginHint: params.get('login_hint') ?? '',
      },
    };
  }

  /** The person pressed Allow with these Health scopes ticked (granular consent); returns the redirect with state, code and scope. */
  approve(request: AuthorizeRequest, sub: string, tickedHealthScopes: string[]): string {
    this.requireUser(sub);
    const basic = request.scopes.filter((scope) => BASIC_SCOPES.has(scope));
    const health = request.scopes.filter((scope) => isHealthScope(scope) && tickedHealthScopes.includes(scope));
    const previous = request.includeGrantedScopes
      ? (this.grants.get(grantKey(request.client.clientId, sub)) ?? [])
      : [];
    const scopes = normaliseScopes([...previous, ...basic, ...health]);
    const code = newToken('4/0A', 54);
    this.codes.set(code, {
      clientId: request.client.clientId,
      sub,
      redirectUri: request.redirectUri,
      scopes,
      offline: request.accessType === 'offline',
      issuedAtMs: this.clock().getTime(),
      used: false,
    });
    this.grants.set(grantKey(request.client.clientId, sub), scopes);
    return appendQuery(request.redirectUri, [
      ['state', request.state],
      ['code', code],
      ['scope', scopes.join(' ')],
      ['authuser', '0'],
      ['prompt', 'consent'],
    ]);
  }

  /** The person pressed Cancel. */
  deny(request: AuthorizeRequest): string {
    return appendQuery(request.redirectUri, [
      ['error', 'access_denied'],
      ['state', request.state],
    ]);
  }

  /** POST /token (client credentials in the form, or HTTP Basic). */
  token(params: URLSearchParams, basic: { id: string; secret: string } | null): Outcome {
    const clientId = basic?.id ?? params.get('client_id');
    const clientSecret = basic?.secret ?? params.get('client_secret');
    const client = this.client(clientId);
    if (!client) return { status: 401, body: OAUTH_ERRORS.clientNotFound() };
    if (clientSecret !== client.clientSecret) return { status: 401, body: OAUTH_ERRORS.clientUnauthorized() };
    const grantType = params.get('grant_type');
    if (!grantType) return { status: 400, body: OAUTH_ERRORS.missingParameter('grant_type') };
    if (grantType === 'authorization_code') return this.exchangeCode(client, params);
    if (grantType === 'refresh_token') return this.refresh(client, params.get('refresh_token'));
    return { status: 400, body: OAUTH_ERRORS.unsupportedGrantType(grantType) };
  }

  private exchangeCode(client: SimulatedGoogleClient, params: URLSearchParams): Outcome {
    const code = params.get('code');
    if (!code) return { status: 400, body: OAUTH_ERRORS.missingParameter('code') };
    const redirectUri = params.get('redirect_uri');
    if (!redirectUri) return { status: 400, body: OAUTH_ERRORS.missingParameter('redirect_uri') };
    const record = this.codes.get(code);
    const expired = record !== undefined && this.clock().getTime() > record.issuedAtMs + AUTHORIZATION_CODE_LIFETIME_MS;
    if (!record || record.used || expired || record.clientId !== client.clientId)
      return { status: 400, body: OAUTH_ERRORS.invalidGrantCode() };
    if (redirectUri !== record.redirectUri) return { status: 400, body: OAUTH_ERRORS.redirectUriMismatch() };
    record.used = true;
    return { status: 200, body: this.issueTokens(client.clientId, record.sub, record.scopes, record.offline) };
  }

  private refresh(client: SimulatedGoogleClient, refreshToken: string | null): Outcome {
    if (!refreshToken) return { status: 400, body: OAUTH_ERRORS.missingParameter('refresh_token') };
    const record = this.tokens.liveRefresh(refreshToken, client.clientId);
    if (!record) return { status: 400, body: OAUTH_ERRORS.invalidGrantRefresh() };
    // Google keeps the refresh token (no rotation) and sends no new one.
    const { refresh_token: _kept, ...rest } = this.issueTokens(client.clientId, record.sub, record.scopes, false);
    return { status: 200, body: rest };
  }

  /** What a code exchange returns; also used by the control plane to skip the consent page. */
  issueTokens(clientId: string, sub: string, scopes: string[], offline: boolean) {
    const user = this.requireUser(sub);
    const nowMs = this.clock().getTime();
    const accessToken = newToken('ya29.a0', 96);
    this.tokens.issueAccess(accessToken, { clientId, sub, scopes }, nowMs + ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
    let refreshToken: string | undefined;
    if (offline) {
      refreshToken = newToken('1//0', 72);
      this.tokens.issueRefresh(refreshToken, { clientId, sub, scopes });
    }
    this.grants.set(grantKey(clientId, sub), scopes);
    return {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: scopes.join(' '),
      token_type: 'Bearer',
      ...(scopes.includes('openid') ? { id_token: this.idToken(clientId, user, scopes, nowMs) } : {}),
    };
  }

  private idToken(clientId: string, user: SimGoogleUser, scopes: string[], nowMs: number): string {
    const { privateKey, kid } = idTokenKey();
    const iat = Math.floor(nowMs / 1000);
    const claims = {
      iss: 'https://accounts.google.com',
      azp: clientId,
      aud: clientId,
      sub: user.sub,
      ...(scopes.includes(USERINFO_EMAIL) ? { email: user.email, email_verified: true } : {}),
      ...(scopes.includes(USERINFO_PROFILE)
        ? { name: user.name, given_name: user.givenName, family_name: user.familyName }
        : {}),
      iat,
      exp: iat + 3600,
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signingInput = `${encode({ alg: 'RS256', kid, typ: 'JWT' })}.${encode(claims)}`;
    const signature = createSign('RSA-SHA256').update(signingInput).sign(privateKey).toString('base64url');
    return `${signingInput}.${signature}`;
  }

  /** GET or POST /tokeninfo?access_token=… */
  tokenInfo(accessToken: string | null): Outcome {
    const record = accessToken ? this.liveAccessToken(accessToken) : undefined;
    if (!record) return { status: 400, body: OAUTH_ERRORS.invalidTokenInfo() };
    const user = this.requireUser(record.sub);
    const nowMs = this.clock().getTime();
    const hasEmail = record.scopes.includes(USERINFO_EMAIL);
    return {
      status: 200,
      body: {
        azp: record.clientId,
        aud: record.clientId,
        sub: record.sub,
        scope: record.scopes.join(' '),
        exp: String(Math.floor(record.expiresAtMs / 1000)),
        expires_in: String(Math.max(0, Math.floor((record.expiresAtMs - nowMs) / 1000))),
        ...(hasEmail ? { email: user.email, email_verified: 'true' } : {}),
        access_type: this.hasRefreshToken(record.clientId, record.sub) ? 'offline' : 'online',
      },
    };
  }

  private hasRefreshToken(clientId: string, sub: string): boolean {
    return this.tokens.hasLiveRefresh((r) => r.clientId === clientId && r.sub === sub);
  }

  /** POST /revoke?token=… (access or refresh token): the whole grant goes, as at Google. */
  revoke(token: string | null): Outcome {
    const record = token ? this.tokens.liveAny(token) : undefined;
    if (!record) return { status: 400, body: OAUTH_ERRORS.revokeFailed() };
    this.revokeGrant(record.sub, record.clientId);
    return { status: 200, body: {} };
  }

  /** Every token of this account for this app stops working (revoked here or in the Google Account's settings). */
  revokeGrant(sub: string, clientId: string): void {
    this.tokens.revokeWhere((record) => record.sub === sub && record.clientId === clientId);
    this.grants.delete(grantKey(clientId, sub));
  }

  /** Access tokens expire now (all, or one account's); refresh tokens keep working. */
  expireAccessTokens(sub?: string): number {
    return this.tokens.expireAccessWhere((record) => sub === undefined || record.sub === sub);
  }

  grantedScopes(sub: string, clientId: string): string[] {
    return [...(this.grants.get(grantKey(clientId, sub)) ?? [])];
  }

  private liveAccessToken(token: string): TokenRecord | undefined {
    return this.tokens.liveAccess(token);
  }

  // ---- Google Health API v4 --------------------------------------------------------------------

  /** /v4/…: authentication, whether the project may use the API, the person's quota, then the route. */
  api(
    method: string,
    path: string,
    query: URLSearchParams,
    body: string,
    accessToken: string | null,
  ): Outcome & { sub?: string } {
    const token = accessToken ? this.liveAccessToken(accessToken) : undefined;
    if (!token)
      return {
        status: 401,
        body: API_ERRORS.unauthenticated(),
        headers: { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      };
    const sub = token.sub;
    const client = this.client(token.clientId) as SimulatedGoogleClient;
    if (!this.healthApiEnabled)
      return { status: 403, body: API_ERRORS.serviceDisabled(projectNumberOf(client.clientId)), sub };
    if (!this.withinQuota(sub)) return { status: 429, body: API_ERRORS.quotaExceeded(), sub };
    const user = this.requireUser(sub);
    const identity = /^\/v4\/users\/([^/]+)\/identity$/.exec(path);
    if (identity && method === 'GET') {
      if (identity[1] !== 'me') return { status: 404, body: API_ERRORS.notFound(), sub };
      if (!hasAnyHealthScope(token.scopes)) return { status: 403, body: API_ERRORS.insufficientScopes(), sub };
      return { status: 200, body: { name: 'users/me/identity', healthUserId: user.healthUserId }, sub };
    }
    const points = /^\/v4\/users\/([^/]+)\/dataTypes\/([^/:]+)\/dataPoints(:dailyRollUp)?$/.exec(path);
    if (!points) return { status: 404, body: API_ERRORS.notFound(), sub };
    const [, who, dataType, rollUp] = points;
    if (who !== 'me' && who !== user.healthUserId) return { status: 403, body: API_ERRORS.insufficientScopes(), sub };
    if (!canReadActivity(token.scopes)) return { status: 403, body: API_ERRORS.insufficientScopes(), sub };
    if (!rollUp && method === 'GET' && dataType === 'exercise') return { ...this.listExercises(query, user), sub };
    if (rollUp && method === 'POST' && dataType === 'steps') return { ...this.dailyRollUp(body, user), sub };
    if (rollUp && method === 'POST')
      return {
        status: 400,
        body: API_ERRORS.invalidArgument(`The simulator rolls up steps only, not ${dataType}.`),
        sub,
      };
    return { status: 404, body: API_ERRORS.notFound(), sub };
  }

  /** The per-user quota over a sliding minute of the simulator's clock. */
  private withinQuota(sub: string): boolean {
    const nowMs = this.clock().getTime();
    const recent = (this.calls.get(sub) ?? []).filter((at) => at > nowMs - 60_000);
    if (recent.length >= this.quotaPerMinute) {
      this.calls.set(sub, recent);
      return false;
    }
    recent.push(nowMs);
    this.calls.set(sub, recent);
    return true;
  }

  /** users.dataTypes.dataPoints.list for `exercise`: newest start first, 25 a page at most, civil start filter. */
  private listExercises(query: URLSearchParams, user: SimGoogleUser): Outcome {
    const bad = (message: string) => ({ status: 400, body: API_ERRORS.invalidArgument(message) });
    const filterText = query.get('filter') ?? '';
    const filter = parseExerciseFilter(filterText);
    if (typeof filter === 'string') return bad(filter);
    const sizeText = query.get('pageSize');
    const size = sizeText === null ? EXERCISE_MAX_PAGE_SIZE : Number(sizeText);
    if (!Number.isInteger(size) || size < 0) return bad(`Invalid value at 'page_size' (TYPE_INT32), "${sizeText}"`);
    const pageSize = size === 0 ? EXERCISE_MAX_PAGE_SIZE : Math.min(size, EXERCISE_MAX_PAGE_SIZE);
    let offset = 0;
    const pageToken = query.get('pageToken');
    if (pageToken) {
      const decoded = decodePageToken(pageToken);
      if (!decoded || decoded.filter !== filterText || decoded.sub !== user.sub)
        return bad('The page token is invalid or does not match the request.');
      offset = decoded.offset;
    }
    const rules = zoneRules(user.timeZone);
    const civilStart = (e: SimExercise) => civilText(rules, e.startMs);
    const matching = this.exercises
      .filter((e) => e.sub === user.sub && filter.every((clause) => clause(civilStart(e))))
      .sort((a, b) => b.startMs - a.startMs);
    const page = matching.slice(offset, offset + pageSize);
    const nextOffset = offset + page.length;
    return {
      status: 200,
      body: {
        dataPoints: page.map((e) => exerciseJson(e, user)),
        ...(nextOffset < matching.length
          ? { nextPageToken: encodePageToken({ sub: user.sub, filter: filterText, offset: nextOffset }) }
          : {}),
      },
    };
  }

  /** users.dataTypes.dataPoints.dailyRollUp for `steps`: one value per window of local days that has any steps. */
  private dailyRollUp(text: string, user: SimGoogleUser): Outcome {
    const bad = (message: string) => ({ status: 400, body: API_ERRORS.invalidArgument(message) });
    let request: { range?: { start?: unknown; end?: unknown }; windowSizeDays?: unknown };
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return bad('Invalid JSON payload received. Expected an object.');
      request = parsed as typeof request;
    } catch {
      return bad('Invalid JSON payload received. Unexpected token.');
    }
    const start = civilDateOf(request.range?.start);
    const end = civilDateOf(request.range?.end);
    if (typeof start !== 'string') return bad(start?.error ?? 'range.start is required.');
    if (typeof end !== 'string') return bad(end?.error ?? 'range.end is required.');
    if (end <= start) return bad('range.end must be after range.start.');
    const days = daysBetween(start, end);
    if (days > MAX_ROLLUP_DAYS) return bad(`The maximum range for steps is ${MAX_ROLLUP_DAYS} days.`);
    const window = request.windowSizeDays === undefined ? 1 : request.windowSizeDays;
    if (typeof window !== 'number' || !Number.isInteger(window) || window < 1)
      return bad('windowSizeDays must be a positive whole number.');
    const stepsByDate = new Map<string, number>();
    const civil = localTimeIn(user.timeZone);
    const fromMs = localMidnightMs(start, user.timeZone);
    const toMs = localMidnightMs(end, user.timeZone);
    for (const sample of this.samples) {
      if (sample.sub !== user.sub || sample.startMs < fromMs || sample.startMs >= toMs) continue;
      const { date } = civil(sample.startMs);
      stepsByDate.set(date, (stepsByDate.get(date) ?? 0) + sample.steps);
    }
    const rollupDataPoints: unknown[] = [];
    for (let offset = 0; offset < days; offset += window) {
      const from = shiftDays(start, offset);
      const to = shiftDays(start, Math.min(offset + window, days));
      let sum = 0;
      for (let d = from; d < to; d = shiftDays(d, 1)) sum += stepsByDate.get(d) ?? 0;
      if (sum <= 0) continue;
      rollupDataPoints.push({
        civilStartTime: { date: dateObject(from), time: {} },
        civilEndTime: { date: dateObject(to), time: {} },
        steps: { countSum: String(Math.round(sum)) },
      });
    }
    return { status: 200, body: { rollupDataPoints } };
  }

  // ---- faults and the request log --------------------------------------------------------------

  /** `sub`: only that person's requests (by their access token) suffer it, so suites sharing a simulator do not. */
  failNext(count: number, fault: Fault, pathPrefix = '/v4', sub?: string): void {
    this.faults.failNext(count, fault, pathPrefix, sub);
  }

  clearFaults(sub?: string): void {
    this.faults.clear(sub);
  }

  /** The fault the next request to `path` (with this access token, if any) must suffer, if any (consumes one). */
  takeFault(path: string, accessToken?: string | null): Fault | undefined {
    const sub = accessToken ? this.liveAccessToken(accessToken)?.sub : undefined;
    return this.faults.take(path, sub);
  }

  record(entry: Omit<RequestRecord, 'at'>): void {
    this.requestLog.record(entry);
  }

  requests(): RequestRecord[] {
    return this.requestLog.all();
  }

  clearRequests(): void {
    this.requestLog.clear();
  }
}

// ---- helpers and JSON shapes -------------------------------------------------------------------

function shiftDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function dateObject(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** A CivilDateTime of a roll-up range: a whole date; a time, if given, must be midnight (windows start at midnight). */
function civilDateOf(value: unknown): string | { error: string } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { date, time } = value as { date?: { year?: unknown; month?: unknown; day?: unknown }; time?: unknown };
  const { year, month, day } = date ?? {};
  if (![year, month, day].every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0))
    return { error: 'range dates need a year, month and day.' };
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return { error: `Invalid date ${text}.` };
  if (time && typeof time === 'object' && Object.values(time as Record<string, unknown>).some((v) => v !== 0))
    return { error: 'The range must start and end at midnight to align with the aggregation window.' };
  return text;
}

/** 'YYYY-MM-DDTHH:mm:ss' of an instant on the person's wall clock: what the civil time filter compares. */
function civilText(rules: { offsetAt(ms: number): number }, ms: number): string {
  return new Date(ms + rules.offsetAt(ms)).toISOString().slice(0, 19);
}

/**
 * The filter clauses the reference allows for sessions: `exercise.interval.civil_start_time` with `>=` or `<` and a
 * quoted `YYYY-MM-DD[THH:mm:ss]`, joined by AND. Anything else is refused as Google refuses it (a string is the error).
 */
function parseExerciseFilter(filter: string): ((civilStart: string) => boolean)[] | string {
  if (filter.trim() === '') return [];
  const clauses: ((civilStart: string) => boolean)[] = [];
  for (const part of filter.split(/\s+AND\s+/)) {
    const match =
      /^\s*exercise\.interval\.civil_start_time\s*(>=|<)\s*"(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}:\d{2})?"\s*$/.exec(part);
    if (!match)
      return `Invalid filter: ${part.trim()}. Supported: exercise.interval.civil_start_time >= or < "YYYY-MM-DD[THH:mm:ss]".`;
    const literal = `${match[2]}${match[3] ?? 'T00:00:00'}`;
    clauses.push(match[1] === '>=' ? (start) => start >= literal : (start) => start < literal);
  }
  return clauses;
}

function encodePageToken(value: { sub: string; filter: string; offset: number }): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodePageToken(token: string): { sub: string; filter: string; offset: number } | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof value.sub !== 'string' || typeof value.filter !== 'string') return null;
    if (typeof value.offset !== 'number' || !Number.isInteger(value.offset) || value.offset < 0) return null;
    return { sub: value.sub, filter: value.filter, offset: value.offset };
  } catch {
    return null;
  }
}

function splitScopes(scope: string | null): string[] {
  return [...new Set((scope ?? '').split(/\s+/).filter(Boolean))];
}

/** Google reports email/profile by their long names and always includes openid when asked. */
function normaliseScopes(scopes: string[]): string[] {
  const long = scopes.map((scope) =>
    scope === 'email' ? USERINFO_EMAIL : scope === 'profile' ? USERINFO_PROFILE : scope,
  );
  return [...new Set(long)];
}

function redirectAllowed(redirectUri: string, client: SimulatedGoogleClient): boolean {
  if (client.redirectUris) return client.redirectUris.includes(redirectUri);
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1') &&
    url.hash === ''
  );
}

function appendQuery(redirectUri: string, pairs: [string, string][]): string {
  const url = new URL(redirectUri);
  const extra = pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${url.origin}${url.pathname}?${url.search.length > 1 ? `${url.search.slice(1)}&` : ''}${extra}`;
}

/** A Google OAuth client id starts with the Cloud project's number. */
function projectNumberOf(clientId: string): string {
  return /^(\d+)-/.exec(clientId)?.[1] ?? '000000000000';
}

/** "google-duration": seconds with an "s". */
const duration = (ms: number) => `${Math.round(ms / 1000)}s`;
const rfc3339 = (ms: number) => new Date(ms).toISOString();

/** An exercise as the reference's DataPoint: int64 fields as strings, doubles as numbers, civil times by the zone. */
function exerciseJson(exercise: SimExercise, user: SimGoogleUser) {
  const rules = zoneRules(user.timeZone);
  const civil = (ms: number) => {
    const wall = new Date(ms + rules.offsetAt(ms));
    return {
      date: { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() },
      time: { hours: wall.getUTCHours(), minutes: wall.getUTCMinutes(), seconds: wall.getUTCSeconds() },
    };
  };
  const offset = (ms: number) => duration(rules.offsetAt(ms));
  const minutes = (exercise.activeMs / 60_000) | 0;
  return {
    name: `users/${user.healthUserId}/dataTypes/exercise/dataPoints/${exercise.id}`,
    dataSource: {
      recordingMethod: 'ACTIVELY_MEASURED',
      device: { ...user.device },
      platform: 'FITBIT',
    },
    exercise: {
      interval: {
        startTime: rfc3339(exercise.startMs),
        startUtcOffset: offset(exercise.startMs),
        endTime: rfc3339(exercise.endMs),
        endUtcOffset: offset(exercise.endMs),
        civilStartTime: civil(exercise.startMs),
        civilEndTime: civil(exercise.endMs),
      },
      exerciseType: exercise.exerciseType,
      displayName: exercise.displayName,
      activeDuration: duration(exercise.activeMs),
      metricsSummary: {
        ...(exercise.caloriesKcal > 0 ? { caloriesKcal: exercise.caloriesKcal } : {}),
        ...(exercise.distanceMm > 0 ? { distanceMillimeters: exercise.distanceMm } : {}),
        ...(exercise.steps > 0 ? { steps: String(exercise.steps) } : {}),
        ...(exercise.averageHeartRate !== null
          ? {
              averageHeartRateBeatsPerMinute: String(exercise.averageHeartRate),
              activeZoneMinutes: String(Math.round(minutes * 0.6)),
            }
          : {}),
        ...(exercise.elevationGainMm > 0 ? { elevationGainMillimeters: exercise.elevationGainMm } : {}),
        ...(exercise.distanceMm > 0
          ? { averageSpeedMillimetersPerSecond: Math.round((exercise.distanceMm / exercise.activeMs) * 1000 * 10) / 10 }
          : {}),
      },
      createTime: rfc3339(exercise.endMs + 60_000),
      updateTime: rfc3339(exercise.updateMs),
    },
  };
}
