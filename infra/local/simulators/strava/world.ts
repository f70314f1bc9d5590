import { randomBytes } from 'node:crypto';
import { FaultQueue, RequestLog, TokenBook, type AccessTokenEntry, type Fault, type Outcome } from '../kit';
import { deriveSeed, seededRandom, type Random } from './prng';
import { athleteLike, buildActivity, deviceFor, seedWorld, SPORTS, withIds, type SportKey } from './seed-data';
import { STRAVA_ERRORS } from './strava-errors';
import type {
  RateLimitPair,
  RateLimitSettings,
  RateLimitUsage,
  SimActivity,
  SimAthlete,
  SimulatedClient,
  StravaErrorBody,
  Visibility,
} from './types';

/** Strava's numbers (developers.strava.com: authentication, rate limits). */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 6 * 60 * 60;
export const AUTHORIZATION_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_LIMITS: RateLimitSettings = {
  overall: { fifteenMin: 200, daily: 2000 },
  read: { fifteenMin: 100, daily: 1000 },
};
export const MAX_PER_PAGE = 200;
/**
 * Strava's Standard (self-serve) tier serves at most 10 athletes until Strava grants more (communityhub.strava.com,
 * "An Update To Our Developer Program", 1 June 2026; read 2026-11-28). The simulator defaults far above it so suites
 * that connect many athletes work; a test sets 10 (or less) through the control plane to see the refusal.
 */
export const SELF_SERVE_ATHLETE_CAPACITY = 10;
export const DEFAULT_ATHLETE_CAPACITY = 1_000_000;
/** Athletes added through the control plane get ids from here on (the seeded ones are 40100001…). */
export const FIRST_ADDED_ATHLETE_ID = 40_200_001;
export const DEFAULT_PER_PAGE = 30;

/**
 * The order of /athlete/activities pages. Strava answers `after` queries oldest-first and everything else newest-first
 * ('strava'); tests force either order to prove an import does not depend on it.
 */
export type PageOrder = 'strava' | 'newest-first' | 'oldest-first';

export const KNOWN_SCOPES = [
  'read',
  'read_all',
  'profile:read_all',
  'profile:write',
  'activity:read',
  'activity:read_all',
  'activity:write',
] as const;

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type { Fault, Outcome };

interface CodeRecord {
  clientId: string;
  athleteId: number;
  redirectUri: string;
  scopes: string[];
  issuedAtMs: number;
  used: boolean;
}

/** A Strava token belongs to an athlete (the kit's TokenBook keeps client, scopes, expiry and revocation). */
type AccessTokenRecord = AccessTokenEntry<{ athleteId: number }>;

interface UsageRecord {
  fifteenMinStartMs: number;
  dayStartMs: number;
  usage: RateLimitUsage;
}

export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  at: string;
  clientId?: string;
  athleteId?: number;
}

export interface AuthorizeRequest {
  client: SimulatedClient;
  redirectUri: string;
  scopes: string[];
  state: string;
  approvalPrompt: 'auto' | 'force';
}

export interface AddActivityInput {
  sport?: SportKey;
  /** Default: two hours before the simulator's clock. */
  startDate?: Date;
  name?: string;
  heartRate?: boolean;
  visibility?: Visibility;
  /** Exact values to set after generation (e.g. a distance a test asserts on). */
  overrides?: Partial<Omit<SimActivity, 'id' | 'athleteId'>>;
}

export interface WorldOptions {
  clock: () => Date;
  clients: SimulatedClient[];
  seed: number;
  limits: RateLimitSettings;
  historyDays: number;
  pageOrder?: PageOrder;
  /** How many athletes may hold tokens for one app at once (default DEFAULT_ATHLETE_CAPACITY). */
  athleteCapacity?: number;
  /** Access-token lifetime (default Strava's 6 hours); short ones make an import refresh mid-way. */
  accessTokenLifetimeSeconds?: number;
}

const secondsOf = (ms: number) => Math.floor(ms / 1000);
const newToken = () => randomBytes(20).toString('hex');

