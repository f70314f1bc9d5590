import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import type { ZodError, ZodType } from 'zod';
import type { RouteFacts } from '../shared/route-facts';
import type { ApiErrorBody } from '../shared/schemas/error';
import { validationFields } from '../shared/validation-fields';
import { groupsFromClaim } from './groups-claim';
import { idempotencyClaimOf, replayOf, type IdempotencyClaim, type IdempotencyStore } from './idempotency';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from './json-depth';
import { refuseUnlessThroughCloudFront } from './origin-verify';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  InternalError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
} from './errors';
import { logger } from './logger';

/** Largest JSON body any route accepts unless it says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** The caller, taken only from the claims the JWT authorizer verified. */
export interface Caller {
  userId: string;
  /** The token's `email` only when its `email_verified` claim is true: the app never stores nor mails another. */
  email: string | undefined;
  /** The token carries an email that is not verified (the caller is refused wherever an email is needed). */
  emailUnverified?: true;
  /** Cognito groups from the verified `cognito:groups` claim (e.g. `moderators`). */
  groups: string[];
  /** Cognito's `cognito:username` claim when the token has one (a Google user's is not their sub). */
  username?: string;
}

interface RouteInput<Body, Query, Path> {
  body: Body;
  query: Query;
  path: Path;
  headers: Readonly<Record<string, string | undefined>>;
  /** Present on every route that is not public (the route list's `public` flag). */
  caller: Caller;
  /** The request time, so use cases never read the clock themselves. */
  now: Date;
  rawBody: string;
  /**
   * On an `idempotent` route called with an `Idempotency-Key`: the claim a use case puts in its committing
   * transaction (idempotencyRecordPut), so the work and its record land together. Null otherwise.
   */
  idempotency: IdempotencyClaim | null;
}

/**
 * How a handler reads its input and answers. Whether the route is public and whether it only reads are not here:
 * they come from the route's entry in the route list (RouteFacts, functions/shared/route-facts.ts).
 */
interface RouteSpec<Body, Query, Path> {
  body?: ZodType<Body>;
  query?: ZodType<Query>;
  path?: ZodType<Path>;
  successStatus?: number;
  maxBodyBytes?: number;
  /**
   * The route creates something that reaches other people: it accepts an `Idempotency-Key` header, and a retry with
   * the same key and request gets the first answer instead of doing the work again (functions/lib/idempotency.ts).
   * 'with-work': the use case commits the record in its own transaction (idempotencyRecordPut); 'after-work': this
   * wrapper keeps the answer once the use case has returned.
   */
  idempotent?: 'with-work' | 'after-work';
}

export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Event = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean | string[]> } };
  };
};

export type HttpHandler = (event: Event, context: Context) => Promise<APIGatewayProxyResultV2>;

/** The input schemas a route declared, readable from its handler (the fuzz suite derives near-valid inputs from them). */
export interface RouteInputSchemas {
  body?: ZodType;
  query?: ZodType;
  path?: ZodType;
}

const RESULT = Symbol('http-result');

