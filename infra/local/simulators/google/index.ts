import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  basicAuth,
  bearer,
  countRequests,
  drain,
  readBody,
  readJson,
  readParams,
  redirect as kitRedirect,
  startSimulatorServer,
} from '../kit';
import { renderConsentPage, renderErrorPage } from './consent-page';
import { API_ERRORS } from './google-errors';
import { SEEDED_USER_SUBS, type SportKey } from './seed-data';
import type { ExerciseType, SimExercise, SimGoogleUser, SimulatedGoogleClient } from './types';
import {
  DEFAULT_QUOTA_PER_MINUTE,
  GoogleWorld,
  type AddExerciseInput,
  type Fault,
  type Outcome,
  type RequestRecord,
} from './world';

export type {
  AddExerciseInput,
  ExerciseType,
  Fault,
  RequestRecord,
  SimExercise,
  SimGoogleUser,
  SimulatedGoogleClient,
  SportKey,
};
export { SEEDED_USER_SUBS };

/** The OAuth client the simulator knows unless told otherwise (local mode uses the same pair). */
export const DEFAULT_GOOGLE_CLIENT: SimulatedGoogleClient = Object.freeze({
  clientId: '246810121416-trailbuddysim.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-google-simulator-secret',
});
export const DEFAULT_GOOGLE_SEED = 20_250_701;

export interface GoogleSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  clock?: () => Date;
  clients?: SimulatedGoogleClient[];
  seed?: number;
  /** How far back the seeded data goes (default 400 days: Google Health keeps a person's history, so a backfill finds a year). */
  historyDays?: number;
  /** Requests a minute per person before a 429 (default 300, Google's quota). */
  quotaPerMinute?: number;
}

export interface GoogleSimulatorControl {
  users(): SimGoogleUser[];
  /** Oldest first. */
  exercises(sub: string): SimExercise[];
  dailyTotals(sub: string): { date: string; steps: number; calories: number; distance: number }[];
  addExercise(sub: string, input?: AddExerciseInput): SimExercise;
  deleteExercise(id: string): boolean;
  setDay(sub: string, date: string, values: { steps: number; calories?: number; distance?: number }): void;
  /** Tokens as a code exchange would return them, without the consent page (offline: with a refresh token). */
  issueTokens(
    sub: string,
    options?: { clientId?: string; scope?: string | string[] },
  ): ReturnType<GoogleWorld['issueTokens']>;
  expireAccessTokens(sub?: string): number;
  /** As if the person removed the app's access in their Google Account. */
  revokeAccess(sub: string, clientId?: string): void;
  grantedScopes(sub: string, clientId?: string): string[];
  /** Off: every Health API call answers 403 SERVICE_DISABLED ("Google Health API has not been used in project …"). */
  setHealthApiEnabled(enabled: boolean): void;
  failNext(count: number, fault: Fault, options?: { pathPrefix?: string; sub?: string }): void;
  clearFaults(sub?: string): void;
  requests(): RequestRecord[];
  requestCount(filter?: { method?: string; path?: string | RegExp; status?: number }): number;
  clearRequests(): void;
  /** Back to the seeded state: data, grants, tokens, faults, the request log, the API switched on. */
  reset(): void;
}

export interface GoogleSimulator {
  /** Base URL: authorize at /o/oauth2/v2/auth, token/tokeninfo/revoke at /token, /tokeninfo, /revoke, the Health API at /v4. */
  url: string;
  stop(): Promise<void>;
  control: GoogleSimulatorControl;
}

/** What a grant holds unless told otherwise: the activity and fitness scope TrailBuddy asks for. */
export const GOOGLE_HEALTH_ACTIVITY_SCOPE =
  'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly';
export const GOOGLE_FULL_SCOPES = [GOOGLE_HEALTH_ACTIVITY_SCOPE];

