import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  bearer,
  cookie,
  countRequests,
  drain,
  readJson,
  readParams as readKitParams,
  redirect as kitRedirect,
  startSimulatorServer,
} from '../kit';
import { renderConsentPage } from './consent-page';
import { SEEDED_ATHLETE_IDS, type SportKey } from './seed-data';
import { STRAVA_ERRORS } from './strava-errors';
import type {
  RateLimitPair,
  RateLimitSettings,
  RateLimitUsage,
  SimActivity,
  SimAthlete,
  SimulatedClient,
} from './types';
import {
  DEFAULT_ATHLETE_CAPACITY,
  DEFAULT_LIMITS,
  SELF_SERVE_ATHLETE_CAPACITY,
  StravaWorld,
  type AddActivityInput,
  type Fault,
  type Outcome,
  type PageOrder,
  type RequestRecord,
} from './world';

export type {
  AddActivityInput,
  Fault,
  PageOrder,
  RateLimitPair,
  RateLimitSettings,
  RateLimitUsage,
  RequestRecord,
  SimActivity,
  SimAthlete,
  SimulatedClient,
  SportKey,
};
export { DEFAULT_ATHLETE_CAPACITY, DEFAULT_LIMITS, SEEDED_ATHLETE_IDS, SELF_SERVE_ATHLETE_CAPACITY };

/**
 * Which Strava the simulator plays. 'current': the API at /api/v3, an access token in the Authorization header or the
 * `access_token` parameter, /oauth/deauthorize (token in the body or the header) and the new /oauth/revoke.
 * 'june-2027': what Strava announced for 1 June 2027 (communityhub.strava.com, "An Update To Our Developer Program",
 * 1 June 2026; read 2026-11-28) — tokens only in the Authorization header, a new API host (one port stands in for
 * both: the API moves to /v3) and /oauth/revoke as the only way to disconnect (/oauth/deauthorize answers 404).
 */
export type StravaGeneration = 'current' | 'june-2027';
const API_PREFIX: Record<StravaGeneration, string> = { current: '/api/v3', 'june-2027': '/v3' };

/** The app the simulator knows unless told otherwise (local mode's .env uses the same pair). */
export const DEFAULT_CLIENT: SimulatedClient = Object.freeze({
  clientId: '100001',
  clientSecret: 'strava-simulator-secret',
});
export const DEFAULT_SEED = 20_250_601;
const ATHLETE_COOKIE = 'strava_sim_athlete';

export interface StravaSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  clock?: () => Date;
  clients?: SimulatedClient[];
  seed?: number;
  limits?: { overall?: Partial<RateLimitPair>; read?: Partial<RateLimitPair> };
  /** How far back the seeded histories go (default about six months). */
  historyDays?: number;
  /** Page order of /athlete/activities (default 'strava': `after` queries oldest-first, others newest-first). */
  pageOrder?: PageOrder;
  /** Access-token lifetime in seconds (default 6 hours). */
  accessTokenLifetimeSeconds?: number;
  /** Athletes one app may have connected at once (default DEFAULT_ATHLETE_CAPACITY; Strava's self-serve tier: 10). */
  athleteCapacity?: number;
  /** Default 'current'. */
  generation?: StravaGeneration;
}

export interface TokenResponse {
  token_type: string;
  expires_at: number;
  expires_in: number;
  refresh_token: string;
  access_token: string;
  athlete: Record<string, unknown> & { id: number; firstname: string; lastname: string };
}

export interface StravaSimulatorControl {
  athletes(): SimAthlete[];
  /** A new athlete who trains like the seeded athlete `likeId`, with a history of their own (see StravaWorld.addAthlete). */
  addAthlete(likeId: number, options?: { firstname?: string }): SimAthlete;
  /** Newest first, including "Only You" activities. */
  activities(athleteId: number): SimActivity[];
  addActivity(athleteId: number, input?: AddActivityInput): SimActivity;
  updateActivity(activityId: number, patch: Partial<Omit<SimActivity, 'id' | 'athleteId'>>): SimActivity;
  deleteActivity(activityId: number): boolean;
  /** Tokens as a code exchange would return them, without the consent page. */
  issueTokens(athleteId: number, options?: { clientId?: string; scope?: string | string[] }): TokenResponse;
  /** Access tokens expire now; returns how many did. */
  expireAccessTokens(athleteId?: number): number;
  /** As if the athlete revoked the app in Strava's settings. */
  revokeAccess(athleteId: number, clientId?: string): void;
  limits(): RateLimitSettings;
  setLimits(limits: { overall?: Partial<RateLimitPair>; read?: Partial<RateLimitPair> }): void;
  usage(clientId?: string): RateLimitUsage;
  setUsage(usage: { overall?: Partial<RateLimitPair>; read?: Partial<RateLimitPair> }, clientId?: string): void;
  /**
   * The next `count` requests whose path starts with `pathPrefix` (default '/api/v3') get `fault`; with `athleteId`,
   * only requests with one of that athlete's access tokens.
   */
  failNext(count: number, fault: Fault, options?: { pathPrefix?: string; athleteId?: number }): void;
  /** Drops every pending fault, or only `athleteId`'s. */
  clearFaults(athleteId?: number): void;
  requests(): RequestRecord[];
  requestCount(filter?: { method?: string; path?: string | RegExp; status?: number }): number;
  clearRequests(): void;
  setPageOrder(order: PageOrder): void;
  athleteCapacity(): number;
  /** Past it, a new athlete's code exchange is refused with 403 (athletes already connected keep working). */
  setAthleteCapacity(capacity: number): void;
  generation(): StravaGeneration;
  setGeneration(generation: StravaGeneration): void;
}

