import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { FaultQueue, RequestLog, TokenBook, type AccessTokenEntry, type Fault, type Outcome } from '../kit';
import { localDateOf, localMidnightMs } from '../../../../functions/domain/google-fit-time';
import { localTimeIn } from '../../../../functions/shared/analysis/local-time';
import { deriveSeed, seededRandom, type Random } from '../strava/prng';
import { API_ERRORS, OAUTH_ERRORS } from './google-errors';
import { ACTIVITY_TYPES, addSessionToSamples, buildSession, seedWorld, type SportKey } from './seed-data';
import type { HourSample, SimGoogleUser, SimSession, SimulatedGoogleClient } from './types';

/** Google's numbers: access tokens live an hour (expires_in 3599), authorization codes about ten minutes. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3599;
export const AUTHORIZATION_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** A guard against runaway requests (the real API refuses very large aggregations too). */
export const MAX_BUCKETS = 10_000;

const FITNESS = 'https://www.googleapis.com/auth/fitness.';
const USERINFO_EMAIL = 'https://www.googleapis.com/auth/userinfo.email';
const USERINFO_PROFILE = 'https://www.googleapis.com/auth/userinfo.profile';
const FITNESS_AREAS = [
  'activity',
  'body',
  'location',
  'heart_rate',
  'sleep',
  'nutrition',
  'blood_pressure',
  'blood_glucose',
  'oxygen_saturation',
  'body_temperature',
  'reproductive_health',
] as const;
const BASIC_SCOPES = new Set(['openid', 'email', 'profile', USERINFO_EMAIL, USERINFO_PROFILE]);

export function isFitnessScope(scope: string): boolean {
  const match = /^https:\/\/www\.googleapis\.com\/auth\/fitness\.([a-z_]+)\.(read|write)$/.exec(scope);
  return match !== null && (FITNESS_AREAS as readonly string[]).includes(match[1] as string);
}

/** Aggregatable data types, what they aggregate into, and the scope areas that may read them. */
const DATA_TYPES: Record<
  string,
  {
    aggregate: string;
    areas: readonly string[];
    value: 'int' | 'fp' | 'summary';
    read: (s: HourSample) => number | null;
  }
> = {
  'com.google.step_count.delta': {
    aggregate: 'com.google.step_count.delta',
    areas: ['activity'],
    value: 'int',
    read: (s) => s.steps,
  },
  'com.google.calories.expended': {
    aggregate: 'com.google.calories.expended',
    areas: ['activity'],
    value: 'fp',
    read: (s) => s.calories,
  },
  'com.google.distance.delta': {
    aggregate: 'com.google.distance.delta',
    areas: ['location'],
    value: 'fp',
    read: (s) => s.distance,
  },
  'com.google.heart_rate.bpm': {
    aggregate: 'com.google.heart_rate.summary',
    areas: ['heart_rate', 'body'],
    value: 'summary',
    read: (s) => s.heartRate?.average ?? null,
  },
};

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

export interface AddSessionInput {
  sport?: SportKey;
  /** Overrides the sport's code (e.g. a code the spec maps to "workout"). */
  activityType?: number;
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

/** The state of the simulated Google: accounts, Fit data, OAuth grants and tokens, faults, the request log. */
export class GoogleWorld {
  readonly clients: SimulatedGoogleClient[];
  private readonly clock: () => Date;
  private readonly users = new Map<string, SimGoogleUser>();
  private sessions: SimSession[];
  private readonly deletedSessions: SimSession[] = [];
  private samples: HourSample[];
  private readonly rng: Random;
  private readonly codes = new Map<string, CodeRecord>();
  private readonly tokens: TokenBook<{ sub: string }>;
  private readonly grants = new Map<string, string[]>();
  private readonly faults = new FaultQueue('/fitness/v1');
  private readonly requestLog = new RequestLog<RequestRecord>(() => this.clock());
  /** Google has closed the Fitness API to new projects: off, every Fitness call is refused as for such a project. */
  fitnessApiEnabled = true;