/** The state of the simulated Strava: athletes, activities, OAuth grants and tokens, app usage, faults. */
export class StravaWorld {
  readonly clients: SimulatedClient[];
  private readonly clock: () => Date;
  private readonly athletes = new Map<number, SimAthlete>();
  /** Athletes added through the control plane: the seeded athlete each one trains like (their devices). */
  private readonly templates = new Map<number, number>();
  private readonly historyDays: number;
  private readonly seed: number;
  private readonly activities = new Map<number, SimActivity>();
  private lastActivityId: number;
  private readonly rng: Random;
  private readonly codes = new Map<string, CodeRecord>();
  private readonly tokens: TokenBook<{ athleteId: number }>;
  /** What each athlete last granted each app, for approval_prompt=auto. */
  private readonly grants = new Map<string, string[]>();
  private readonly usageByClient = new Map<string, UsageRecord>();
  /** Athletes holding tokens for each app (connected until they or the app deauthorize). */
  private readonly connected = new Map<string, Set<number>>();
  private readonly faults = new FaultQueue('/api/v3');
  private readonly requestLog = new RequestLog<RequestRecord>(() => this.clock());
  limits: RateLimitSettings;
  pageOrder: PageOrder;
  accessTokenLifetimeSeconds: number;
  athleteCapacity: number;

  constructor(options: WorldOptions) {
    if (options.clients.length === 0) throw new Error('The Strava simulator needs at least one client');
    this.clock = options.clock;
    this.clients = options.clients;
    this.limits = structuredClone(options.limits);
    this.pageOrder = options.pageOrder ?? 'strava';
    this.athleteCapacity = options.athleteCapacity ?? DEFAULT_ATHLETE_CAPACITY;
    this.accessTokenLifetimeSeconds = options.accessTokenLifetimeSeconds ?? ACCESS_TOKEN_LIFETIME_SECONDS;
    this.tokens = new TokenBook(options.clock);
    this.historyDays = options.historyDays;
    this.seed = options.seed;
    const seeded = seedWorld(options.seed, options.clock(), options.historyDays);
    for (const athlete of seeded.athletes) this.athletes.set(athlete.id, athlete);
    for (const activity of seeded.activities) this.activities.set(activity.id, activity);
    this.lastActivityId = seeded.lastActivityId;
    this.rng = seededRandom(deriveSeed(options.seed, 2000));
  }

  now(): Date {
    return this.clock();
  }

  // ---- athletes and activities -------------------------------------------------------------

  listAthletes(): SimAthlete[] {
    return [...this.athletes.values()];
  }

  athlete(athleteId: number): SimAthlete | undefined {
    return this.athletes.get(athleteId);
  }

  /** All of an athlete's activities, newest first, whatever their visibility. */
  activitiesOf(athleteId: number): SimActivity[] {
    return [...this.activities.values()].filter((a) => a.athleteId === athleteId).sort(newestFirst);
  }

  activity(activityId: number): SimActivity | undefined {
    return this.activities.get(activityId);
  }

  addActivity(athleteId: number, input: AddActivityInput = {}): SimActivity {
    const athlete = this.requireAthlete(athleteId);
    const sport = input.sport ?? 'Run';
    if (!(sport in SPORTS)) throw new Error(`Unknown sport ${sport}`);
    const startMs = (input.startDate ?? new Date(this.clock().getTime() - 2 * 60 * 60 * 1000)).getTime();
    const generated = buildActivity(this.rng, athlete, sport, startMs, {
      withHeartRate: input.heartRate ?? false,
      name: input.name,
      device: deviceFor(this.templates.get(athleteId) ?? athleteId, sport),
      visibility: input.visibility,
    });
    this.lastActivityId += this.rng.int(40_000, 160_000);
    const activity = {
      ...withIds(generated, this.lastActivityId),
      ...input.overrides,
      id: this.lastActivityId,
      athleteId,
    };
    this.activities.set(activity.id, activity);
    return activity;
  }

  updateActivity(activityId: number, patch: Partial<Omit<SimActivity, 'id' | 'athleteId'>>): SimActivity {
    const existing = this.activities.get(activityId);
    if (!existing) throw new Error(`No simulated activity ${activityId}`);
    const updated = { ...existing, ...patch, id: existing.id, athleteId: existing.athleteId };
    this.activities.set(activityId, updated);
    return updated;
  }

  deleteActivity(activityId: number): boolean {
    return this.activities.delete(activityId);
  }

