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
  parseRateLimitHeaders,
  parseRetryAfter,
  summarizeUsage,
  type RateLimitState,
  type RateLimitUsageSummary,
  type WindowCounts,
} from '../domain/rate-limit';
import {
  capRefusal,
  readUsage,
  sendCaps,
  stravaRateReport,
  usedUpWindow,
  type StravaRateReport,
} from '../domain/strava-rate-limits';
import { TooManyRequestsError } from '../lib/errors';
import { tableName } from '../lib/config';
import { dynamo, isConditionalCheckFailure } from '../lib/dynamo';
import type { StravaAppConfig } from './strava-configs';
import { stravaRateLimitKeys } from './keys';
import {
  quarterAnsweredAttribute,
  quarterCapAttribute,
  quarterCounterAttribute,
  quarterSendsAttribute,
} from './strava-rate-limit-keys';
import { writeIfCondition } from './batch';

export type { StravaAppConfig } from './strava-configs';
export { stravaConfigForUser } from './strava-configs';

/**
 * A let-out call: its quarter, and how many of our sends of its quarter and day had been answered when it went out.
 * With the response to it, that says how many sends fit (sendCaps in functions/domain/strava-rate-limits.ts).
 */
export interface StravaCallTicket {
  quarterStart: string;
  answeredBefore: WindowCounts;
}

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

function dateOrNull(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
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
  return stateFromItem(await readDayItem(config, now), now);
}

async function readDayItem(config: StravaAppConfig, now: Date): Promise<Record<string, unknown> | undefined> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName('rateLimits'),
      Key: stravaRateLimitKeys.dayWindow(config.id, dailyWindowStart(now)),
      ConsistentRead: true,
    }),
  );
  return result.Item;
}

/** What the API-usage indicator shows for the config at `now`. */
export async function stravaUsageSummary(config: StravaAppConfig, now: Date): Promise<RateLimitUsageSummary> {
  return summarizeUsage(await readStravaRateLimitState(config, now), config, now);
}

/**
 * Atomically counts one Strava API call against the config's windows; throws TooManyRequestsError (functions/lib/errors.ts)
 * with the spec §8 message and retryAfterSeconds when a limit is reached.
 *
 * The one conditional write refuses at our own budget (the config's limits, on counters raised to Strava's read usage)
 * and at Strava's room in both of its pairs as its latest response stated it (`strava_cap_HHMM`, `strava_daily_cap`,
 * compared with our own sends `sends_HHMM`, `sends_daily`), so Lambdas running at once never send past a window that
 * Strava has already said is nearly full. The returned ticket is handed back to recordStravaResponse with the answer.
 */
export async function acquireStravaCall(config: StravaAppConfig, now: Date): Promise<StravaCallTicket> {
  // A refused write is usually final. But Strava's caps are replaced by each answer, and answers to calls sent at
  // once can be recorded out of order, so a cap can rise between the refused write and the read that explains it:
  // then the call is tried again.
  for (let attempt = 1; ; attempt++) {
    const ticket = await tryAcquire(config, now);
    if (ticket) return ticket;
    const refused = await refusal(config, now);
    if (refused) throw refused;
    if (attempt === ACQUIRE_ATTEMPTS)
      throw new Error(
        `Strava rate limiter: the window for config '${config.id}' kept refusing a call its state allows`,
      );
  }
}

/** How many times a call is tried while the refused write and the state read disagree (each retry is a cap raised in between). */
const ACQUIRE_ATTEMPTS = 5;

/** The one conditional write: the call's ticket, or null when the write's condition refused it. */
async function tryAcquire(config: StravaAppConfig, now: Date): Promise<StravaCallTicket | null> {
  const dayStart = dailyWindowStart(now);
  const quarter = fifteenMinuteWindowStart(now);
  const base = dayItemBase(config, dayStart);
  const answeredName = quarterAnsweredAttribute(quarter);
  let sends: Record<string, unknown> | undefined;
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: stravaRateLimitKeys.dayWindow(config.id, dayStart),
        UpdateExpression:
          'SET #quarter = if_not_exists(#quarter, :zero) + :one, daily_requests = if_not_exists(daily_requests, :zero) + :one, ' +
          '#sends = if_not_exists(#sends, :zero) + :one, sends_daily = if_not_exists(sends_daily, :zero) + :one, ' +
          // Set to themselves only so the write returns them: the ticket's count of answered sends.
          '#answered = if_not_exists(#answered, :zero), answered_daily = if_not_exists(answered_daily, :zero), ' +
          'fifteen_min_requests = if_not_exists(#quarter, :zero) + :one, fifteen_min_window_start = :quarterStart, ' +
          `last_request_at = :now, updated_at = :now, ${base.expression}`,
        // Refuse while marked rate limited (until retry_after), at our daily or quarter budget, or at Strava's room.
        ConditionExpression:
          '(attribute_not_exists(is_rate_limited) OR is_rate_limited = :false OR attribute_not_exists(retry_after) OR retry_after <= :now) ' +
          'AND (attribute_not_exists(daily_requests) OR daily_requests < :dailyLimit) ' +
          'AND (attribute_not_exists(#quarter) OR #quarter < :fifteenMinLimit) ' +
          'AND (attribute_not_exists(#cap) OR #sends < #cap) ' +
          'AND (attribute_not_exists(strava_daily_cap) OR sends_daily < strava_daily_cap)',
        ExpressionAttributeNames: {
          '#quarter': quarterCounterAttribute(quarter),
          '#sends': quarterSendsAttribute(quarter),
          '#answered': answeredName,
          '#cap': quarterCapAttribute(quarter),
        },
        ExpressionAttributeValues: {
          ...base.values,
          ':zero': 0,
          ':one': 1,
          ':quarterStart': quarter.toISOString(),
          ':now': now.toISOString(),
          ':dailyLimit': config.dailyLimit,
          ':fifteenMinLimit': config.fifteenMinLimit,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    sends = result.Attributes;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return null;
  }
  return {
    quarterStart: quarter.toISOString(),
    answeredBefore: { fifteenMin: countOf(sends?.[answeredName]), daily: countOf(sends?.answered_daily) },
  };
}