  constructor(options: WorldOptions) {
    if (options.clients.length === 0) throw new Error('The Google simulator needs at least one client');
    this.clock = options.clock;
    this.tokens = new TokenBook(options.clock);
    this.clients = options.clients;
    const seeded = seedWorld(options.seed, options.clock(), options.historyDays);
    for (const user of seeded.users) this.users.set(user.sub, user);
    this.sessions = seeded.sessions;
    this.samples = seeded.samples;
    this.rng = seededRandom(deriveSeed(options.seed, 4000));
  }

  now(): Date {
    return this.clock();
  }

  // ---- accounts and Fit data -------------------------------------------------------------------

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

  sessionsOf(sub: string): SimSession[] {
    return this.sessions.filter((s) => s.sub === sub).sort((a, b) => a.startTimeMillis - b.startTimeMillis);
  }

  /** The person's daily totals by local date (what the Fit app shows), oldest first. */
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

  addSession(sub: string, input: AddSessionInput = {}): SimSession {
    const user = this.requireUser(sub);
    const sport = input.sport ?? 'running';
    if (!(sport in ACTIVITY_TYPES)) throw new Error(`Unknown sport ${sport}`);
    const startMs = (input.startTime ?? new Date(this.clock().getTime() - 2 * 60 * 60 * 1000)).getTime();
    const session = buildSession(
      this.rng,
      { user, app: 'com.google.android.apps.fitness' },
      sport,
      startMs,
      input.minutes ?? 45,
      input.name,
    );
    if (input.activityType !== undefined) session.activityType = input.activityType;
    if (this.sessions.some((s) => s.id === session.id)) session.id = `${session.id}-${this.rng.int(1000, 9999)}`;
    this.sessions.push(session);
    addSessionToSamples(
      this.rng,
      this.samples.filter((s) => s.sub === sub),
      session,
      sport,
    );
    return { ...session };
  }

  deleteSession(id: string): boolean {
    const index = this.sessions.findIndex((s) => s.id === id);
    if (index < 0) return false;
    const [removed] = this.sessions.splice(index, 1);
    this.deletedSessions.push(removed as SimSession);
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
      heartRate: null,
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
    const unknown = scopes.find((scope) => !BASIC_SCOPES.has(scope) && !isFitnessScope(scope));
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

  /** The person pressed Allow with these fitness scopes ticked; returns the redirect with state, code and scope. */
  approve(request: AuthorizeRequest, sub: string, tickedFitnessScopes: string[]): string {
    this.requireUser(sub);
    const basic = request.scopes.filter((scope) => BASIC_SCOPES.has(scope));
    const fitness = request.scopes.filter((scope) => isFitnessScope(scope) && tickedFitnessScopes.includes(scope));
    const previous = request.includeGrantedScopes
      ? (this.grants.get(grantKey(request.client.clientId, sub)) ?? [])
      : [];
    const scopes = normaliseScopes([...previous, ...basic, ...fitness]);
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

  // ---- Fitness REST API v1 ---------------------------------------------------------------------

  /** /fitness/v1/users/{userId}/…: authentication, then whether the project may use the API, then the route. */
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
    const client = this.client(token.clientId) as SimulatedGoogleClient;
    if (!this.fitnessApiEnabled)
      return { status: 403, body: API_ERRORS.apiDisabled(projectNumberOf(client.clientId)), sub: token.sub };
    const match = /^\/fitness\/v1\/users\/([^/]+)\/(dataset:aggregate|sessions)$/.exec(path);
    if (!match) return { status: 404, body: API_ERRORS.notFound(), sub: token.sub };
    if (match[1] !== 'me' && match[1] !== token.sub)
      return { status: 403, body: API_ERRORS.insufficientScopes(), sub: token.sub };
    if (match[2] === 'dataset:aggregate' && method === 'POST')
      return { ...this.aggregate(body, token), sub: token.sub };
    if (match[2] === 'sessions' && method === 'GET') return { ...this.listSessions(query, token), sub: token.sub };
    return { status: 404, body: API_ERRORS.notFound(), sub: token.sub };
  }

  private aggregate(text: string, token: TokenRecord): Outcome {
    const bad = (message: string) => ({ status: 400, body: API_ERRORS.invalidArgument(message) });
    let request: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return bad('Invalid JSON payload received. Expected an object.');
      request = parsed as Record<string, unknown>;
    } catch {
      return bad('Invalid JSON payload received. Unexpected token.');
    }
    const aggregateBy = request.aggregateBy;
    if (!Array.isArray(aggregateBy) || aggregateBy.length === 0) return bad('Must specify at least one aggregateBy.');
    const types: string[] = [];
    for (const entry of aggregateBy as unknown[]) {
      const item = (entry ?? {}) as { dataTypeName?: unknown; dataSourceId?: unknown };
      const name =
        typeof item.dataTypeName === 'string'
          ? item.dataTypeName
          : typeof item.dataSourceId === 'string'
            ? item.dataSourceId.split(':')[1]
            : undefined;
      if (!name || !DATA_TYPES[name])
        return bad(`no default datasource found for: ${String(item.dataTypeName ?? item.dataSourceId ?? '')}`);
      types.push(name);
    }
    if (request.bucketBySession || request.bucketByActivityType || request.bucketByActivitySegment)
      return bad('The simulator supports bucketByTime only.');
    const start = int64(request.startTimeMillis);
    const end = int64(request.endTimeMillis);
    if (start === null || end === null) return bad('startTimeMillis and endTimeMillis are required.');
    if (start >= end) return bad('endTimeMillis must be greater than startTimeMillis.');
    const boundaries = bucketBoundaries(request.bucketByTime, start, end);
    if (typeof boundaries === 'string') return bad(boundaries);
    for (const type of types) {
      if (!canRead(token.scopes, DATA_TYPES[type]!.areas))
        return { status: 403, body: API_ERRORS.insufficientScopes() };
    }
    const mine = this.samples.filter((s) => s.sub === token.sub && s.startMs >= start && s.startMs < end);
    const bucket: unknown[] = [];
    for (let i = 0; i + 1 < boundaries.length; i++) {
      const from = boundaries[i] as number;
      const to = boundaries[i + 1] as number;
      const inBucket = mine.filter((s) => s.startMs >= from && s.startMs < to);
      bucket.push({
        startTimeMillis: String(from),
        endTimeMillis: String(to),
        dataset: types.map((type) => dataset(type, inBucket)),
      });
    }
    return { status: 200, body: { bucket } };
  }

