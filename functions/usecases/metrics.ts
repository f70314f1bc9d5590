import {
  LONG_RANGE_DAYS,
  combineDailyAggregates,
  computeActivityMetrics,
  lastLocalDays,
  localTimeIn,
  providerPartKey,
  reconcileProviderAggregates,
  sameProviderDailyAggregate,
  type HeldActivity,
} from '../domain/metrics';
import { matchingFactsFromParts, type ActivityFacts } from '../domain/matching-facts';
import { OutingIndex } from '../domain/file-import-dedup';
import { fileDailyParts, type StoredFileActivity, type StoredFileStepDay } from '../domain/file-import-parts';
import { retentionCutoff } from '../domain/retention';
import { fileRecordsOf, markFileOutingsCovered } from '../repositories/file-imports';
import { ConnectionEndedError, type ConnectionFence } from '../repositories/connection-fence';
import { listConnections } from '../repositories/connections';
import { activitiesForMetrics, deleteDailyAggregatesOfProvider, dynamoMetricsStore } from '../repositories/metrics';
import { PROVIDER_TYPES, type ProviderType } from '../shared/schemas/activity';
import { DEFAULT_TIME_ZONE, type ActivityMetrics, type ProviderDailyAggregate } from '../shared/schemas/metrics';

export interface MetricsDeps {
  /**
   * The user's activities still held (raw provider data, already filtered for retention). Defaults to a
   * DynamoDB read of only the attributes aggregation needs; full UnifiedActivity records work too.
   */
  listActivities(userId: string): Promise<HeldActivity[]>;
  /** Stored provider parts of the daily aggregates from `from` ('YYYY-MM-DD', inclusive) onwards. */
  listProviderDailyAggregates(
    userId: string,
    range: { from: string; provider?: ProviderType },
  ): Promise<ProviderDailyAggregate[]>;
  /** The providers the user is connected to now, with when each connection began. */
  listActiveProviders(userId: string): Promise<ActiveProvider[]>;
  /**
   * Stores the metrics and, beside them, the facts partner matching may use (consented sources only); the write holds
   * to the given fences (the connections as read) and fails when one does not.
   */
  saveMetrics(
    userId: string,
    metrics: ActivityMetrics,
    matchingFacts: ActivityFacts | null,
    fences: ConnectionFence[],
  ): Promise<void>;
  /** Overwrites the given parts and leaves every other part as it is. */
  saveProviderDailyAggregates(
    userId: string,
    parts: ProviderDailyAggregate[],
    fences: ConnectionFence[],
  ): Promise<void>;
  deleteProviderDailyAggregates(
    userId: string,
    parts: Pick<ProviderDailyAggregate, 'date' | 'provider' | 'backfilled'>[],
    fences: ConnectionFence[],
  ): Promise<void>;
  /** The outings and step days the user imported from files (kept until deleted, no retention). */
  listFileRecords(userId: string): Promise<FileRecords>;
  /** Notes on file outings that a provider holds the same outing, so they keep stepping aside once its raw record is purged. */
  markFileOutingsCovered(
    userId: string,
    marks: readonly { activity: StoredFileActivity; provider: ProviderType }[],
  ): Promise<void>;
}

export interface FileRecords {
  activities: StoredFileActivity[];
  stepDays: StoredFileStepDay[];
}

/**
 * The days' figures from files beside the providers' parts. A file outing a held provider record matches is noted as
 * covered by that provider (once), because the provider's day part keeps counting it after its raw record is purged.
 */
export async function filePartsFor(
  userId: string,
  input: {
    files: FileRecords;
    held: readonly HeldActivity[];
    active: readonly ActiveProvider[];
    providerParts: readonly ProviderDailyAggregate[];
    timeZone: string;
  },
  mark?: MetricsDeps['markFileOutingsCovered'],
) {
  const held = new OutingIndex(input.held);
  const marks = input.files.activities.flatMap((activity) => {
    if (activity.covered_by !== null) return [];
    const match = held.find(activity);
    return match ? [{ activity, provider: match.provider_type }] : [];
  });
  if (mark && marks.length > 0) await mark(userId, marks);
  return fileDailyParts({
    fileActivities: input.files.activities,
    fileStepDays: input.files.stepDays,
    heldProviderActivities: input.held,
    activeProviders: new Set(input.active.map((entry) => entry.provider)),
    providerParts: input.providerParts,
    timeZone: input.timeZone,
  });
}