  /**
   * A new athlete who trains like the seeded athlete `likeId` (see athleteLike), with a history of their own over
   * the world's history window, so a suite can connect, sync, fault and deauthorize an athlete nobody else uses.
   */
  addAthlete(likeId: number, firstname?: string): SimAthlete {
    const id = FIRST_ADDED_ATHLETE_ID + this.templates.size;
    const rng = seededRandom(deriveSeed(this.seed, 3000 + this.templates.size));
    const { athlete, history } = athleteLike(likeId, id, rng, this.clock(), this.historyDays);
    if (firstname !== undefined) athlete.firstname = firstname;
    this.athletes.set(id, athlete);
    this.templates.set(id, likeId);
    for (const generated of history) {
      this.lastActivityId += this.rng.int(40_000, 160_000);
      this.activities.set(this.lastActivityId, withIds(generated, this.lastActivityId));
    }
    return athlete;
  }

  private requireAthlete(athleteId: number): SimAthlete {
    const athlete = this.athletes.get(athleteId);
    if (!athlete) throw new Error(`No simulated athlete ${athleteId}`);
    return athlete;
  }

  // ---- OAuth ---------------------------------------------------------------------------------

  client(clientId: string | undefined): SimulatedClient | undefined {
    return this.clients.find((c) => c.clientId === clientId);
  }

