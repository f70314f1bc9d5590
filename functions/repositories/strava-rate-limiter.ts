/**
 * The one limiter every Strava API call goes through (spec §3 strava_rate_limits, §8, §9), shared by every Lambda.
 *
 * Storage: ONE item per config per UTC day (`stravaRateLimitKeys.dayWindow`). It holds the daily counter
 * (`daily_requests`) and one counter attribute per quarter hour of that day (`quarterCounterAttribute`).
 * Because both counters live in the same item, a single UpdateItem with a ConditionExpression checks both limits
 * and bumps both counters atomically: no read-then-write, no optimistic retry loop, and DynamoDB serialises
 * writers on the item, so many Lambdas at once can never push either window past its limit.
 * The alternatives were worse: a TransactWrite over a quarter item and a day item costs double and cancels
 * with TransactionConflict under exactly the contention the limiter exists for; a single item with one
 * `fifteen_min_requests` field would need an "if the quarter changed, reset" branch, which an update
 * expression cannot express in one write. The per-quarter attributes (at most 96 small numbers) make the
 * quarter part of the attribute name instead, so a new quarter simply starts from a counter that does not exist yet.
 *
 * The spec's state fields are kept on the item: `daily_requests`, `fifteen_min_requests` and
 * `fifteen_min_window_start` (the quarter of the latest counted request; the per-quarter attribute is the one
 * the limit is enforced on), `last_request_at`, `is_rate_limited`, `retry_after`, `updated_at`.
 * Items expire (TTL `expiresAt`) when their day is over.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  dailyWindowStart,
  decide,
  fifteenMinuteWindowStart,
  nextDailyWindowStart,
  nextFifteenMinuteWindowStart,
  parseRateLimitHeaders,
  parseRetryAfter,
  providerUsage,
  summarizeUsage,
  type ProviderRateLimitHeaders,
  type RateLimitState,
  type RateLimitUsageSummary,
} from '../domain/rate-limit';
import { TooManyRequestsError } from '../lib/errors';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { StravaAppConfig } from './strava-configs';
import { stravaRateLimitKeys } from './keys';
import { quarterCounterAttribute } from './strava-rate-limit-keys';

export type { StravaAppConfig } from './strava-configs';
export { stravaConfigForUser } from './strava-configs';

/** A 429's mark is written on each day item its retry period touches; Strava never asks for more than a day. */
const MAX_DAYS_MARKED = 3;

function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Attributes every write sets when it may be the one creating the day's item. */
function dayItemBase(config: StravaAppConfig, dayStart: Date) {
  return {
    expression:
      'config_id = :configId, window_start = :dayStart, expiresAt = :expiresAt, entity = :entity, is_rate_limited = if_not_exists(is_rate_limited, :false)',
    values: {
      ':configId': config.id,
      ':dayStart': dayStart.toISOString(),
      ':expiresAt': epochSeconds(nextDailyWindowStart(dayStart)),
      ':entity': 'StravaRateLimitWindow',
      ':false': false,
    },
  };
}

/** Runs a conditional write; a failed condition means "nothing to do" and is not an error. */
async function updateIfCondition(command: UpdateCommand): Promise<boolean> {
  try {
    await dynamo().send(command);
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

function dateOrNull(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The state of the windows current at `now`, read from that day's item. */
function stateFromItem(item: Record<string, unknown> | undefined, now: Date): RateLimitState | null {
  if (!item) return null;
  const quarter = fifteenMinuteWindowStart(now);
  return {
    fifteenMinRequests: countOf(item[quarterCounterAttribute(quarter)]),
    fifteenMinWindowStart: quarter,
    dailyRequests: countOf(item.daily_requests),
    dailyWindowStart: dailyWindowStart(now),
    lastRequestAt: dateOrNull(item.last_request_at),
    isRateLimited: item.is_rate_limited === true,
    retryAfter: dateOrNull(item.retry_after),
  };
}

/** The config's rate-limit state at `now` (null when it has made no request that day). */
export async function readStravaRateLimitState(config: StravaAppConfig, now: Date): Promise<RateLimitState | null> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('rateLimits'),
      Key: stravaRateLimitKeys.dayWindow(config.id, dailyWindowStart(now)),
      ConsistentRead: true,
    }),
  );
  return stateFromItem(result.Item, now);
}