export async function startGoogleSimulator(options: GoogleSimulatorOptions = {}): Promise<GoogleSimulator> {
  const clients = options.clients ?? [DEFAULT_GOOGLE_CLIENT];
  const worldOptions = {
    clock: options.clock ?? (() => new Date()),
    clients,
    seed: options.seed ?? DEFAULT_GOOGLE_SEED,
    historyDays: options.historyDays ?? 400,
    quotaPerMinute: options.quotaPerMinute ?? DEFAULT_QUOTA_PER_MINUTE,
  };
  const holder = { world: new GoogleWorld(worldOptions) };
  const control = createControl(holder, () => new GoogleWorld(worldOptions));
  const running = await startSimulatorServer<Outcome & { sub?: string }>({
    port: options.port,
    host: options.host,
    charset: 'UTF-8',
    takeFault: (path, req) => holder.world.takeFault(path, bearer(req)),
    faultBody: (status) => (status === 429 ? API_ERRORS.quotaExceeded() : API_ERRORS.backendError()),
    record: (method, path, status, routed) =>
      holder.world.record({ method, path, status, ...(routed?.sub ? { sub: routed.sub } : {}) }),
    route: ({ method, path, query, req, res }) => route(holder.world, method, path, query, req, res),
    control: ({ method, path, query, req }, reply) => handleControl(control, method, path, query, req, reply),
  });
  return { ...running, control };
}

function createControl(holder: { world: GoogleWorld }, fresh: () => GoogleWorld): GoogleSimulatorControl {
  const w = () => holder.world;
  const defaultClientId = () => (w().clients[0] as SimulatedGoogleClient).clientId;
  return {
    users: () => w().listUsers(),
    exercises: (sub) =>
      w()
        .exercisesOf(sub)
        .map((e) => ({ ...e })),
    dailyTotals: (sub) => w().dailyTotals(sub),
    addExercise: (sub, input) => w().addExercise(sub, input),
    deleteExercise: (id) => w().deleteExercise(id),
    setDay: (sub, date, values) => w().setDay(sub, date, values),
    issueTokens: (sub, opts = {}) => {
      const scope = opts.scope ?? GOOGLE_FULL_SCOPES;
      return w().issueTokens(
        opts.clientId ?? defaultClientId(),
        sub,
        typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : scope,
        true,
      );
    },
    expireAccessTokens: (sub) => w().expireAccessTokens(sub),
    revokeAccess: (sub, clientId) => w().revokeGrant(sub, clientId ?? defaultClientId()),
    grantedScopes: (sub, clientId) => w().grantedScopes(sub, clientId ?? defaultClientId()),
    setHealthApiEnabled: (enabled) => {
      w().healthApiEnabled = enabled;
    },
    failNext: (count, fault, opts) => w().failNext(count, fault, opts?.pathPrefix, opts?.sub),
    clearFaults: (sub) => w().clearFaults(sub),
    requests: () => w().requests(),
    requestCount: (filter = {}) => countRequests(w().requests(), filter),
    clearRequests: () => w().clearRequests(),
    reset: () => {
      holder.world = fresh();
    },
  };
}