/** The request's input parsed with the route's schemas (a bad body, query or path throws a 400). */
function readInput<Body, Query, Path>(
  spec: RouteSpec<Body, Query, Path>,
  event: Event,
  headers: Readonly<Record<string, string | undefined>>,
  caller: Caller,
): RouteInput<Body, Query, Path> {
  const rawBody = decodeBody(event, spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  return {
    body: spec.body ? parseWith(spec.body, parseJson(rawBody), 'body') : (undefined as Body),
    query: spec.query ? parseWith(spec.query, event.queryStringParameters ?? {}, 'query') : ({} as Query),
    path: spec.path ? parseWith(spec.path, event.pathParameters ?? {}, 'path') : ({} as Path),
    headers,
    caller,
    now: new Date(),
    rawBody,
    idempotency: spec.idempotent ? idempotencyClaimOf(event, headers, caller.userId, rawBody) : null,
  };
}

/** `read()`'s value; when it throws, the account check's refusal (if any) is thrown instead of its error. */
async function refusalFirst<T>(live: Promise<void>, read: () => T): Promise<T> {
  try {
    return read();
  } catch (error) {
    await live;
    throw error;
  }
}

/** Return a full result (status, headers) instead of a JSON body from a route. */
export function respond(
  status: number,
  body?: unknown,
  headers?: Record<string, string>,
): HttpResult & { [RESULT]: true } {
  return { status, body, headers, [RESULT]: true };
}

/**
 * What the handler factory reads and keeps for every route, passed in by the composition root
 * (functions/handlers/http-route.ts) so that this module knows no table.
 */
export interface HttpRouteDependencies {
  /** The caller's account status (the account-status item, read consistently). */
  accountStatusOf(userId: string): Promise<'active' | 'deleted' | 'suspended'>;
  /** Where an `idempotent` route's answers are kept. */
  idempotency: IdempotencyStore;
  /** The facts of the route an event came in on, by its `routeKey`; throws for a route it has none of. */
  routeFacts(routeKey: string): RouteFacts;
}

/**
 * Wraps a route's use-case call: parses input with shared schemas, supplies the verified caller,
 * maps typed errors to `{ error: { code, message } }`, logs one structured line per request.
 */
export type HttpRoute = <Body = undefined, Query = Record<string, never>, Path = Record<string, never>>(
  spec: RouteSpec<Body, Query, Path>,
  handle: (input: RouteInput<Body, Query, Path>) => Promise<unknown>,
) => HttpHandler;

/** The handler factory (`httpRoute`) on its storage dependencies. */
export function httpRouteWith(deps: HttpRouteDependencies): HttpRoute {
  return function httpRoute<Body, Query, Path>(
    spec: RouteSpec<Body, Query, Path>,
    handle: (input: RouteInput<Body, Query, Path>) => Promise<unknown>,
  ): HttpHandler {
    const base = async (event: Event): Promise<APIGatewayProxyResultV2> => {
      const started = Date.now();
      const headers = lowerCaseKeys(event.headers ?? {});
      refuseUnlessThroughCloudFront(headers);
      const facts = deps.routeFacts(event.routeKey);
      const caller = facts.public ? PUBLIC_CALLER : callerFrom(event);
      // Started before the input is read, and its refusal wins over a bad input's: a deleted or suspended account
      // gets the same answer from every route, whatever it sends.
      const live = facts.public ? Promise.resolve() : refuseInactiveCaller(deps, caller);
      const input = await refusalFirst(live, () => readInput(spec, event, headers, caller));
      const successStatus = spec.successStatus ?? 200;
      // A route that only reads cannot change anything a refused caller could keep: its use case runs beside the
      // check, and the refusal still wins over its result.
      const outcome = facts.readsOnly
        ? await handledBesideCheck(handle(input), live)
        : input.idempotency
          ? await live.then(() =>
              handledOnce(
                deps.idempotency,
                input.idempotency!,
                spec.idempotent!,
                successStatus,
                () => handle(input),
                input.now,
              ),
            )
          : await live.then(() => handle(input));
      const result = isHttpResult(outcome) ? outcome : { status: successStatus, body: outcome };
      logger.info('request', { route: event.routeKey, status: result.status, ms: Date.now() - started });
      return toResponse(result);
    };

    const wrapped = middy(base)
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use({
        onError: async (request) => {
          request.response = errorResponse(request.error, request.event as Event);
        },
      }) as unknown as HttpHandler;
    const schemas: RouteInputSchemas = { body: spec.body, query: spec.query, path: spec.path };
    return Object.assign(wrapped, { inputSchemas: schemas });
  };
}

/** The schemas `httpRoute` attached to a handler, or undefined for a handler not built with it. */
export function inputSchemasOf(handler: unknown): RouteInputSchemas | undefined {
  return (handler as { inputSchemas?: RouteInputSchemas } | undefined)?.inputSchemas;
}

function decodeBody(event: Event, maxBytes: number): string {
  if (!event.body) return '';
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  // Every route, with or without a body schema: a deeply nested body never reaches a parser. Checked before the
  // size (within the first maxBytes, so the scan stays bounded) so a nesting bomb always answers the same 400.
  if (jsonNestsDeeperThan(text.slice(0, maxBytes)))
    throw new BadRequestError(
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
      undefined,
      'body_too_deep',
    );
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new PayloadTooLargeError(maxBytes);
  return text;
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError('The request body is not valid JSON.', undefined, 'invalid_json');
  }
}

function parseWith<T>(schema: ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error, where);
}

function validationError(error: ZodError, where: string): BadRequestError {
  return new BadRequestError(`The request ${where} is invalid.`, validationFields(error, where), 'validation_failed');
}

