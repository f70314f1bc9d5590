import type { DailyAggregate } from '../shared/schemas/metrics';
import { PACE_BANDS } from '../shared/schemas/profile-plain';
import { paceBandOfSpeed, SPEED_BANDS_KMH } from '../shared/pace-bands';
import type { OutdoorActivity } from '../shared/schemas/profile';

/** A coarse pace band per activity; never the pace itself (design §1: no activity numbers to other users). */
export { PACE_BANDS };
export type PaceBand = (typeof PACE_BANDS)[number];
export type PaceBands = Partial<Record<OutdoorActivity, PaceBand>>;

/** How many recent days of a user's daily aggregates their pace bands are taken from. */
export const PACE_WINDOW_DAYS = 90;

/** Which outdoor activity a provider's activity type counts as ('TrailRun' → running); null for the rest. */
export function outdoorActivityOf(providerType: string): OutdoorActivity | null {
  const type = providerType.toLowerCase();
  if (type.includes('run')) return 'running';
  if (type.includes('swim')) return 'swimming';
  if (type.includes('climb') || type.includes('boulder')) return 'climbing';
  if (type.includes('ski') || type.includes('snowboard')) return 'skiing';
  if (type.includes('ride') || type.includes('cycl') || type.includes('bik')) return 'cycling';
  if (type.includes('hike') || type.includes('hiking') || type.includes('walk')) return 'hiking';
  return null;
}

/** Days with too little movement tell nothing about pace. */
const MIN_DAY_MINUTES = 10;
const MIN_DAY_KM = 0.2;
/** At least this many single-activity days before a band is given. */
const MIN_DAYS_FOR_BAND = 2;

/**
 * A user's pace band per activity, from their own daily aggregates: only days with one activity type
 * (so distance and minutes belong to it), the median speed of those days, then banded. Activities with
 * too few such days get no band, and matching then leaves pace out.
 */
export function paceBandsFromDailyAggregates(days: readonly DailyAggregate[]): PaceBands {
  const speeds = new Map<OutdoorActivity, number[]>();
  for (const day of days) {
    const types = Object.keys(day.types);
    if (types.length !== 1) continue;
    const activity = outdoorActivityOf(types[0]!);
    if (!activity || !SPEED_BANDS_KMH[activity]) continue;
    const km = day.distanceMeters / 1000;
    if (day.minutes < MIN_DAY_MINUTES || km < MIN_DAY_KM) continue;
    const list = speeds.get(activity) ?? [];
    list.push(km / (day.minutes / 60));
    speeds.set(activity, list);
  }
  const bands: PaceBands = {};
  for (const [activity, list] of speeds) {
    if (list.length < MIN_DAYS_FOR_BAND) continue;
    bands[activity] = paceBandOfSpeed(activity, median(list))!;
  }
  return bands;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
