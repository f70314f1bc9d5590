import {
  buildDailyAggregates,
  combineDailyAggregates,
  emptyDailyAggregate,
  type AggregatableActivity,
} from '../shared/analysis/daily-aggregates';
import type { ProviderType } from '../shared/schemas/activity';
import type { FileActivitySummary, FileDailySteps } from '../shared/schemas/file-import';
import type { DailyAggregate } from '../shared/schemas/metrics';
import { OutingIndex, richerOf, type OutingRecord } from './file-import-dedup';

/** A stored file outing: its import, and the provider whose copy of it was held when it arrived (if any). */
export interface StoredFileActivity extends FileActivitySummary {
  import_id: string;
  covered_by: ProviderType | null;
}

export interface StoredFileStepDay extends FileDailySteps {
  import_id: string;
}

export interface FilePartsInput {
  fileActivities: readonly StoredFileActivity[];
  fileStepDays: readonly StoredFileStepDay[];
  /** The provider activities still held (retention applied): a file copy of one of them is counted by its provider. */
  heldProviderActivities: readonly OutingRecord[];
  /** Providers connected now: a file copy covered by one of them is counted in that provider's (stored) day parts. */
  activeProviders: ReadonlySet<ProviderType>;
  /** The providers' day parts: a day whose steps a provider counts takes no steps from files. */
  providerParts: readonly DailyAggregate[];
  timeZone: string;
}

/**
 * The outings from files that count: one per outing (the richest file copy), and none that a provider already
 * counts — a provider's copy stays counted in its own day parts, which outlive its raw records, so the file copy
 * steps aside (while that provider is connected; after a disconnect the file copy counts again).
 */
export function countedFileOutings(
  input: Omit<FilePartsInput, 'fileStepDays' | 'providerParts' | 'timeZone'>,
): StoredFileActivity[] {
  const held = new OutingIndex(input.heldProviderActivities);
  // Each outing joins the cluster of the first copy it matches; the cluster keeps its richest copy.
  const clusters: { kept: StoredFileActivity; covered: boolean }[] = [];
  const clusterOf = new Map<StoredFileActivity, (typeof clusters)[number]>();
  const firsts = new OutingIndex<StoredFileActivity>();
  for (const activity of input.fileActivities) {
    const covered =
      (activity.covered_by !== null && input.activeProviders.has(activity.covered_by)) ||
      held.find(activity) !== undefined;
    const first = firsts.find(activity);
    const cluster = first === undefined ? undefined : clusterOf.get(first);
    if (!cluster) {
      const created = { kept: activity, covered };
      clusters.push(created);
      clusterOf.set(activity, created);
      firsts.add(activity);
    } else {
      cluster.kept = richerOf(cluster.kept, activity);
      cluster.covered ||= covered;
    }
  }
  return clusters.filter((cluster) => !cluster.covered).map((cluster) => cluster.kept);
}

/**
 * The files' share of each local day, to be combined with the providers' parts (combineDailyAggregates). Steps: a
 * day counted by two exports is the same day (the larger count), and a day a provider already counts steps for takes
 * none from files.
 */
export function fileDailyParts(input: FilePartsInput): DailyAggregate[] {
  const outings = countedFileOutings(input).map(
    // Aggregation reads no provider from an activity; files have none.
    (activity) => ({ ...activity, steps: null }) as unknown as AggregatableActivity,
  );
  const days = buildDailyAggregates(outings, input.timeZone);
  const providerStepDays = new Set(
    combineDailyAggregates(input.providerParts)
      .filter((day) => day.steps > 0)
      .map((day) => day.date),
  );
  const stepsByDate = new Map<string, number>();
  for (const { date, steps } of input.fileStepDays)
    if (!providerStepDays.has(date)) stepsByDate.set(date, Math.max(stepsByDate.get(date) ?? 0, steps));
  const stepParts = [...stepsByDate].map(([date, steps]) => ({ ...emptyDailyAggregate(date), steps }));
  return combineDailyAggregates([...days, ...stepParts]);
}