  private listSessions(query: URLSearchParams, token: TokenRecord): Outcome {
    if (!canRead(token.scopes, ['activity'])) return { status: 403, body: API_ERRORS.insufficientScopes() };
    const start = query.get('startTime');
    const end = query.get('endTime');
    for (const [field, value] of [
      ['start_time', start],
      ['end_time', end],
    ] as const) {
      if (value !== null && !RFC3339.test(value))
        return {
          status: 400,
          body: API_ERRORS.invalidArgument(
            `Invalid value at '${field}' (type.googleapis.com/google.protobuf.Timestamp), Field '${field}', Illegal timestamp format; timestamps must end with 'Z' or have a valid timezone offset.`,
          ),
        };
    }
    const startMs = start === null ? Number.NEGATIVE_INFINITY : Date.parse(start);
    const endMs = end === null ? Number.POSITIVE_INFINITY : Date.parse(end);
    const types = query.getAll('activityType').map(Number);
    // Google: only sessions *ending* between the start and end times are included.
    const wanted = (s: SimSession) =>
      s.sub === token.sub &&
      s.endTimeMillis >= startMs &&
      s.endTimeMillis <= endMs &&
      (types.length === 0 || types.includes(s.activityType));
    const session = this.sessions
      .filter(wanted)
      .sort((a, b) => a.startTimeMillis - b.startTimeMillis)
      .map(sessionJson);
    const deletedSession =
      query.get('includeDeleted') === 'true' ? this.deletedSessions.filter(wanted).map(sessionJson) : [];
    return { status: 200, body: { session, deletedSession } };
  }

  // ---- faults and the request log --------------------------------------------------------------