  /** Checks the parameters of GET /oauth/authorize (and of the consent form posted back). */
  validateAuthorize(
    params: URLSearchParams,
  ): { ok: true; request: AuthorizeRequest } | { ok: false; outcome: Outcome } {
    const fail = (body: StravaErrorBody) => ({ ok: false as const, outcome: { status: 400, body } });
    const client = this.client(params.get('client_id') ?? undefined);
    if (!client) return fail(STRAVA_ERRORS.invalidClientId());
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!redirectAllowed(redirectUri, client)) return fail(STRAVA_ERRORS.invalidRedirectUri());
    if (params.get('response_type') !== 'code') return fail(STRAVA_ERRORS.invalidResponseType());
    const requested = (params.get('scope') ?? 'read')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (requested.some((scope) => !(KNOWN_SCOPES as readonly string[]).includes(scope)))
      return fail(STRAVA_ERRORS.invalidScope());
    const approvalPrompt = params.get('approval_prompt') === 'force' ? 'force' : 'auto';
    return {
      ok: true,
      request: { client, redirectUri, scopes: withRead(requested), state: params.get('state') ?? '', approvalPrompt },
    };
  }

  /** The scopes the athlete already granted this app, if they cover `wanted` (approval_prompt=auto skips consent then). */
  existingGrant(clientId: string, athleteId: number, wanted: string[]): string[] | null {
    const granted = this.grants.get(`${clientId}:${athleteId}`);
    if (!granted || !wanted.every((scope) => granted.includes(scope))) return null;
    return granted;
  }

  /** The athlete pressed Authorize: returns the redirect with code, state and granted scope. */
  approve(request: AuthorizeRequest, athleteId: number, grantedScopes: string[]): string {
    this.requireAthlete(athleteId);
    const scopes = withRead(request.scopes.filter((scope) => grantedScopes.includes(scope)));
    const code = newToken();
    this.codes.set(code, {
      clientId: request.client.clientId,
      athleteId,
      redirectUri: request.redirectUri,
      scopes,
      issuedAtMs: this.clock().getTime(),
      used: false,
    });
    this.grants.set(`${request.client.clientId}:${athleteId}`, scopes);
    return appendQuery(
      request.redirectUri,
      `state=${encodeURIComponent(request.state)}&code=${code}&scope=${scopes.join(',')}`,
    );
  }

  /** The athlete pressed Cancel. */
  deny(request: AuthorizeRequest): string {
    return appendQuery(request.redirectUri, `state=${encodeURIComponent(request.state)}&error=access_denied`);
  }

  /** POST /oauth/token. */
  token(params: URLSearchParams): Outcome {
    const client = this.client(params.get('client_id') ?? undefined);
    if (!client) return { status: 400, body: STRAVA_ERRORS.invalidClientId() };
    if (params.get('client_secret') !== client.clientSecret)
      return { status: 401, body: STRAVA_ERRORS.invalidClientSecret() };
    const grantType = params.get('grant_type');
    if (grantType === 'authorization_code') return this.exchangeCode(client, params);
    if (grantType === 'refresh_token') return this.refresh(client, params.get('refresh_token') ?? '');
    return { status: 400, body: STRAVA_ERRORS.invalidGrantType() };
  }

  private exchangeCode(client: SimulatedClient, params: URLSearchParams): Outcome {
    const code = params.get('code') ?? '';
    const record = this.codes.get(code);
    const redirectUri = params.get('redirect_uri');
    const expired = record !== undefined && this.clock().getTime() > record.issuedAtMs + AUTHORIZATION_CODE_LIFETIME_MS;
    const redirectMismatch = record !== undefined && redirectUri !== null && redirectUri !== record.redirectUri;
    if (!record || record.used || expired || record.clientId !== client.clientId || redirectMismatch) {
      return { status: 400, body: STRAVA_ERRORS.invalidCode() };
    }
    record.used = true;
    // A new athlete past the app's capacity is refused at the exchange (an athlete already connected is not new).
    if (
      !this.connectedTo(client.clientId).has(record.athleteId) &&
      this.connectedTo(client.clientId).size >= this.athleteCapacity
    )
      return { status: 403, body: STRAVA_ERRORS.athleteLimitExceeded() };
    const tokens = this.issueTokenPair(client.clientId, record.athleteId, record.scopes);
    return { status: 200, body: { ...tokens, athlete: summaryAthlete(this.requireAthlete(record.athleteId)) } };
  }

  private refresh(client: SimulatedClient, refreshToken: string): Outcome {
    const record = this.tokens.liveRefresh(refreshToken, client.clientId);
    if (!record) return { status: 400, body: STRAVA_ERRORS.invalidRefreshToken() };
    // Strava rotates: the used refresh token and its access token stop working.
    this.tokens.retire(record);
    return { status: 200, body: this.issueTokenPair(client.clientId, record.athleteId, record.scopes) };
  }

  issueTokenPair(clientId: string, athleteId: number, scopes: string[]) {
    const nowSeconds = secondsOf(this.clock().getTime());
    const accessToken = newToken();
    const refreshToken = newToken();
    const expiresAt = nowSeconds + this.accessTokenLifetimeSeconds;
    this.tokens.issueAccess(accessToken, { clientId, athleteId, scopes }, expiresAt * 1000);
    this.tokens.issueRefresh(refreshToken, { clientId, athleteId, scopes }, accessToken);
    this.connectedTo(clientId).add(athleteId);
    return {
      token_type: 'Bearer',
      expires_at: expiresAt,
      expires_in: this.accessTokenLifetimeSeconds,
      refresh_token: refreshToken,
      access_token: accessToken,
    };
  }

  /** Skips the consent page: what a code exchange would return (for tests and local seeding). */
  issueTokens(athleteId: number, clientId: string, scopes: string[]) {
    this.requireAthlete(athleteId);
    const granted = withRead(scopes);
    this.grants.set(`${clientId}:${athleteId}`, granted);
    return {
      ...this.issueTokenPair(clientId, athleteId, granted),
      athlete: summaryAthlete(this.requireAthlete(athleteId)),
    };
  }

  /** POST /oauth/deauthorize. */
  deauthorize(accessToken: string): Outcome & { clientId?: string; athleteId?: number } {
    const record = this.liveAccessToken(accessToken);
    if (!record) return { status: 401, body: STRAVA_ERRORS.invalidAccessToken() };
    this.revokeAll(record.athleteId, record.clientId);
    return { status: 200, body: { access_token: accessToken }, athleteId: record.athleteId, clientId: record.clientId };
  }

  /** Every token of this athlete for this app stops working (deauthorization, or revoked in Strava's settings). */
  revokeAll(athleteId: number, clientId: string): void {
    this.tokens.revokeWhere((record) => record.athleteId === athleteId && record.clientId === clientId);
    this.grants.delete(`${clientId}:${athleteId}`);
    this.connectedTo(clientId).delete(athleteId);
  }

  /** The athletes connected to an app (holding tokens it was given); deauthorizing frees a place. */
  connectedTo(clientId: string): Set<number> {
    let athletes = this.connected.get(clientId);
    if (!athletes) {
      athletes = new Set();
      this.connected.set(clientId, athletes);
    }
    return athletes;
  }

  /** Makes access tokens expire now (all, or one athlete's); refresh tokens keep working. */
  expireAccessTokens(athleteId?: number): number {
    return this.tokens.expireAccessWhere((record) => athleteId === undefined || record.athleteId === athleteId);
  }

  /** The token's record if it exists at all (even expired or revoked): it still identifies the app for rate limits. */
  accessTokenRecord(token: string): AccessTokenRecord | undefined {
    return this.tokens.accessEntry(token);
  }

  private liveAccessToken(token: string): AccessTokenRecord | undefined {
    return this.tokens.liveAccess(token);
  }

  // ---- API v3 --------------------------------------------------------------------------------

  /** Handles an /api/v3 request: rate limits first (every request counts, even refused ones), then auth, then the route. */
  api(
    method: string,
    path: string,
    query: URLSearchParams,
    accessToken: string | null,
  ): Outcome & { clientId?: string; athleteId?: number } {
    const known = accessToken ? this.tokens.accessEntry(accessToken) : undefined;
    if (!known) return { status: 401, body: STRAVA_ERRORS.invalidAccessToken() };
    const ids = { clientId: known.clientId, athleteId: known.athleteId };
    const overLimit = this.countRequest(known.clientId);
    const headers = this.rateLimitHeaders(known.clientId);
    if (overLimit) return { status: 429, body: STRAVA_ERRORS.rateLimitExceeded(), headers, ...ids };
    const token = this.liveAccessToken(accessToken as string);
    if (!token) return { status: 401, body: STRAVA_ERRORS.invalidAccessToken(), headers, ...ids };
    return { ...this.route(method, path, query, token), headers, ...ids };
  }

  private route(method: string, path: string, query: URLSearchParams, token: AccessTokenRecord): Outcome {
    if (method !== 'GET') return { status: 404, body: STRAVA_ERRORS.pathNotFound() };
    if (path === '/api/v3/athlete') return { status: 200, body: detailedAthlete(this.requireAthlete(token.athleteId)) };
    if (path === '/api/v3/athlete/activities') return this.listActivities(query, token);
    const match = /^\/api\/v3\/activities\/(\d+)$/.exec(path);
    if (match) return this.getActivity(Number(match[1]), token);
    return { status: 404, body: STRAVA_ERRORS.pathNotFound() };
  }

  private listActivities(query: URLSearchParams, token: AccessTokenRecord): Outcome {
    if (!canReadActivities(token.scopes)) return { status: 401, body: STRAVA_ERRORS.missingActivityScope() };
    const numbers: Record<string, number | undefined> = {};
    for (const field of ['before', 'after', 'page', 'per_page']) {
      const raw = query.get(field);
      if (raw === null || raw === '') continue;
      if (!/^-?\d+$/.test(raw)) return { status: 400, body: STRAVA_ERRORS.invalidParameter(field) };
      numbers[field] = Number(raw);
    }
    const page = Math.max(1, numbers.page ?? 1);
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, numbers.per_page ?? DEFAULT_PER_PAGE));
    const { before, after } = numbers;
    const visible = this.activitiesOf(token.athleteId).filter((activity) => {
      if (!canSee(activity, token.scopes)) return false;
      const start = secondsOf(Date.parse(activity.start_date));
      return (before === undefined || start < before) && (after === undefined || start > after);
    });
    const oldestFirst = this.pageOrder === 'oldest-first' || (this.pageOrder === 'strava' && after !== undefined);
    if (oldestFirst) visible.reverse();
    const pageItems = visible.slice((page - 1) * perPage, page * perPage);
    return {
      status: 200,
      body: pageItems.map((activity) => summaryActivity(activity, this.requireAthlete(activity.athleteId))),
    };
  }

  private getActivity(activityId: number, token: AccessTokenRecord): Outcome {
    if (!canReadActivities(token.scopes)) return { status: 401, body: STRAVA_ERRORS.missingActivityScope() };
    const activity = this.activities.get(activityId);
    if (!activity || activity.athleteId !== token.athleteId || !canSee(activity, token.scopes))
      return { status: 404, body: STRAVA_ERRORS.activityNotFound() };
    return { status: 200, body: detailedActivity(activity, this.requireAthlete(activity.athleteId)) };
  }

  // ---- rate limits ---------------------------------------------------------------------------

  private usageRecord(clientId: string): UsageRecord {
    const nowMs = this.clock().getTime();
    const fifteenMinStartMs = Math.floor(nowMs / FIFTEEN_MINUTES_MS) * FIFTEEN_MINUTES_MS;
    const dayStartMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
    let record = this.usageByClient.get(clientId);
    if (!record) {
      record = {
        fifteenMinStartMs,
        dayStartMs,
        usage: { overall: { fifteenMin: 0, daily: 0 }, read: { fifteenMin: 0, daily: 0 } },
      };
      this.usageByClient.set(clientId, record);
    }
    if (record.fifteenMinStartMs !== fifteenMinStartMs) {
      record.fifteenMinStartMs = fifteenMinStartMs;
      record.usage.overall.fifteenMin = 0;
      record.usage.read.fifteenMin = 0;
    }
    if (record.dayStartMs !== dayStartMs) {
      record.dayStartMs = dayStartMs;
      record.usage.overall.daily = 0;
      record.usage.read.daily = 0;
    }
    return record;
  }

  /** Counts one request (every simulated endpoint is a "non-upload" read); true when it is over a limit. */
  private countRequest(clientId: string): boolean {
    const { usage } = this.usageRecord(clientId);
    for (const pair of [usage.overall, usage.read]) {
      pair.fifteenMin += 1;
      pair.daily += 1;
    }
    const over = (used: RateLimitPair, limit: RateLimitPair) =>
      used.fifteenMin > limit.fifteenMin || used.daily > limit.daily;
    return over(usage.overall, this.limits.overall) || over(usage.read, this.limits.read);
  }

  usage(clientId: string): RateLimitUsage {
    return structuredClone(this.usageRecord(clientId).usage);
  }

  setUsage(clientId: string, usage: { overall?: Partial<RateLimitPair>; read?: Partial<RateLimitPair> }): void {
    const record = this.usageRecord(clientId);
    Object.assign(record.usage.overall, usage.overall);
    Object.assign(record.usage.read, usage.read);
  }

  setLimits(limits: { overall?: Partial<RateLimitPair>; read?: Partial<RateLimitPair> }): void {
    Object.assign(this.limits.overall, limits.overall);
    Object.assign(this.limits.read, limits.read);
  }

  rateLimitHeaders(clientId: string): Record<string, string> {
    const { usage } = this.usageRecord(clientId);
    const pair = (p: RateLimitPair) => `${p.fifteenMin},${p.daily}`;
    return {
      'X-RateLimit-Limit': pair(this.limits.overall),
      'X-RateLimit-Usage': pair(usage.overall),
      'X-ReadRateLimit-Limit': pair(this.limits.read),
      'X-ReadRateLimit-Usage': pair(usage.read),
    };
  }

  // ---- faults and the request log ------------------------------------------------------------

  /** `athleteId`: only requests with one of that athlete's access tokens suffer it. */
  failNext(count: number, fault: Fault, pathPrefix = '/api/v3', athleteId?: number): void {
    this.faults.failNext(count, fault, pathPrefix, athleteId === undefined ? undefined : String(athleteId));
  }

  /** Every pending fault, or only those scripted for `athleteId`. */
  clearFaults(athleteId?: number): void {
    this.faults.clear(athleteId === undefined ? undefined : String(athleteId));
  }

  /** The fault the next request to `path` with `accessToken` must suffer, if any (consumes one). */
  takeFault(path: string, accessToken: string | null): Fault | undefined {
    const athleteId = accessToken === null ? undefined : this.tokens.accessEntry(accessToken)?.athleteId;
    return this.faults.take(path, athleteId === undefined ? undefined : String(athleteId));
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

function newestFirst(a: SimActivity, b: SimActivity): number {
  return b.start_date.localeCompare(a.start_date) || b.id - a.id;
}

/** Strava always grants `read` alongside whatever else the athlete accepts. */
function withRead(scopes: string[]): string[] {
  const unique = [...new Set(scopes)];
  return unique.includes('read') ? unique : ['read', ...unique];
}

function canReadActivities(scopes: string[]): boolean {
  return scopes.includes('activity:read') || scopes.includes('activity:read_all');
}

/** activity:read sees Everyone and Followers activities; "Only You" needs activity:read_all. */
function canSee(activity: SimActivity, scopes: string[]): boolean {
  return activity.visibility !== 'only_me' || scopes.includes('activity:read_all');
}

function redirectAllowed(redirectUri: string, client: SimulatedClient): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!client.callbackDomain || url.hostname === 'localhost' || url.hostname === '127.0.0.1') return true;
  return url.hostname === client.callbackDomain || url.hostname.endsWith(`.${client.callbackDomain}`);
}