export interface StravaSimulator {
  /** Base URL, e.g. http://127.0.0.1:4100 (OAuth at /oauth/*, API at /api/v3/*). */
  url: string;
  stop(): Promise<void>;
  control: StravaSimulatorControl;
}

export async function startStravaSimulator(options: StravaSimulatorOptions = {}): Promise<StravaSimulator> {
  const clients = options.clients ?? [DEFAULT_CLIENT];
  const world = new StravaWorld({
    clock: options.clock ?? (() => new Date()),
    clients,
    seed: options.seed ?? DEFAULT_SEED,
    limits: {
      overall: { ...DEFAULT_LIMITS.overall, ...options.limits?.overall },
      read: { ...DEFAULT_LIMITS.read, ...options.limits?.read },
    },
    historyDays: options.historyDays ?? 182,
    pageOrder: options.pageOrder,
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds,
    athleteCapacity: options.athleteCapacity,
  });
  const mode = { generation: options.generation ?? 'current' };
  const control = createControl(world, mode);
  const running = await startSimulatorServer<RoutedOutcome>({
    port: options.port,
    host: options.host,
    takeFault: (path, req) => world.takeFault(apiPath(path, mode.generation), bearer(req) ?? accessTokenParam(req)),
    faultBody: (status) => (status === 429 ? STRAVA_ERRORS.rateLimitExceeded() : STRAVA_ERRORS.serverError()),
    record: (method, path, status, routed) =>
      world.record(
        routed
          ? { method, path, status, clientId: routed.clientId, athleteId: routed.athleteId }
          : { method, path, status },
      ),
    route: ({ method, path, query, req, res }) => route(world, mode.generation, method, path, query, req, res),
    control: ({ method, path, query, req }, reply) => handleControl(control, method, path, query, req, reply),
  });
  return { ...running, control };
}

function createControl(world: StravaWorld, mode: { generation: StravaGeneration }): StravaSimulatorControl {
  const defaultClientId = () => (world.clients[0] as SimulatedClient).clientId;
  return {
    athletes: () => world.listAthletes().map((a) => ({ ...a })),
    addAthlete: (likeId, opts = {}) => ({ ...world.addAthlete(likeId, opts.firstname) }),
    activities: (athleteId) => world.activitiesOf(athleteId).map((a) => ({ ...a })),
    addActivity: (athleteId, input) => ({ ...world.addActivity(athleteId, input) }),
    updateActivity: (activityId, patch) => ({ ...world.updateActivity(activityId, patch) }),
    deleteActivity: (activityId) => world.deleteActivity(activityId),
    issueTokens: (athleteId, opts = {}) => {
      const scope = opts.scope ?? ['read', 'activity:read', 'profile:read_all'];
      return world.issueTokens(
        athleteId,
        opts.clientId ?? defaultClientId(),
        typeof scope === 'string' ? scope.split(',') : scope,
      );
    },
    expireAccessTokens: (athleteId) => world.expireAccessTokens(athleteId),
    revokeAccess: (athleteId, clientId) => world.revokeAll(athleteId, clientId ?? defaultClientId()),
    limits: () => structuredClone(world.limits),
    setLimits: (limits) => world.setLimits(limits),
    usage: (clientId) => world.usage(clientId ?? defaultClientId()),
    setUsage: (usage, clientId) => world.setUsage(clientId ?? defaultClientId(), usage),
    failNext: (count, fault, opts) => world.failNext(count, fault, opts?.pathPrefix, opts?.athleteId),
    clearFaults: (athleteId) => world.clearFaults(athleteId),
    requests: () => world.requests(),
    requestCount: (filter = {}) => countRequests(world.requests(), filter),
    clearRequests: () => world.clearRequests(),
    setPageOrder: (order) => {
      world.pageOrder = order;
    },
    athleteCapacity: () => world.athleteCapacity,
    setAthleteCapacity: (capacity) => {
      if (!Number.isInteger(capacity) || capacity < 0) throw new Error('capacity must be a whole number, 0 or more');
      world.athleteCapacity = capacity;
    },
    generation: () => mode.generation,
    setGeneration: (generation) => {
      mode.generation = generation;
    },
  };
}