  failNext(count: number, fault: Fault, pathPrefix = '/fitness/v1'): void {
    this.faults.failNext(count, fault, pathPrefix);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** The fault the next request to `path` must suffer, if any (consumes one). */
  takeFault(path: string): Fault | undefined {
    return this.faults.take(path);
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

/**
 * Bucket edges for bucketByTime: a fixed `durationMillis`, or a calendar `period` ({ type: 'day', value, timeZoneId })
 * whose days follow the zone's clock across DST switches. The last bucket stops at `end`. A string is the error.
 */
function bucketBoundaries(bucketByTime: unknown, start: number, end: number): number[] | string {
  const spec = (bucketByTime ?? {}) as {
    durationMillis?: unknown;
    period?: { type?: unknown; value?: unknown; timeZoneId?: unknown };
  };
  let next: (from: number, index: number) => number;
  if (spec.period !== undefined) {
    const { type, value, timeZoneId } = spec.period;
    if (type !== 'day') return 'The simulator supports bucketByTime.period of type day only.';
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      return 'bucketByTime.period.value must be a positive whole number.';
    if (typeof timeZoneId !== 'string' || !validZone(timeZoneId)) return `Invalid time zone: ${String(timeZoneId)}`;
    const firstDate = localDateOf(start, timeZoneId);
    const offsetIntoDay = start - localMidnightMs(firstDate, timeZoneId);
    next = (_from, index) => localMidnightMs(shiftDays(firstDate, (index + 1) * value), timeZoneId) + offsetIntoDay;
  } else {
    const duration = int64(spec.durationMillis);
    if (duration === null || duration <= 0)
      return 'Must specify a bucketing strategy: bucketByTime.durationMillis must be positive.';
    if (Math.ceil((end - start) / duration) > MAX_BUCKETS) return 'aggregate duration too large';
    next = (from) => from + duration;
  }
  const edges = [start];
  for (let i = 0; (edges.at(-1) as number) < end; i++) {
    if (edges.length > MAX_BUCKETS) return 'aggregate duration too large';
    edges.push(Math.min(next(edges.at(-1) as number, i), end));
  }
  return edges;
}

function validZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function shiftDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** int64 fields arrive as JSON numbers or as decimal strings. */
function int64(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return null;
}

function canRead(scopes: string[], areas: readonly string[]): boolean {
  return areas.some((area) => scopes.includes(`${FITNESS}${area}.read`) || scopes.includes(`${FITNESS}${area}.write`));
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

const DATA_SOURCE = (type: string) => `derived:${type}:com.google.android.gms:aggregated`;

function dataset(type: string, samples: HourSample[]) {
  const spec = DATA_TYPES[type]!;
  const contributing = samples.filter((s) => {
    const value = spec.read(s);
    return value !== null && value > 0;
  });
  const source = DATA_SOURCE(spec.aggregate);
  if (contributing.length === 0) return { dataSourceId: source, point: [] };
  const startMs = Math.min(...contributing.map((s) => s.startMs));
  const endMs = Math.max(...contributing.map((s) => s.endMs));
  let value: unknown[];
  if (spec.value === 'summary') {
    const rates = contributing.map((s) => s.heartRate!);
    const average = rates.reduce((sum, r) => sum + r.average, 0) / rates.length;
    value = [
      { fpVal: average, mapVal: [] },
      { fpVal: Math.max(...rates.map((r) => r.max)), mapVal: [] },
      { fpVal: Math.min(...rates.map((r) => r.min)), mapVal: [] },
    ];
  } else {
    const total = contributing.reduce((sum, s) => sum + (spec.read(s) as number), 0);
    value = [spec.value === 'int' ? { intVal: Math.round(total), mapVal: [] } : { fpVal: total, mapVal: [] }];
  }
  return {
    dataSourceId: source,
    point: [
      {
        startTimeNanos: `${startMs}000000`,
        endTimeNanos: `${endMs}000000`,
        dataTypeName: spec.aggregate,
        originDataSourceId: '',
        value,
      },
    ],
  };
}

function sessionJson(session: SimSession) {
  return {
    id: session.id,
    name: session.name,
    description: session.description,
    startTimeMillis: String(session.startTimeMillis),
    endTimeMillis: String(session.endTimeMillis),
    modifiedTimeMillis: String(session.modifiedTimeMillis),
    application: session.application,
    activityType: session.activityType,
    ...(session.activeTimeMillis !== undefined ? { activeTimeMillis: String(session.activeTimeMillis) } : {}),
  };
}