export interface ActiveProvider {
  provider: ProviderType;
  connectedAt: string;
  /** The connection's generation (connection-fence.ts); absent for one stored before generations existed. */
  generation?: string | null;
}

export async function activeProvidersOf(
  userId: string,
  options: { consistent?: boolean } = {},
): Promise<ActiveProvider[]> {
  return (await listConnections(userId, options))
    .filter((connection) => connection.isActive)
    .map(({ provider, connectedAt, generation }) => ({ provider, connectedAt, generation }));
}

/**
 * What a recalculation's writes hold to: every connection as it read them (active ones still the same generation,
 * the others still not active), so totals computed from a provider a disconnect has just ended are never stored after
 * the disconnect's own cleanup. An active connection with no generation (stored before they existed) is not checked.
 */
function fencesOf(userId: string, active: readonly ActiveProvider[]): ConnectionFence[] {
  return PROVIDER_TYPES.flatMap((provider): ConnectionFence[] => {
    const connection = active.find((entry) => entry.provider === provider);
    if (!connection) return [{ userId, provider, generation: null }];
    return connection.generation ? [{ userId, provider, generation: connection.generation }] : [];
  });
}

/** A recalculation whose fence broke is run again on fresh reads, at most this many times in all. */
const RECALCULATE_ATTEMPTS = 3;

export function activeProviderMap(active: readonly ActiveProvider[]): Map<ProviderType, string> {
  return new Map(active.map(({ provider, connectedAt }) => [provider, connectedAt]));
}

export interface RecalculateOptions {
  /** The user's IANA time zone; America/Vancouver until profiles carry one. */
  timeZone?: string;
  /**
   * The connection a job recalculates for: when it is no longer active at this generation, nothing is written
   * (ConnectionEndedError).
   */
  fence?: ConnectionFence;
  /**
   * Re-aggregate only the days an import touched — the local days of this provider's activities
   * fetched at or after `touchedSince` (the import's start). Other days keep their stored parts, except that
   * parts of a disconnected provider and parts whose raw records were deleted at the provider still go.
   */
  only?: { provider: ProviderType; touchedSince: Date };
}

/**
 * Recomputes and stores a user's daily aggregates (one part per provider and local day) and metrics after a
 * sync, an ingest, a deletion or a disconnect. Parts are reconciled with the raw activities still held
 * (reconcileProviderAggregates): history whose raw data was purged stays, a disconnected provider's parts and
 * days deleted at the provider go. Only changed parts are written. Every dependency defaults to DynamoDB.
 */
export async function recalculateUserMetrics(
  userId: string,
  now: Date,
  deps: Partial<MetricsDeps> = {},
  options: RecalculateOptions = {},
): Promise<ActivityMetrics> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await recalculateOnce(userId, now, deps, options);
    } catch (error) {
      // A connection changed between the reads and the writes: whoever changed it recalculates too, but a fresh
      // read costs little. The caller's own connection ending is final.
      if (!(error instanceof ConnectionEndedError) || options.fence || attempt >= RECALCULATE_ATTEMPTS) throw error;
    }
  }
}