/** What the API-usage indicator shows for the config at `now`. */
export async function stravaUsageSummary(config: StravaAppConfig, now: Date): Promise<RateLimitUsageSummary> {
  return summarizeUsage(await readStravaRateLimitState(config, now), config, now);
}

/**
 * Atomically counts one Strava API call against the config's windows; throws TooManyRequestsError (functions/lib/errors.ts)
 * with the spec §8 message and retryAfterSeconds when a limit is reached.
 */
export async function acquireStravaCall(config: StravaAppConfig, now: Date): Promise<void> {
  const dayStart = dailyWindowStart(now);
  const quarter = fifteenMinuteWindowStart(now);
  const base = dayItemBase(config, dayStart);
  const counted = await updateIfCondition(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: stravaRateLimitKeys.dayWindow(config.id, dayStart),
      UpdateExpression:
        'SET #quarter = if_not_exists(#quarter, :zero) + :one, daily_requests = if_not_exists(daily_requests, :zero) + :one, ' +
        'fifteen_min_requests = if_not_exists(#quarter, :zero) + :one, fifteen_min_window_start = :quarterStart, ' +
        `last_request_at = :now, updated_at = :now, ${base.expression}`,
      // Refuse while marked rate limited (until retry_after), at the daily limit, or at the quarter's limit.
      ConditionExpression:
        '(attribute_not_exists(is_rate_limited) OR is_rate_limited = :false OR attribute_not_exists(retry_after) OR retry_after <= :now) ' +
        'AND (attribute_not_exists(daily_requests) OR daily_requests < :dailyLimit) ' +
        'AND (attribute_not_exists(#quarter) OR #quarter < :fifteenMinLimit)',
      ExpressionAttributeNames: { '#quarter': quarterCounterAttribute(quarter) },
      ExpressionAttributeValues: {
        ...base.values,
        ':zero': 0,
        ':one': 1,
        ':quarterStart': quarter.toISOString(),
        ':now': now.toISOString(),
        ':dailyLimit': config.dailyLimit,
        ':fifteenMinLimit': config.fifteenMinLimit,
      },
    }),
  );
  if (counted) return;
  throw await refusal(config, now);
}

/**
 * Builds the refusal after a failed condition. Between the failed write and this read, with the same `now`,
 * counters only grow and marks only get set, so the pure rules refuse too and pick the spec's message.
 */
async function refusal(config: StravaAppConfig, now: Date): Promise<TooManyRequestsError> {
  const decision = decide(await readStravaRateLimitState(config, now), config, now);
  if (decision.allowed)
    throw new Error(`Strava rate limiter: the window for config '${config.id}' refused a call its state allows`);
  if (decision.reason === 'fifteen_min') await markRateLimited(config, now, decision.retryAt);
  return new TooManyRequestsError(decision.message, decision.retryAfterSeconds);
}

/**
 * Marks the config rate limited until `until` on every day item the period touches. Never shortens a mark
 * that is already longer: whoever saw the longest wait was right.
 */
async function markRateLimited(config: StravaAppConfig, now: Date, until: Date): Promise<void> {
  const writes: Promise<boolean>[] = [];
  for (
    let day = dailyWindowStart(now), n = 0;
    day.getTime() < until.getTime() && n < MAX_DAYS_MARKED;
    day = nextDailyWindowStart(day), n++
  ) {
    const base = dayItemBase(config, day);
    writes.push(
      updateIfCondition(
        new UpdateCommand({
          TableName: tableName('rateLimits'),
          Key: stravaRateLimitKeys.dayWindow(config.id, day),
          // is_rate_limited is set explicitly here, so the base's if_not_exists for it is left out.
          UpdateExpression: `SET is_rate_limited = :true, retry_after = :until, updated_at = :now, config_id = :configId, window_start = :dayStart, expiresAt = :expiresAt, entity = :entity`,
          ConditionExpression: 'attribute_not_exists(retry_after) OR is_rate_limited = :false OR retry_after < :until',
          ExpressionAttributeValues: {
            ...base.values,
            ':true': true,
            ':until': until.toISOString(),
            ':now': now.toISOString(),
          },
        }),
      ),
    );
  }
  await Promise.all(writes);
}