/** Keeps any query the redirect URI already has; Strava writes scope with literal commas. */
function appendQuery(redirectUri: string, query: string): string {
  const url = new URL(redirectUri);
  const existing = url.search.length > 1 ? `${url.search.slice(1)}&` : '';
  url.search = '';
  url.hash = '';
  return `${url.toString()}?${existing}${query}`;
}

export function summaryAthlete(athlete: SimAthlete) {
  return {
    id: athlete.id,
    username: athlete.username,
    resource_state: 2,
    firstname: athlete.firstname,
    lastname: athlete.lastname,
    bio: athlete.bio,
    city: athlete.city,
    state: athlete.state,
    country: athlete.country,
    sex: athlete.sex,
    premium: athlete.premium,
    summit: athlete.premium,
    created_at: athlete.created_at,
    updated_at: athlete.created_at,
    badge_type_id: athlete.premium ? 1 : 0,
    weight: athlete.weight,
    profile_medium: 'avatar/athlete/medium.png',
    profile: 'avatar/athlete/large.png',
    friend: null,
    follower: null,
  };
}

function detailedAthlete(athlete: SimAthlete) {
  return {
    ...summaryAthlete(athlete),
    resource_state: 3,
    follower_count: 12 + (athlete.id % 40),
    friend_count: 9 + (athlete.id % 31),
    mutual_friend_count: 0,
    athlete_type: 1,
    date_preference: '%m/%d/%Y',
    measurement_preference: 'meters',
    clubs: [],
    ftp: null,
    bikes: [],
    shoes: [],
  };
}