async function recalculateOnce(
  userId: string,
  now: Date,
  deps: Partial<MetricsDeps>,
  options: RecalculateOptions,
): Promise<ActivityMetrics> {
  const store: MetricsDeps = {
    ...dynamoMetricsStore,
    listActivities: (id: string) => activitiesForMetrics(id, now),
    // A job's recalculation checks its own connection against what it reads: that read must be current.
    listActiveProviders: (id: string) => activeProvidersOf(id, { consistent: options.fence !== undefined }),
    listFileRecords: (id: string) => fileRecordsOf(id, { consistent: true }),
    markFileOutingsCovered,
    ...deps,
  };
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const only = options.only;

  const [activities, active] = await Promise.all([store.listActivities(userId), store.listActiveProviders(userId)]);
  const fences = fencesOf(userId, active);
  const own = options.fence;
  if (own) {
    const current = active.find((entry) => entry.provider === own.provider)?.generation;
    if (current !== own.generation) throw new ConnectionEndedError(own.provider);
    if (!fences.some((fence) => fence.provider === own.provider)) fences.push(own);
  }
  const localTime = localTimeIn(timeZone);
  const dateOf = (activity: HeldActivity) => localTime(Date.parse(activity.start_time)).date;
  const held = activities.filter((activity) => !Number.isNaN(Date.parse(activity.start_time)));
  const longRangeStart = lastLocalDays(now, timeZone, LONG_RANGE_DAYS).start;
  const oldestHeld = held.reduce<string | undefined>((oldest, activity) => {
    const date = dateOf(activity);
    return oldest === undefined || date < oldest ? date : oldest;
  }, undefined);
  const from = oldestHeld !== undefined && oldestHeld < longRangeStart ? oldestHeld : longRangeStart;
  const stored = await store.listProviderDailyAggregates(userId, { from });

  let touched: ((provider: ProviderType, date: string) => boolean) | undefined;
  if (only) {
    const since = only.touchedSince.getTime();
    const days = new Set(
      held
        .filter(
          (activity) =>
            activity.provider_type === only.provider &&
            (activity.fetched_at === undefined || Date.parse(activity.fetched_at) >= since),
        )
        .map(dateOf),
    );
    touched = (provider, date) => provider === only.provider && days.has(date);
  }

  const parts = reconcileProviderAggregates({
    stored,
    held,
    activeProviders: activeProviderMap(active),
    retentionCutoff: retentionCutoff(now),
    now,
    timeZone,
    touched,
  });
  const key = providerPartKey;
  const storedByKey = new Map(stored.map((part) => [key(part), part]));
  const kept = new Set(parts.map(key));
  const changed = parts.filter((part) => {
    const previous = storedByKey.get(key(part));
    return previous === undefined || !sameProviderDailyAggregate(previous, part);
  });
  const removed = stored.filter((part) => !kept.has(key(part)));
  if (changed.length > 0) await store.saveProviderDailyAggregates(userId, changed, fences);
  if (removed.length > 0) await store.deleteProviderDailyAggregates(userId, removed, fences);

  const fileParts = await filePartsFor(
    userId,
    { files: await store.listFileRecords(userId), held, active, providerParts: parts, timeZone },
    store.markFileOutingsCovered,
  );
  const metrics = computeActivityMetrics(
    combineDailyAggregates([...parts, ...fileParts]),
    { now, timeZone },
    active.map((entry) => entry.provider),
  );
  // Recomputed with the metrics after every import, ingest, deletion and disconnect, so partner matching follows
  // what the member's consented sources hold (their imported files among them), and a Strava import can never
  // change it. Stored whatever the consent: partner search reads it only for members who gave it.
  await store.saveMetrics(userId, metrics, matchingFactsFromParts(parts, { now, timeZone }, fileParts), fences);
  return metrics;
}

/**
 * After a disconnect or a deauthorization: the provider's parts of every day go (older ones too), and the
 * metrics are recomputed from what is left.
 */
export async function forgetProviderMetrics(userId: string, provider: ProviderType, now: Date): Promise<void> {
  await deleteDailyAggregatesOfProvider(userId, provider);
  await recalculateUserMetrics(userId, now);
}

/**
 * The hook a provider's import calls when it is done (`now` = the import's start; everything it stored carries a
 * fetch time at or after it): only the days it touched are re-aggregated.
 */
export function recalculateAfterImport(
  provider: ProviderType,
): (userId: string, now: Date, fence?: ConnectionFence) => Promise<void> {
  return async (userId, now, fence) => {
    await recalculateUserMetrics(userId, now, {}, { only: { provider, touchedSince: now }, fence });
  };
}