type RoutedOutcome = Outcome & { clientId?: string; athleteId?: number };

/** Returns the JSON outcome to send, or null when it already answered (HTML pages and redirects). */
async function route(
  world: StravaWorld,
  generation: StravaGeneration,
  method: string,
  path: string,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<RoutedOutcome | null> {
  if (path === '/oauth/authorize' && method === 'GET') {
    const checked = world.validateAuthorize(query);
    if (!checked.ok) return checked.outcome;
    const request = checked.request;
    const rememberedAthlete = Number(cookie(req, ATHLETE_COOKIE)) || undefined;
    const grant =
      rememberedAthlete && request.approvalPrompt === 'auto'
        ? world.existingGrant(request.client.clientId, rememberedAthlete, request.scopes)
        : null;
    if (rememberedAthlete && grant) {
      return redirect(world, res, method, path, world.approve(request, rememberedAthlete, grant));
    }
    const requestedAthlete = Number(query.get('athlete_id')) || rememberedAthlete;
    const athletes = world.listAthletes();
    const selected = athletes.some((a) => a.id === requestedAthlete) ? requestedAthlete : athletes[0]?.id;
    world.record({ method, path, status: 200 });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(renderConsentPage(request, athletes, selected));
    return null;
  }

  if (path === '/oauth/accept_application' && method === 'POST') {
    const params = await readParams(req, query);
    const checked = world.validateAuthorize(params);
    if (!checked.ok) return checked.outcome;
    if (params.get('decision') !== 'authorize') return redirect(world, res, method, path, world.deny(checked.request));
    const athleteId = Number(params.get('athlete_id'));
    if (!world.athlete(athleteId)) return { status: 400, body: STRAVA_ERRORS.invalidParameter('athlete_id') };
    res.setHeader('Set-Cookie', `${ATHLETE_COOKIE}=${athleteId}; Path=/; HttpOnly; SameSite=Lax`);
    return redirect(
      world,
      res,
      method,
      path,
      world.approve(checked.request, athleteId, params.getAll('granted_scope')),
    );
  }

  if (path === '/oauth/token' && method === 'POST') return world.token(await readParams(req, query));

  if (path === '/oauth/deauthorize' && method === 'POST' && generation === 'current') {
    const params = await readParams(req, query);
    return world.deauthorize(params.get('access_token') ?? bearer(req) ?? '');
  }

  // The newer endpoint takes the token from the Authorization header only (a token in the body is not read).
  if (path === '/oauth/revoke' && method === 'POST') {
    await drain(req);
    return world.deauthorize(bearer(req) ?? '');
  }

  if (path.startsWith(`${API_PREFIX[generation]}/`)) {
    await drain(req);
    const token = generation === 'current' ? (bearer(req) ?? query.get('access_token')) : bearer(req);
    return world.api(method, apiPath(path, generation), query, token);
  }

  await drain(req);
  return { status: 404, body: STRAVA_ERRORS.pathNotFound() };
}

function redirect(world: StravaWorld, res: ServerResponse, method: string, path: string, location: string): null {
  return kitRedirect(res, location, () => world.record({ method, path, status: 302 }));
}

/** JSON control plane, so tests in another process (the e2e suite) can steer a running simulator. */
async function handleControl(
  control: StravaSimulatorControl,
  method: string,
  path: string,
  query: URLSearchParams,
  req: IncomingMessage,
  reply: (status: number, payload: unknown) => void,
): Promise<void> {
  const parts = path.split('/').filter(Boolean).slice(1);
  const id = Number(parts[1]);
  try {
    const body = method === 'GET' || method === 'DELETE' ? {} : await readJson(req);
    const [resource, , sub] = parts;
    if (resource === 'health' && method === 'GET') return reply(200, { status: 'ok' });
    if (resource === 'athletes' && parts.length === 1 && method === 'GET') return reply(200, control.athletes());
    if (resource === 'athletes' && parts.length === 1 && method === 'POST') {
      const { like, firstname } = body as { like?: number; firstname?: string };
      if (typeof like !== 'number') return reply(400, { message: 'like must be a seeded athlete id' });
      if (firstname !== undefined && typeof firstname !== 'string')
        return reply(400, { message: 'firstname must be a string' });
      return reply(201, control.addAthlete(like, { firstname }));
    }
    if (resource === 'athletes' && sub === 'activities' && method === 'GET') return reply(200, control.activities(id));
    if (resource === 'athletes' && sub === 'activities' && method === 'POST') {
      const { startDate, ...rest } = body as AddActivityInput & { startDate?: string };
      return reply(201, control.addActivity(id, { ...rest, startDate: startDate ? new Date(startDate) : undefined }));
    }
    if (resource === 'activities' && method === 'PATCH')
      return reply(200, control.updateActivity(id, body as Partial<SimActivity>));
    if (resource === 'activities' && method === 'DELETE') return reply(control.deleteActivity(id) ? 204 : 404, null);
    if (resource === 'limits' && method === 'GET') return reply(200, control.limits());
    if (resource === 'limits' && method === 'PUT') {
      control.setLimits(body as RateLimitSettings);
      return reply(200, control.limits());
    }
    if (resource === 'usage' && method === 'GET') return reply(200, control.usage(query.get('client_id') ?? undefined));
    if (resource === 'usage' && method === 'PUT') {
      const { clientId, ...usage } = body as Partial<RateLimitUsage> & { clientId?: string };
      control.setUsage(usage, clientId);
      return reply(200, control.usage(clientId));
    }
    if (resource === 'faults' && method === 'POST') {
      const { count, fault, pathPrefix, athleteId } = body as {
        count: number;
        fault: Fault;
        pathPrefix?: string;
        athleteId?: number;
      };
      control.failNext(count, fault, { pathPrefix, athleteId });
      return reply(204, null);
    }
    if (resource === 'faults' && method === 'DELETE') {
      const athleteId = query.get('athlete_id');
      control.clearFaults(athleteId === null ? undefined : Number(athleteId));
      return reply(204, null);
    }
    if (resource === 'tokens' && method === 'POST') {
      const { athleteId, clientId, scope } = body as {
        athleteId: number;
        clientId?: string;
        scope?: string | string[];
      };
      return reply(200, control.issueTokens(athleteId, { clientId, scope }));
    }
    if (resource === 'expire-tokens' && method === 'POST')
      return reply(200, { expired: control.expireAccessTokens((body as { athleteId?: number }).athleteId) });
    if (resource === 'revoke' && method === 'POST') {
      const { athleteId, clientId } = body as { athleteId: number; clientId?: string };
      control.revokeAccess(athleteId, clientId);
      return reply(204, null);
    }
    if (resource === 'page-order' && method === 'PUT') {
      const order = (body as { order?: string }).order;
      if (order !== 'strava' && order !== 'newest-first' && order !== 'oldest-first')
        return reply(400, { message: 'order must be strava, newest-first or oldest-first' });
      control.setPageOrder(order);
      return reply(200, { order });
    }
    if (resource === 'capacity' && method === 'GET') return reply(200, { athleteCapacity: control.athleteCapacity() });
    if (resource === 'capacity' && method === 'PUT') {
      const capacity = (body as { athleteCapacity?: unknown }).athleteCapacity;
      if (typeof capacity !== 'number') return reply(400, { message: 'athleteCapacity must be a number' });
      control.setAthleteCapacity(capacity);
      return reply(200, { athleteCapacity: control.athleteCapacity() });
    }
    if (resource === 'generation' && method === 'PUT') {
      const generation = (body as { generation?: string }).generation;
      if (generation !== 'current' && generation !== 'june-2027')
        return reply(400, { message: 'generation must be current or june-2027' });
      control.setGeneration(generation);
      return reply(200, { generation });
    }
    if (resource === 'requests' && method === 'GET') return reply(200, control.requests());
    if (resource === 'requests' && method === 'DELETE') {
      control.clearRequests();
      return reply(204, null);
    }
    return reply(404, { message: `No control route ${method} ${path}` });
  } catch (error) {
    return reply(400, { message: error instanceof Error ? error.message : String(error) });
  }
}

/** The world answers API paths as /api/v3/…, whichever prefix the generation serves them under. */
function apiPath(path: string, generation: StravaGeneration): string {
  const prefix = API_PREFIX[generation];
  return path.startsWith(`${prefix}/`) ? `/api/v3${path.slice(prefix.length)}` : path;
}

/** An access token sent as a query parameter (Strava's API takes one there too, until June 2027). */
function accessTokenParam(req: IncomingMessage): string | null {
  return new URL(req.url ?? '/', 'http://simulator.invalid').searchParams.get('access_token');
}

/** Strava accepts OAuth parameters in the query string, a form body or a JSON body; the body wins. */
function readParams(req: IncomingMessage, query: URLSearchParams): Promise<URLSearchParams> {
  return readKitParams(req, query, { acceptJson: true });
}