/** Returns the JSON outcome to send, or null when it already answered (HTML pages and redirects). */
async function route(
  world: GoogleWorld,
  method: string,
  path: string,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<(Outcome & { sub?: string }) | null> {
  if (path === '/o/oauth2/v2/auth' && method === 'GET') {
    const checked = world.validateAuthorize(query);
    if (!checked.ok)
      return html(
        world,
        res,
        method,
        path,
        checked.status,
        renderErrorPage(checked.status, checked.error, checked.description),
      );
    const users = world.listUsers();
    const hint = checked.request.loginHint;
    const selected = users.find((u) => hint !== '' && (u.email === hint || u.sub === hint))?.sub ?? users[0]?.sub;
    return html(world, res, method, path, 200, renderConsentPage(checked.request, users, selected));
  }

  if (path === '/o/oauth2/v2/approve' && method === 'POST') {
    const params = await readParams(req, query);
    const checked = world.validateAuthorize(params);
    if (!checked.ok)
      return html(
        world,
        res,
        method,
        path,
        checked.status,
        renderErrorPage(checked.status, checked.error, checked.description),
      );
    if (params.get('decision') !== 'allow') return redirect(world, res, method, path, world.deny(checked.request));
    const sub = params.get('account') ?? '';
    if (!world.user(sub))
      return html(
        world,
        res,
        method,
        path,
        400,
        renderErrorPage(400, 'invalid_request', 'Choose an account to continue.'),
      );
    return redirect(world, res, method, path, world.approve(checked.request, sub, params.getAll('granted_scope')));
  }

  if (path === '/token' && method === 'POST') return world.token(await readParams(req, query), basicAuth(req));
  if (path === '/tokeninfo' && (method === 'GET' || method === 'POST'))
    return world.tokenInfo((await readParams(req, query)).get('access_token'));
  if (path === '/revoke' && method === 'POST') return world.revoke((await readParams(req, query)).get('token'));

  if (path.startsWith('/v4/')) return world.api(method, path, query, await readBody(req), bearer(req));

  await drain(req);
  return { status: 404, body: API_ERRORS.notFound() };
}

function html(
  world: GoogleWorld,
  res: ServerResponse,
  method: string,
  path: string,
  status: number,
  page: string,
): null {
  world.record({ method, path, status });
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(page);
  return null;
}

function redirect(world: GoogleWorld, res: ServerResponse, method: string, path: string, location: string): null {
  return kitRedirect(res, location, () => world.record({ method, path, status: 302 }));
}

/** JSON control plane, so tests in another process (the e2e suite) can steer a running simulator. */
async function handleControl(
  control: GoogleSimulatorControl,
  method: string,
  path: string,
  query: URLSearchParams,
  req: IncomingMessage,
  reply: (status: number, payload: unknown) => void,
): Promise<void> {
  const parts = path.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
  try {
    const body = (method === 'GET' || method === 'DELETE' ? {} : await readJson(req)) as Record<string, unknown>;
    const [resource, id, sub] = parts;
    if (resource === 'health' && method === 'GET') return reply(200, { status: 'ok' });
    if (resource === 'reset' && method === 'POST') {
      control.reset();
      return reply(204, null);
    }
    if (resource === 'users' && parts.length === 1 && method === 'GET') return reply(200, control.users());
    if (resource === 'users' && sub === 'exercises' && method === 'GET')
      return reply(200, control.exercises(id as string));
    if (resource === 'users' && sub === 'exercises' && method === 'POST') {
      const { startTime, ...rest } = body as AddExerciseInput & { startTime?: string };
      return reply(
        201,
        control.addExercise(id as string, { ...rest, startTime: startTime ? new Date(startTime) : undefined }),
      );
    }
    if (resource === 'users' && sub === 'days' && method === 'GET')
      return reply(200, control.dailyTotals(id as string));
    if (resource === 'users' && sub === 'days' && method === 'PUT' && parts[3]) {
      control.setDay(id as string, parts[3], body as { steps: number; calories?: number; distance?: number });
      return reply(204, null);
    }
    if (resource === 'exercises' && method === 'DELETE')
      return reply(control.deleteExercise(id as string) ? 204 : 404, null);
    if (resource === 'tokens' && method === 'POST') {
      const { sub: who, clientId, scope } = body as { sub: string; clientId?: string; scope?: string | string[] };
      return reply(200, control.issueTokens(who, { clientId, scope }));
    }
    if (resource === 'expire-tokens' && method === 'POST')
      return reply(200, { expired: control.expireAccessTokens((body as { sub?: string }).sub) });
    if (resource === 'revoke' && method === 'POST') {
      const { sub: who, clientId } = body as { sub: string; clientId?: string };
      control.revokeAccess(who, clientId);
      return reply(204, null);
    }
    if (resource === 'grants' && method === 'GET')
      return reply(200, { scopes: control.grantedScopes(id as string, query.get('client_id') ?? undefined) });
    if (resource === 'health-api' && method === 'PUT') {
      control.setHealthApiEnabled((body as { enabled?: unknown }).enabled !== false);
      return reply(204, null);
    }
    if (resource === 'faults' && method === 'POST') {
      const { count, fault, pathPrefix, sub } = body as {
        count: number;
        fault: Fault;
        pathPrefix?: string;
        sub?: string;
      };
      control.failNext(count, fault, { pathPrefix, sub });
      return reply(204, null);
    }
    if (resource === 'faults' && method === 'DELETE') {
      control.clearFaults(query.get('sub') ?? undefined);
      return reply(204, null);
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