/** Raises a counter to Strava's figure; the condition makes it a no-op when ours is already as high. */
function raiseCounter(
  config: StravaAppConfig,
  now: Date,
  counter: string,
  value: number,
  mirror: string,
): UpdateCommand {
  const dayStart = dailyWindowStart(now);
  const base = dayItemBase(config, dayStart);
  return new UpdateCommand({
    TableName: tableName('rateLimits'),
    Key: stravaRateLimitKeys.dayWindow(config.id, dayStart),
    UpdateExpression: `SET #counter = :value, ${mirror}updated_at = :now, ${base.expression}`,
    ConditionExpression: 'attribute_not_exists(#counter) OR #counter < :value',
    ExpressionAttributeNames: { '#counter': counter },
    ExpressionAttributeValues: {
      ...base.values,
      ':value': value,
      ':now': now.toISOString(),
      ...(mirror ? { ':quarterStart': fifteenMinuteWindowStart(now).toISOString() } : {}),
    },
  });
}

/**
 * The end of whichever of Strava's windows its usage headers show used up (null when none is).
 * After a 429 without Retry-After: if none is, the 429 is transient — a burst or a proxy — and is left to the
 * caller's back-off (spec §8: exponential from 1000 ms) instead of blocking the whole app for a window.
 * After any other response: a used-up window means the next request would be refused, so none is sent until it reopens.
 */
function windowEndWhenUsedUp(headers: ProviderRateLimitHeaders | null, now: Date): Date | null {
  if (!headers) return null;
  const usage = providerUsage(headers);
  const dailyLimits = [headers.limit.daily, headers.readLimit?.daily].filter(
    (limit): limit is number => limit !== undefined && limit > 0,
  );
  if (dailyLimits.some((limit) => usage.daily >= limit)) return nextDailyWindowStart(now);
  const quarterLimits = [headers.limit.fifteenMin, headers.readLimit?.fifteenMin].filter(
    (limit): limit is number => limit !== undefined && limit > 0,
  );
  if (quarterLimits.some((limit) => usage.fifteenMin >= limit)) return nextFifteenMinuteWindowStart(now);
  return null;
}

/** Corrects the counters from Strava's X-RateLimit-Usage / X-RateLimit-Limit headers (and marks rate-limited on a 429). */
export async function recordStravaResponse(
  config: StravaAppConfig,
  response: { status: number; headers: Headers },
  now: Date,
): Promise<void> {
  const headers = parseRateLimitHeaders(response.headers);
  const writes: Promise<unknown>[] = [];
  if (headers) {
    // Strava counts app-wide (other deployments, calls we never saw): keep the larger count, never lower ours.
    const reported = providerUsage(headers);
    if (reported.daily > 0)
      writes.push(updateIfCondition(raiseCounter(config, now, 'daily_requests', reported.daily, '')));
    if (reported.fifteenMin > 0) {
      const quarter = quarterCounterAttribute(fifteenMinuteWindowStart(now));
      writes.push(
        updateIfCondition(
          raiseCounter(
            config,
            now,
            quarter,
            reported.fifteenMin,
            'fifteen_min_requests = :value, fifteen_min_window_start = :quarterStart, ',
          ),
        ),
      );
    }
  }
  if (response.status === 429) {
    const waitMs = parseRetryAfter(response.headers.get('Retry-After'), now);
    const until = waitMs !== null ? new Date(now.getTime() + waitMs) : windowEndWhenUsedUp(headers, now);
    if (until) writes.push(markRateLimited(config, now, until));
  } else {
    // Respect the limit before hitting it: response 20 showing 20/20 means request 21 would only earn a 429.
    const until = windowEndWhenUsedUp(headers, now);
    if (until) writes.push(markRateLimited(config, now, until));
  }
  await Promise.all(writes);
}