/**
 * Builds the refusal after a failed condition, or null when the state read now allows the call. With the same `now`,
 * counters only grow and marks only get set, but Strava's caps can rise. The spec's message is picked from our own
 * budget and marks first (functions/domain/rate-limit.ts), then Strava's room (functions/domain/strava-rate-limits.ts).
 */
async function refusal(config: StravaAppConfig, now: Date): Promise<TooManyRequestsError | null> {
  const item = await readDayItem(config, now);
  const decision = decide(stateFromItem(item, now), config, now);
  if (!decision.allowed) {
    if (decision.reason === 'fifteen_min') await markRateLimited(config, now, decision.retryAt);
    return new TooManyRequestsError(decision.message, decision.retryAfterSeconds);
  }
  const quarter = fifteenMinuteWindowStart(now);
  const capped = capRefusal(
    { fifteenMin: countOf(item?.[quarterSendsAttribute(quarter)]), daily: countOf(item?.sends_daily) },
    { fifteenMin: numberOrNull(item?.[quarterCapAttribute(quarter)]), daily: numberOrNull(item?.strava_daily_cap) },
    now,
  );
  if (!capped) return null;
  if (capped.window === 'fifteen_min') await markRateLimited(config, now, capped.retryAt);
  return new TooManyRequestsError(capped.message, capped.retryAfterSeconds);
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
      writeIfCondition(
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
 * Counts the call's send as answered and keeps the room Strava's response leaves as caps on our sends (sendCaps),
 * replacing the previous ones. The quarter's cap is set only when the call went out in the quarter the response counts
 * in; a call answered after midnight changes nothing of the new day.
 */
async function recordAnswer(
  config: StravaAppConfig,
  now: Date,
  ticket: StravaCallTicket,
  report: StravaRateReport | null,
): Promise<void> {
  const dayStart = dailyWindowStart(now);
  const ticketQuarter = new Date(ticket.quarterStart);
  if (dailyWindowStart(ticketQuarter).getTime() !== dayStart.getTime()) return;
  const caps = report ? sendCaps(report, ticket.answeredBefore) : null;
  const sameQuarter = fifteenMinuteWindowStart(now).getTime() === ticketQuarter.getTime();
  const base = dayItemBase(config, dayStart);
  const sets = [
    '#answered = if_not_exists(#answered, :zero) + :one',
    'answered_daily = if_not_exists(answered_daily, :zero) + :one',
  ];
  if (caps) sets.push('strava_daily_cap = :dailyCap');
  if (caps && sameQuarter) sets.push('#cap = :quarterCap');
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: stravaRateLimitKeys.dayWindow(config.id, dayStart),
      UpdateExpression: `SET ${sets.join(', ')}, updated_at = :now, ${base.expression}`,
      ExpressionAttributeNames: {
        '#answered': quarterAnsweredAttribute(ticketQuarter),
        ...(caps && sameQuarter ? { '#cap': quarterCapAttribute(ticketQuarter) } : {}),
      },
      ExpressionAttributeValues: {
        ...base.values,
        ':zero': 0,
        ':one': 1,
        ':now': now.toISOString(),
        ...(caps ? { ':dailyCap': caps.daily } : {}),
        ...(caps && sameQuarter ? { ':quarterCap': caps.fifteenMin } : {}),
      },
    }),
  );
}

/**
 * Reads both of Strava's pairs from a response (X-RateLimit-* overall, X-ReadRateLimit-* read): raises our budget
 * counters to Strava's read usage (it counts app-wide: other deployments, calls we never saw), keeps the room it leaves
 * as caps on our sends (with the call's ticket), and marks the config rate limited when a window of either pair is used
 * up — until the day ends when it is the day, else the quarter — or Strava answered 429.
 */
export async function recordStravaResponse(
  config: StravaAppConfig,
  response: { status: number; headers: Headers },
  now: Date,
  ticket?: StravaCallTicket | void,
): Promise<void> {
  const headers = parseRateLimitHeaders(response.headers);
  const report = headers ? stravaRateReport(headers) : null;
  const writes: Promise<unknown>[] = [];
  if (report) {
    // Never lower ours: our in-flight calls may not have reached Strava yet.
    const reported = readUsage(report);
    if (reported.daily > 0)
      writes.push(writeIfCondition(raiseCounter(config, now, 'daily_requests', reported.daily, '')));
    if (reported.fifteenMin > 0) {
      const quarter = quarterCounterAttribute(fifteenMinuteWindowStart(now));
      writes.push(
        writeIfCondition(
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
  if (ticket) writes.push(recordAnswer(config, now, ticket, report));
  // After a 429 without Retry-After and no used-up window, the 429 is transient (a burst, a proxy): it is left to the
  // caller's back-off (spec §8: exponential from 1000 ms) instead of blocking the whole app for a window. After any
  // other response, a used-up window means the next request would only earn a 429, so none is sent until it reopens.
  const waitMs = response.status === 429 ? parseRetryAfter(response.headers.get('Retry-After'), now) : null;
  const until = waitMs !== null ? new Date(now.getTime() + waitMs) : report ? usedUpWindow(report, now)?.until : null;
  if (until) writes.push(markRateLimited(config, now, until));
  await Promise.all(writes);
}
