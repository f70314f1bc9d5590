import type { PACE_BANDS, OUTDOOR_ACTIVITIES } from './schemas/profile-plain';

type PaceBand = (typeof PACE_BANDS)[number];
type OutdoorActivity = (typeof OUTDOOR_ACTIVITIES)[number];

/**
 * Speed thresholds in km/h between relaxed|steady and steady|fast. Running: 6:30 and 5:00 min/km;
 * cycling 20 and 28 km/h; hiking 3.5 and 5 km/h; swimming 3:00 and 2:00 min/100 m. Climbing and skiing
 * have no pace worth comparing (vertical, lift-served).
 */
export const SPEED_BANDS_KMH: Partial<Record<OutdoorActivity, readonly [number, number]>> = {
  running: [60 / 6.5, 12],
  cycling: [20, 28],
  hiking: [3.5, 5],
  swimming: [2, 3],
};

/** The band of a speed in an activity (null for an activity without pace bands). */
export function paceBandOfSpeed(activity: OutdoorActivity, kmh: number): PaceBand | null {
  const bands = SPEED_BANDS_KMH[activity];
  if (!bands) return null;
  const [steady, fast] = bands;
  return kmh >= fast ? 'fast' : kmh >= steady ? 'steady' : 'relaxed';
}