export function summaryActivity(activity: SimActivity, athlete: SimAthlete) {
  return {
    resource_state: 2,
    athlete: { id: activity.athleteId, resource_state: 1 },
    name: activity.name,
    distance: activity.distance,
    moving_time: activity.moving_time,
    elapsed_time: activity.elapsed_time,
    total_elevation_gain: activity.total_elevation_gain,
    type: activity.type,
    sport_type: activity.sport_type,
    workout_type: activity.workout_type,
    id: activity.id,
    start_date: activity.start_date,
    start_date_local: activity.start_date_local,
    timezone: activity.timezone,
    utc_offset: activity.utc_offset,
    location_city: null,
    location_state: null,
    location_country: athlete.country,
    achievement_count: activity.achievement_count,
    kudos_count: activity.kudos_count,
    comment_count: activity.comment_count,
    athlete_count: activity.athlete_count,
    photo_count: 0,
    map: { id: `a${activity.id}`, summary_polyline: activity.summary_polyline, resource_state: 2 },
    trainer: activity.trainer,
    commute: activity.commute,
    manual: activity.manual,
    private: activity.visibility === 'only_me',
    visibility: activity.visibility,
    flagged: false,
    gear_id: null,
    start_latlng: activity.start_latlng,
    end_latlng: activity.end_latlng,
    average_speed: activity.average_speed,
    max_speed: activity.max_speed,
    has_heartrate: activity.has_heartrate,
    ...(activity.has_heartrate
      ? { average_heartrate: activity.average_heartrate, max_heartrate: activity.max_heartrate }
      : {}),
    heartrate_opt_out: false,
    display_hide_heartrate_option: activity.has_heartrate,
    ...(activity.elev_high === null ? {} : { elev_high: activity.elev_high, elev_low: activity.elev_low }),
    upload_id: activity.upload_id,
    upload_id_str: String(activity.upload_id),
    external_id: activity.external_id,
    from_accepted_tag: false,
    pr_count: activity.pr_count,
    total_photo_count: 0,
    has_kudoed: false,
  };
}

export function detailedActivity(activity: SimActivity, athlete: SimAthlete) {
  const summary = summaryActivity(activity, athlete);
  return {
    ...summary,
    resource_state: 3,
    map: { ...summary.map, polyline: activity.summary_polyline, resource_state: 3 },
    description: activity.description,
    calories: activity.calories,
    device_name: activity.device_name,
    embed_token: (activity.id * 2654435761).toString(16).slice(0, 40),
    segment_efforts: [],
    photos: { primary: null, count: 0 },
    hide_from_home: false,
    available_zones: [],
  };
}