function callerFrom(event: Event): Caller {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') throw new UnauthorizedError();
  const email = typeof claims?.email === 'string' && claims.email !== '' ? claims.email : undefined;
  // API Gateway hands JWT claims over as strings ("true"); the local authorizer keeps the token's boolean.
  const verified = claims?.email_verified === true || claims?.email_verified === 'true';
  const username = claims?.['cognito:username'];
  return {
    userId: sub,
    email: verified ? email : undefined,
    ...(email !== undefined && !verified ? { emailUnverified: true as const } : {}),
    groups: groupsFromClaim(claims?.['cognito:groups']),
    ...(typeof username === 'string' && username !== '' ? { username } : {}),
  };
}

const PUBLIC_CALLER: Caller = { userId: '', email: undefined, groups: [] };

/**
 * A token Cognito issued before the account's deletion or suspension stays valid for API Gateway until it expires
 * (API Gateway checks its signature and expiry, not whether Cognito revoked it), so it is refused here: one
 * consistent GetItem of the account-status item, about 1-3 ms in region, for both.
 */
async function refuseInactiveCaller(deps: HttpRouteDependencies, caller: Caller): Promise<void> {
  const status = await deps.accountStatusOf(caller.userId);
  if (status === 'deleted') throw new UnauthorizedError('This account was deleted.');
  if (status === 'suspended')
    throw new ForbiddenError('This account is suspended for breaking the community rules.', 'account_suspended');
}

/**
 * The use case's outcome, done once per claim: a record of an earlier answer is replayed (a different request under
 * the same key is refused); a failure whose work committed anyway (its record is there) answers as the success did.
 * A use case that keeps the record with its work has written it already; for the others it is kept here.
 */
async function handledOnce(
  store: IdempotencyStore,
  claim: IdempotencyClaim,
  recordKept: 'with-work' | 'after-work',
  successStatus: number,
  handle: () => Promise<unknown>,
  now: Date,
): Promise<unknown> {
  const earlier = await replayOf(store, claim, now);
  if (earlier) return respond(successStatus, earlier.body, { 'idempotent-replayed': 'true' });
  let outcome: unknown;
  try {
    outcome = await handle();
  } catch (error) {
    const committed = await replayOf(store, claim, now).catch(() => null);
    if (committed) return respond(successStatus, committed.body, { 'idempotent-replayed': 'true' });
    throw error;
  }
  if (recordKept === 'after-work' && !isHttpResult(outcome)) await store.put(claim, outcome, now);
  return outcome;
}

/** A read-only use case's outcome once the account-status check has passed; the check's refusal wins over both. */
async function handledBesideCheck(outcome: Promise<unknown>, live: Promise<void>): Promise<unknown> {
  const [handled, checked] = await Promise.allSettled([outcome, live]);
  if (checked.status === 'rejected') throw checked.reason;
  if (handled.status === 'rejected') throw handled.reason;
  return handled.value;
}

function lowerCaseKeys(headers: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function isHttpResult(value: unknown): value is HttpResult {
  return typeof value === 'object' && value !== null && RESULT in value;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function toResponse(result: HttpResult): APIGatewayProxyResultV2 {
  return {
    statusCode: result.status,
    headers: { ...JSON_HEADERS, ...result.headers },
    body: result.body === undefined ? '' : JSON.stringify(result.body),
  };
}

function errorResponse(error: unknown, event: Event | undefined): APIGatewayProxyResultV2 {
  const mapped = toAppError(error);
  if (mapped.status >= 500) {
    // The full error goes to the log only; the client gets a generic message.
    logger.error('request failed', {
      route: event?.routeKey,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    });
  } else {
    logger.info('request rejected', { route: event?.routeKey, status: mapped.status, code: mapped.code });
  }
  const body: ApiErrorBody = {
    error: { code: mapped.code, message: mapped.message, ...(mapped.fields ? { fields: mapped.fields } : {}) },
  };
  const headers: Record<string, string> = {};
  if (mapped instanceof TooManyRequestsError) headers['retry-after'] = String(mapped.retryAfterSeconds);
  return toResponse({ status: mapped.status, body, headers });
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return validationError(error, 'input');
  return new InternalError();
}

/** Re-exported so handlers import their schema helpers from one place. */
export { z };
