import { canonicalActivityType } from '../shared/activity-types';

/**
 * When two records are one outing: the same activity type, starts at most two minutes apart and durations within
 * 5 % of the longer one. A file and a provider (or two files) describe the same walk with slightly different clocks
 * and auto-pause rules; these bounds absorb that and still keep two walks of one morning apart.
 */
export const SAME_START_WITHIN_MS = 2 * 60_000;
export const SAME_DURATION_WITHIN = 0.05;

/** The fields dedup reads; both a file's summary and a provider's UnifiedActivity have them. */
export interface OutingRecord {
  activity_type: string;
  start_time: string;
  duration_seconds: number;
}

export function isSameOuting(a: OutingRecord, b: OutingRecord): boolean {
  if (canonicalActivityType(a.activity_type) !== canonicalActivityType(b.activity_type)) return false;
  const startA = Date.parse(a.start_time);
  const startB = Date.parse(b.start_time);
  if (Number.isNaN(startA) || Number.isNaN(startB) || Math.abs(startA - startB) > SAME_START_WITHIN_MS) return false;
  const longer = Math.max(a.duration_seconds, b.duration_seconds);
  return longer === 0 || Math.abs(a.duration_seconds - b.duration_seconds) <= longer * SAME_DURATION_WITHIN;
}

/** How much a record says: its fields that hold a value (null and undefined say nothing). */
export function richness(record: object): number {
  return Object.values(record).filter((value) => value !== null && value !== undefined).length;
}

/** Which of two copies of one outing to keep: the richer; on a tie the one already kept, so a re-import changes nothing. */
export function richerOf<T extends object>(kept: T, other: T): T {
  return richness(other) > richness(kept) ? other : kept;
}

export type DedupDecision<T> = { kind: 'new' } | { kind: 'already_here'; match: T };

/** Whether an incoming record is an outing already among `existing` (the first match). */
export function dedupDecision<T extends OutingRecord>(
  incoming: OutingRecord,
  existing: readonly T[],
): DedupDecision<T> {
  const match = existing.find((record) => isSameOuting(incoming, record));
  return match === undefined ? { kind: 'new' } : { kind: 'already_here', match };
}

/**
 * One copy of every outing: each record joins the first kept record it is the same outing as, and the richer of the
 * two stays. Order matters only on ties (the earlier stays).
 */
export function distinctOutings<T extends OutingRecord>(records: readonly T[]): T[] {
  const kept: T[] = [];
  for (const record of records) {
    const index = kept.findIndex((other) => isSameOuting(record, other));
    if (index === -1) kept.push(record);
    else kept[index] = richerOf(kept[index]!, record);
  }
  return kept;
}

/**
 * Records by type and two-minute slot, so finding the same outing among thousands looks at a few neighbours instead
 * of every record (an archive of 5,000 outings against 5,000 stored ones).
 */
export class OutingIndex<T extends OutingRecord> {
  private readonly slots = new Map<string, T[]>();

  constructor(records: Iterable<T> = []) {
    for (const record of records) this.add(record);
  }

  add(record: T): void {
    const key = slotKey(record, 0);
    if (key === null) return;
    const slot = this.slots.get(key);
    if (slot) slot.push(record);
    else this.slots.set(key, [record]);
  }

  /** The first record that is the same outing as `record`, if any. */
  find(record: OutingRecord, where: (candidate: T) => boolean = () => true): T | undefined {
    for (const shift of [0, -1, 1]) {
      const key = slotKey(record, shift);
      const match = key === null ? undefined : this.slots.get(key)?.find((c) => where(c) && isSameOuting(record, c));
      if (match) return match;
    }
    return undefined;
  }
}

function slotKey(record: OutingRecord, shift: number): string | null {
  const start = Date.parse(record.start_time);
  if (Number.isNaN(start)) return null;
  return `${canonicalActivityType(record.activity_type)}#${Math.floor(start / SAME_START_WITHIN_MS) + shift}`;
}
